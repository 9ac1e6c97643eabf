import { Badge, Box, Button, Card, DataList, Flex, Heading, Link as ThemeLink, Table, Text } from '@radix-ui/themes';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { PAYOUT_MINIMUM } from '../../../contract/schemas/publisher';
import { AppsTable } from '../../components/app/AppsTable';
import { flagSetText, IrreversibleDialog, type Irreversible } from '../../components/app/IrreversibleDialog';
import { DataTable } from '../../components/DataTable';
import { ListState } from '../../components/ListState';
import { Section } from '../../components/Section';
import { configQuery } from '../../lib/account';
import { formatDateTime, formatMoney } from '../../lib/format';
import { toast } from '../../lib/toast';
import { ActivityTable } from './ActivityTable';
import { adminPublisherQuery, publisherAppsQuery, publisherBundlesQuery, publisherDevelopersQuery, useSetAppFlag } from './api';
import { flagLabels, systemRoleLabels } from './strings';

const EditPublisherDrawer = lazy(() => import('./EditPublisherDrawer'));
const ContactDrawer = lazy(() => import('./ContactDrawer'));
// Forms load when opened: the profile itself needs neither zod nor the selects.
const PayoutDialog = lazy(() => import('./PayoutDialog').then((m) => ({ default: m.PayoutDialog })));
const DeveloperEditDialog = lazy(() => import('./DeveloperDialogs').then((m) => ({ default: m.DeveloperEditDialog })));
const DeveloperRoleDialog = lazy(() => import('./DeveloperDialogs').then((m) => ({ default: m.DeveloperRoleDialog })));

/**
 * What the profile's address opens (one at a time): `edit`, the publisher's id (Edit Publisher); `developer`,
 * `role` or `systemRole`, a developer's id (Edit Developer, Change Role, Change System Role).
 */
export type ProfileSearch = { edit?: string; developer?: string; role?: string; systemRole?: string };
/** What opens without the address: contacting, paying out, and the irreversible changes to an app. */
type Open = { kind: 'contact' | 'payout' } | { kind: Irreversible; appId: string; name: string } | null;
type Can = { update: boolean; admin: boolean; appsUpdate: boolean };

const link = (href: string) =>
  href ? (
    <ThemeLink href={href} target="_blank" rel="noopener noreferrer">
      {href}
    </ThemeLink>
  ) : (
    <Text color="gray">—</Text>
  );

/** The admin publisher profile (SPEC §2): details and operations, developers, apps and bundles. */
export function AdminPublisherProfile({ id, can, search, onSearch }: { id: string; can: Can; search: ProfileSearch; onSearch: (next: ProfileSearch) => void }) {
  const { data: publisher } = useSuspenseQuery(adminPublisherQuery(id));
  const { data: config } = useSuspenseQuery(configQuery);
  const developers = useQuery(publisherDevelopersQuery(id));
  const apps = useQuery(publisherAppsQuery(id));
  const bundles = useQuery(publisherBundlesQuery(id));
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const closeSearch = () => onSearch({});
  const developer = (devId: string | undefined) => (devId ? developers.data?.find((d) => d._id === devId) : undefined);
  const editing = can.update && search.edit === id;
  const editingDeveloper = can.update ? developer(search.developer) : undefined;
  const changingRole = can.update ? developer(search.role) : undefined;
  const changingSystemRole = can.update && can.admin ? developer(search.systemRole) : undefined;
  const canPayout = can.update && !!publisher.stripeAccountId && publisher.stripeAvailableBalance >= PAYOUT_MINIMUM;
  const flag = useSetAppFlag(id);

  return (
    <Box p={{ initial: '3', sm: '6' }}>
      <Flex justify="between" align="start" gap="3" wrap="wrap" mb="4">
        <Box>
          <Heading as="h1" size="6">
            {publisher.name}
          </Heading>
          <Flex gap="1" mt="1" wrap="wrap">
            <Badge color={publisher.isRegistered ? 'green' : 'orange'} highContrast>
              {publisher.isRegistered ? 'Registered' : 'Not registered'}
            </Badge>
            {(Object.keys(flagLabels) as (keyof typeof flagLabels)[])
              .filter((f) => publisher[f])
              .map((f) => (
                <Badge key={f} color="gray" highContrast>
                  {flagLabels[f]}
                </Badge>
              ))}
          </Flex>
        </Box>
        {can.update && (
          <Flex gap="2" wrap="wrap">
            <Button variant="soft" onClick={() => onSearch({ edit: id })}>
              Edit
            </Button>
            <Button variant="soft" onClick={() => setOpen({ kind: 'contact' })}>
              Contact
            </Button>
            {canPayout && <Button onClick={() => setOpen({ kind: 'payout' })}>Payout</Button>}
          </Flex>
        )}
      </Flex>

      <Card size="2" mb="5">
        <DataList.Root orientation={{ initial: 'vertical', sm: 'horizontal' }}>
          <DataList.Item>
            <DataList.Label>Location</DataList.Label>
            <DataList.Value>{[publisher.city, publisher.state, publisher.country].filter(Boolean).join(', ') || '—'}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>Terms of Service</DataList.Label>
            <DataList.Value>{link(publisher.tosLink)}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>Privacy Policy</DataList.Label>
            <DataList.Value>{link(publisher.privacyLink)}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>Payment account</DataList.Label>
            <DataList.Value>{publisher.stripeAccountId || <Text color="gray">Not connected</Text>}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>Available balance</DataList.Label>
            <DataList.Value>{formatMoney(publisher.stripeAvailableBalance)}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>Pending balance</DataList.Label>
            <DataList.Value>{formatMoney(publisher.stripePendingBalance)}</DataList.Value>
          </DataList.Item>
        </DataList.Root>
      </Card>

      <Flex direction="column" gap="5">
        <Section title="Developers">
          <ListState
            isPending={developers.isPending}
            error={developers.error}
            empty={developers.data?.length === 0}
            loading="Loading the developers…"
            emptyTitle="No developers"
            emptyText="Nobody belongs to this publisher."
          >
            {developers.data && (
              <DataTable caption="Developers">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeaderCell>Name</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell>Email</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell>{config.productName}.Chat username</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell>Role</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell>System role</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell>Last activity</Table.ColumnHeaderCell>
                    {can.update && <Table.ColumnHeaderCell>Actions</Table.ColumnHeaderCell>}
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {developers.data.map((d) => (
                    <Table.Row key={d._id}>
                      <Table.RowHeaderCell>
                        {d.firstName} {d.lastName}
                      </Table.RowHeaderCell>
                      <Table.Cell>{d.email}</Table.Cell>
                      <Table.Cell>{d.chatUsername}</Table.Cell>
                      <Table.Cell style={{ textTransform: 'capitalize' }}>{d.role}</Table.Cell>
                      <Table.Cell>{systemRoleLabels[d.systemRole]}</Table.Cell>
                      <Table.Cell>{d.lastActivityDate ? formatDateTime(d.lastActivityDate) : '—'}</Table.Cell>
                      {can.update && (
                        <Table.Cell>
                          <Flex gap="2">
                            <Button size="1" variant="soft" onClick={() => onSearch({ developer: d._id })} aria-label={`Edit ${d.firstName} ${d.lastName}`}>
                              Edit
                            </Button>
                            <Button size="1" variant="soft" onClick={() => onSearch({ role: d._id })} aria-label={`Role of ${d.firstName} ${d.lastName}`}>
                              Role
                            </Button>
                            {can.admin && (
                              <Button
                                size="1"
                                variant="soft"
                                onClick={() => onSearch({ systemRole: d._id })}
                                aria-label={`System role of ${d.firstName} ${d.lastName}`}
                              >
                                System Role
                              </Button>
                            )}
                          </Flex>
                        </Table.Cell>
                      )}
                    </Table.Row>
                  ))}
                </Table.Body>
              </DataTable>
            )}
          </ListState>
        </Section>

        <Section title="Apps">
          <ListState
            isPending={apps.isPending}
            error={apps.error}
            empty={apps.data?.length === 0}
            loading="Loading the apps…"
            emptyTitle="No apps"
            emptyText="This publisher has not uploaded an app."
          >
            {apps.data && (
              <AppsTable
                apps={apps.data}
                to="/publisher/admin/apps/$id"
                actions={
                  can.appsUpdate
                    ? (a) => (
                        <Flex gap="2" wrap="wrap">
                          <Button
                            size="1"
                            variant="soft"
                            disabled={a.isEnterpriseOnly}
                            onClick={() => setOpen({ kind: 'premium', appId: a.appId, name: a.latest.name })}
                            aria-label={`${a.isEnterpriseOnly ? 'Premium-only' : 'Make premium-only'}: ${a.latest.name}`}
                          >
                            {a.isEnterpriseOnly ? 'Premium-only' : 'Make premium-only'}
                          </Button>
                          <Button
                            size="1"
                            variant="soft"
                            disabled={a.isUsageBased}
                            onClick={() => setOpen({ kind: 'usage', appId: a.appId, name: a.latest.name })}
                            aria-label={`${a.isUsageBased ? 'Usage-based' : 'Make usage-based'}: ${a.latest.name}`}
                          >
                            {a.isUsageBased ? 'Usage-based' : 'Make usage-based'}
                          </Button>
                        </Flex>
                      )
                    : undefined
                }
              />
            )}
          </ListState>
        </Section>

        <Section title="Bundles">
          <ListState
            isPending={bundles.isPending}
            error={bundles.error}
            empty={bundles.data?.length === 0}
            loading="Loading the bundles…"
            emptyTitle="No bundles"
            emptyText="This publisher has no app bundles."
          >
            {bundles.data && <AppsTable apps={bundles.data} to="/publisher/admin/bundles/$id" caption="Bundles" />}
          </ListState>
        </Section>

        <Section title="Activity">
          <ActivityTable publisherId={id} />
        </Section>
      </Flex>

      <Suspense>
        {editing && <EditPublisherDrawer publisher={publisher} onClose={closeSearch} />}
        {open?.kind === 'contact' && <ContactDrawer publisher={publisher} onClose={close} />}
        {open?.kind === 'payout' && <PayoutDialog publisher={publisher} onClose={close} />}
        {editingDeveloper && (
          <DeveloperEditDialog key={editingDeveloper._id} publisherId={id} developer={editingDeveloper} product={config.productName} onClose={closeSearch} />
        )}
        {changingRole && <DeveloperRoleDialog key={changingRole._id} publisherId={id} developer={changingRole} system={false} onClose={closeSearch} />}
        {changingSystemRole && (
          <DeveloperRoleDialog key={changingSystemRole._id} publisherId={id} developer={changingSystemRole} system onClose={closeSearch} />
        )}
      </Suspense>
      {(open?.kind === 'premium' || open?.kind === 'usage') && (
        <IrreversibleDialog
          kind={open.kind}
          pending={flag.isPending}
          onClose={close}
          onConfirm={(value) =>
            flag.mutate(
              { kind: open.kind as Irreversible, appId: open.appId, value },
              {
                onSuccess: (_, { kind }) => {
                  toast.success(flagSetText(kind));
                  close();
                },
                onError: (err) => toast.failure(err),
              },
            )
          }
        />
      )}
    </Box>
  );
}
