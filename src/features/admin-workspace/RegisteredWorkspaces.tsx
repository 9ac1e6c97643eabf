import { Badge, Box, Button, Code, Flex, Link as ThemeLink, Table, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { WORKSPACE_TEXT as T, type RegisteredWorkspace, type WorkspaceCredentials } from '../../../contract/schemas/workspaces';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable } from '../../components/DataTable';
import { ListState } from '../../components/ListState';
import { Pager } from '../../components/Pager';
import { ScreenHeader } from '../../components/ScreenHeader';
import { formatDateTime } from '../../lib/format';
import { useTablePageSize } from '../../lib/page-size';
import { toast } from '../../lib/toast';
import { registeredWorkspacesQuery, useRevokeWorkspace, useRotateWorkspaceSecret } from './api';
import { CredentialsDialog } from './WorkspaceCredentials';
import { WorkspaceLookup } from './WorkspaceLookup';

// The form loads when opened.
const RegisterWorkspaceDialog = lazy(() => import('./RegisterWorkspaceDialog'));

type Open = { kind: 'lookup' } | { kind: 'rotate' | 'revoke'; workspace: RegisteredWorkspace } | { kind: 'rotated'; credentials: WorkspaceCredentials } | null;

const H = T.columns;

/**
 * /publisher/admin/workspace (system admins): the workspace lookup (SPEC §3, opened on arrival as before:
 * View leads to the workspace's purchase records) over the registered Rocket.Chat workspaces (docs/rocketchat.md, Pointing a Rocket.Chat server) —
 * Register workspace, and per workspace Rotate secret and Revoke, each confirmed first. Register workspace follows the
 * address (`registering`; `onRegistering` opens and closes it); arriving with it open, the lookup does not open.
 */
export function RegisteredWorkspaces({
  registering,
  onRegistering,
  onView,
}: {
  registering: boolean;
  onRegistering: (open: boolean) => void;
  onView: (id: string) => void;
}) {
  const size = useTablePageSize();
  const [page, setPage] = useState(1);
  const { data, isPending, error } = useQuery(registeredWorkspacesQuery(page, size));
  const [open, setOpen] = useState<Open>(registering ? null : { kind: 'lookup' });
  const close = () => setOpen(null);
  const rotate = useRotateWorkspaceSecret();
  const revoke = useRevokeWorkspace();
  const registerButton = <Button onClick={() => onRegistering(true)}>{T.register}</Button>;

  return (
    <Box p={{ initial: '3', sm: '6' }}>
      <ScreenHeader title={T.title}>
        <Flex gap="2" wrap="wrap">
          <Button variant="soft" onClick={() => setOpen({ kind: 'lookup' })}>
            {T.lookup}
          </Button>
          {registerButton}
        </Flex>
      </ScreenHeader>
      <Text as="p" size="2" color="gray" mb="4">
        {T.intro}
      </Text>
      <ListState
        isPending={isPending}
        error={error}
        empty={data?.meta.total === 0}
        loading="Loading the registered workspaces…"
        emptyTitle={T.empty}
        emptyText={T.emptyText}
        emptyAction={registerButton}
      >
        {data && (
          <>
            <DataTable caption={T.title}>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeaderCell>{H.nickname}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>{H.address}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>{H.registered}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>{H.lastSeen}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>{H.installedApps}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>{H.actions}</Table.ColumnHeaderCell>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {data.data.map((w) => (
                  <Table.Row key={w.id}>
                    <Table.RowHeaderCell>
                      <Flex direction="column" gap="1" align="start">
                        <Flex gap="2" align="center" wrap="wrap">
                          <ThemeLink asChild weight="medium">
                            <Link to="/publisher/admin/workspace/{-$workspaceId}" params={{ workspaceId: w.id }}>
                              {w.nickname}
                            </Link>
                          </ThemeLink>
                          {w.revokedAt && <Badge color="red">{T.revoked}</Badge>}
                        </Flex>
                        <Text size="1" color="gray" style={{ whiteSpace: 'nowrap' }}>
                          {T.idLabel} <Code variant="ghost">{w.id}</Code>
                        </Text>
                        <Text size="1" color="gray" style={{ whiteSpace: 'nowrap' }}>
                          {T.clientIdLabel} <Code variant="ghost">{w.clientId}</Code> · {T.secretLabel} <Code variant="ghost">{`${w.secretPrefix}…`}</Code>
                        </Text>
                      </Flex>
                    </Table.RowHeaderCell>
                    {/* Wide enough to read (break-all squeezed it to a letter a line); a long address wraps anywhere. */}
                    <Table.Cell style={{ minWidth: 180 }}>
                      <Text style={{ overflowWrap: 'anywhere' }}>{w.address}</Text>
                    </Table.Cell>
                    <Table.Cell>
                      <Text style={{ whiteSpace: 'nowrap' }}>{formatDateTime(w.registeredAt)}</Text>
                      <Text as="div" size="1" color="gray">
                        {T.by} {w.registeredBy}
                      </Text>
                    </Table.Cell>
                    <Table.Cell style={{ whiteSpace: 'nowrap' }}>
                      {w.lastSeenAt ? formatDateTime(w.lastSeenAt) : <Text color="gray">{T.neverSeen}</Text>}
                    </Table.Cell>
                    <Table.Cell>{w.installedApps}</Table.Cell>
                    <Table.Cell>
                      {!w.revokedAt && (
                        <Flex gap="2">
                          <Button
                            size="1"
                            variant="soft"
                            style={{ whiteSpace: 'nowrap' }}
                            onClick={() => setOpen({ kind: 'rotate', workspace: w })}
                            aria-label={`${T.rotate}: ${w.nickname}`}
                          >
                            {T.rotate}
                          </Button>
                          <Button
                            size="1"
                            variant="soft"
                            color="red"
                            onClick={() => setOpen({ kind: 'revoke', workspace: w })}
                            aria-label={`${T.revoke}: ${w.nickname}`}
                          >
                            {T.revoke}
                          </Button>
                        </Flex>
                      )}
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </DataTable>
            <Pager page={page} size={size} total={data.meta.total} onPage={setPage} />
          </>
        )}
      </ListState>

      {open?.kind === 'lookup' && <WorkspaceLookup onView={onView} onCancel={close} />}
      <Suspense>{registering && <RegisterWorkspaceDialog onClose={() => onRegistering(false)} />}</Suspense>
      {open?.kind === 'rotate' && (
        <ConfirmDialog
          title={T.rotateTitle}
          text={`“${open.workspace.nickname}” (${open.workspace.secretPrefix}…): ${T.rotateText}`}
          yes={T.rotate}
          no="Cancel"
          danger
          onYes={() => {
            rotate.mutate(open.workspace.id, {
              onSuccess: (credentials) => setOpen({ kind: 'rotated', credentials }),
              onError: (err) => toast.failure(err),
            });
            close();
          }}
          onNo={close}
        />
      )}
      {open?.kind === 'revoke' && (
        <ConfirmDialog
          title={T.revokeTitle}
          text={`“${open.workspace.nickname}”: ${T.revokeText}`}
          yes={T.revoke}
          no="Cancel"
          danger
          onYes={() => {
            revoke.mutate(open.workspace.id, {
              onSuccess: () => toast.success(T.revokedToast),
              onError: (err) => toast.failure(err),
            });
            close();
          }}
          onNo={close}
        />
      )}
      {open?.kind === 'rotated' && <CredentialsDialog title={T.rotatedTitle} credentials={open.credentials} onClose={close} />}
    </Box>
  );
}
