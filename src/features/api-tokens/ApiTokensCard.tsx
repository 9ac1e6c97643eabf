import { Badge, Button, Card, Code, Flex, Heading, Table, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { TOKEN_TEXT as T, type ApiToken } from '../../../contract/schemas/tokens';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable } from '../../components/DataTable';
import { ListState } from '../../components/ListState';
import { formatDate, formatDateTime } from '../../lib/format';
import { toast } from '../../lib/toast';
import { tokenAppsQuery, tokensQuery, tokenState, useRevokeToken } from './api';

// The dialog (its form and the apps it offers) loads when opened.
const CreateTokenDialog = lazy(() => import('./CreateTokenDialog'));

/**
 * The "API tokens" card of /publisher/info: the publisher's tokens (never their secrets) for everyone who reads
 * apps; Create token and Revoke for those who may update apps (`canUpdate`: the same rule the API applies). The
 * Create token dialog follows the address: the route says whether it is open (`creating`) and opens or closes
 * it (`onCreating`).
 */
export function ApiTokensCard({ canUpdate, creating, onCreating }: { canUpdate: boolean; creating: boolean; onCreating: (open: boolean) => void }) {
  const { data, isPending, error } = useQuery(tokensQuery);
  // App names, only when a token is limited to chosen apps.
  const apps = useQuery({ ...tokenAppsQuery, enabled: !!data?.some((t) => t.appIds) });
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const revoke = useRevokeToken();
  const appNames = (ids: string[] | null) => {
    if (!ids) return T.allApps;
    const names = new Map(apps.data?.map((a) => [a.id, a.name]));
    return ids.map((id) => names.get(id) ?? (apps.data ? T.deletedApp : '…')).join(', ');
  };
  const now = Date.now();
  return (
    <Card size="3" mt="4">
      <Flex direction="column" gap="3">
        <Flex justify="between" align="center" gap="3" wrap="wrap">
          <Heading as="h2" size="4">
            {T.title}
          </Heading>
          {canUpdate && <Button onClick={() => onCreating(true)}>{T.create}</Button>}
        </Flex>
        <Text as="p" size="2" color="gray">
          {T.intro}
        </Text>
        {/* The empty state is a line of this card (the card already has its title and its Create button). */}
        <ListState isPending={isPending} error={error} empty={false} loading="Loading the API tokens…" emptyTitle={T.title} emptyText={T.empty}>
          {data?.length === 0 && <Text color="gray">{T.empty}</Text>}
          {!!data?.length && (
            <DataTable caption={T.title}>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeaderCell>{T.columns.name}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>{T.columns.abilities}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>{T.columns.apps}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>{T.columns.created}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>{T.columns.expires}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>{T.columns.lastUsed}</Table.ColumnHeaderCell>
                  {canUpdate && <Table.ColumnHeaderCell>{T.columns.actions}</Table.ColumnHeaderCell>}
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {data.map((t) => {
                  const state = tokenState(t, now);
                  return (
                    <Table.Row key={t.id}>
                      <Table.RowHeaderCell>
                        <Flex direction="column" gap="1" align="start">
                          <Flex gap="2" align="center" wrap="wrap">
                            <Text weight="medium">{t.name}</Text>
                            {state === 'revoked' && <Badge color="red">{T.revoked}</Badge>}
                            {state === 'expired' && <Badge color="gray">{T.expired}</Badge>}
                          </Flex>
                          <Code variant="ghost" color="gray" size="1">{`${t.prefix}…`}</Code>
                        </Flex>
                      </Table.RowHeaderCell>
                      <Table.Cell>
                        <Flex gap="1" wrap="wrap">
                          {t.abilities.map((a) => (
                            <Badge key={a} color={a === 'submit' ? 'indigo' : 'gray'} highContrast style={{ whiteSpace: 'nowrap' }}>
                              {T.abilities[a]}
                            </Badge>
                          ))}
                        </Flex>
                      </Table.Cell>
                      <Table.Cell>{appNames(t.appIds)}</Table.Cell>
                      <Table.Cell>
                        <Text style={{ whiteSpace: 'nowrap' }}>{formatDateTime(t.createdAt)}</Text>
                        <Text as="div" size="1" color="gray">
                          {T.createdBy} {t.createdBy}
                        </Text>
                      </Table.Cell>
                      <Table.Cell style={{ whiteSpace: 'nowrap' }}>{formatDate(t.expiresAt)}</Table.Cell>
                      <Table.Cell>
                        {t.lastUsedAt ? (
                          <>
                            <Text style={{ whiteSpace: 'nowrap' }}>{formatDateTime(t.lastUsedAt)}</Text>
                            {t.lastUsedIp && (
                              <Text as="div" size="1" color="gray">
                                {T.lastUsedFrom}{' '}
                                <Code variant="ghost" color="gray" size="1">
                                  {t.lastUsedIp}
                                </Code>
                              </Text>
                            )}
                          </>
                        ) : (
                          <Text color="gray">{T.neverUsed}</Text>
                        )}
                      </Table.Cell>
                      {canUpdate && (
                        <Table.Cell>
                          {state === 'active' && (
                            <Button size="1" variant="soft" color="red" onClick={() => setRevoking(t)} aria-label={`${T.revoke}: ${t.name}`}>
                              {T.revoke}
                            </Button>
                          )}
                        </Table.Cell>
                      )}
                    </Table.Row>
                  );
                })}
              </Table.Body>
            </DataTable>
          )}
        </ListState>
      </Flex>
      {/* Only who may update apps sees the dialog, whatever the address says. */}
      <Suspense>{canUpdate && creating && <CreateTokenDialog onClose={() => onCreating(false)} />}</Suspense>
      {revoking && (
        <ConfirmDialog
          title={T.revokeTitle}
          text={`“${revoking.name}” (${revoking.prefix}…): ${T.revokeText}`}
          yes={T.revoke}
          no="Cancel"
          danger
          onYes={() => {
            revoke.mutate(revoking.id, { onSuccess: () => toast.success(T.revokedToast), onError: (err) => toast.failure(err) });
            setRevoking(null);
          }}
          onNo={() => setRevoking(null)}
        />
      )}
    </Card>
  );
}
