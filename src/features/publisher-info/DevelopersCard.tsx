import { Badge, Button, Card, Flex, Heading, Table, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import type { Developer } from '../../../contract/schemas/developer';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable } from '../../components/DataTable';
import { ListState } from '../../components/ListState';
import { formatDateTime } from '../../lib/format';
import { toast } from '../../lib/toast';
import { developersQuery, useRemoveDeveloper } from './api';
import { infoText, roleLabels } from './strings';

const AddUserDialog = lazy(() => import('./AddUserDialog'));
const ChangeRoleDialog = lazy(() => import('./ChangeRoleDialog'));

/** The dialogs that add to the team or change it, named by the address (the route's search): Add User, or Change Role of a developer. */
export type TeamDialog = { kind: 'add' } | { kind: 'role'; developerId: string } | null;

/**
 * The developers table (SPEC §2): Add User and Change Role with publisher update (their dialogs follow the
 * address: `dialog` and `onDialog`), Remove with publisher delete.
 */
export function DevelopersCard({
  canUpdate,
  canDelete,
  meId,
  dialog,
  onDialog,
}: {
  canUpdate: boolean;
  canDelete: boolean;
  meId: string;
  dialog: TeamDialog;
  onDialog: (dialog: TeamDialog) => void;
}) {
  const { data, isPending, error } = useQuery(developersQuery);
  const [removing, setRemoving] = useState<Developer | null>(null);
  const remove = useRemoveDeveloper();
  const close = () => onDialog(null);
  // Who may update the team sees its dialogs, whatever the address says; once they have been offered, a dialog stays
  // until closed, even when its change takes that right away (an owner making themselves a developer).
  const [mayOpen, setMayOpen] = useState(canUpdate);
  if (canUpdate && !mayOpen) setMayOpen(true);
  // A developer no longer listed has no Change Role.
  const roleOf = mayOpen && dialog?.kind === 'role' ? data?.find((d) => d._id === dialog.developerId) : undefined;
  return (
    <Card size="3">
      <Flex direction="column" gap="3">
        <Flex justify="between" align="center" gap="3" wrap="wrap">
          <Heading as="h2" size="4">
            Developers
          </Heading>
          {canUpdate && <Button onClick={() => onDialog({ kind: 'add' })}>{infoText.addUser}</Button>}
        </Flex>
        <ListState
          isPending={isPending}
          error={error}
          empty={data?.length === 0}
          loading="Loading the developers…"
          emptyTitle="No developers"
          emptyText="Add people of your cloud account with Add User."
        >
          {data && (
            <DataTable caption="Developers">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeaderCell>Name</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Email</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Role</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Last activity</Table.ColumnHeaderCell>
                  {(canUpdate || canDelete) && <Table.ColumnHeaderCell>Actions</Table.ColumnHeaderCell>}
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {data.map((d) => (
                  <Table.Row key={d._id}>
                    <Table.RowHeaderCell>
                      {d.firstName} {d.lastName}{' '}
                      {d._id === meId && (
                        <Text size="1" color="gray">
                          (you)
                        </Text>
                      )}
                    </Table.RowHeaderCell>
                    <Table.Cell>{d.email}</Table.Cell>
                    <Table.Cell>
                      <Badge color={d.role === 'owner' ? 'indigo' : 'gray'} highContrast>
                        {roleLabels[d.role]}
                      </Badge>
                    </Table.Cell>
                    <Table.Cell>{d.lastActivityDate ? formatDateTime(d.lastActivityDate) : '—'}</Table.Cell>
                    {(canUpdate || canDelete) && (
                      <Table.Cell>
                        <Flex gap="2">
                          {canUpdate && (
                            <Button
                              size="1"
                              variant="soft"
                              onClick={() => onDialog({ kind: 'role', developerId: d._id })}
                              aria-label={`${infoText.changeRole}: ${d.firstName} ${d.lastName}`}
                            >
                              {infoText.changeRole}
                            </Button>
                          )}
                          {canDelete && (
                            <Button
                              size="1"
                              variant="soft"
                              color="red"
                              onClick={() => setRemoving(d)}
                              aria-label={`${infoText.remove}: ${d.firstName} ${d.lastName}`}
                            >
                              {infoText.remove}
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
      </Flex>
      <Suspense>
        {mayOpen && dialog?.kind === 'add' && <AddUserDialog onClose={close} />}
        {roleOf && <ChangeRoleDialog key={roleOf._id} developer={roleOf} onClose={close} />}
      </Suspense>
      {removing && (
        <ConfirmDialog
          title="Remove this developer?"
          text={`${removing.firstName} ${removing.lastName} will no longer have access to this publisher. Their cloud account stays, and they can be added again.`}
          yes={infoText.remove}
          no="Cancel"
          danger
          onYes={() => {
            remove.mutate(removing._id, { onSuccess: () => toast.success(infoText.removed), onError: (err) => toast.failure(err) });
            setRemoving(null);
          }}
          onNo={() => setRemoving(null)}
        />
      )}
    </Card>
  );
}
