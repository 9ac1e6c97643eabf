import { Badge, Button, Card, Flex, Heading, Table, Text } from '@radix-ui/themes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import type { Developer } from '../../../contract/schemas/developer';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable } from '../../components/DataTable';
import { ListState } from '../../components/ListState';
import { tsr, unwrap } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { toast } from '../../lib/toast';
import { developersQuery } from './api';
import { infoText, roleLabels } from './strings';

const AddUserDialog = lazy(() => import('./AddUserDialog'));
const ChangeRoleDialog = lazy(() => import('./ChangeRoleDialog'));

type Open = { kind: 'add' } | { kind: 'role'; developer: Developer } | { kind: 'remove'; developer: Developer } | null;

/** The developers table (SPEC §2): Add User and Change Role with publisher update, Remove with publisher delete. */
export function DevelopersCard({ canUpdate, canDelete, meId }: { canUpdate: boolean; canDelete: boolean; meId: string }) {
  const queryClient = useQueryClient();
  const { data, isPending, error } = useQuery(developersQuery);
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const remove = useMutation({
    mutationFn: async (d: Developer) => unwrap(await tsr.publisher.removeDeveloper.mutate({ params: { developerId: d._id }, body: {} })),
    onSuccess: async () => {
      toast.success(infoText.removed);
      await queryClient.invalidateQueries({ queryKey: ['publisher'] });
    },
    onError: (err) => toast.failure(err),
  });
  return (
    <Card size="3">
      <Flex direction="column" gap="3">
        <Flex justify="between" align="center" gap="3" wrap="wrap">
          <Heading as="h2" size="4">
            Developers
          </Heading>
          {canUpdate && <Button onClick={() => setOpen({ kind: 'add' })}>{infoText.addUser}</Button>}
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
                              onClick={() => setOpen({ kind: 'role', developer: d })}
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
                              onClick={() => setOpen({ kind: 'remove', developer: d })}
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
        {open?.kind === 'add' && <AddUserDialog onClose={close} />}
        {open?.kind === 'role' && <ChangeRoleDialog developer={open.developer} onClose={close} />}
      </Suspense>
      {open?.kind === 'remove' && (
        <ConfirmDialog
          title="Remove this developer?"
          text={`${open.developer.firstName} ${open.developer.lastName} will no longer have access to this publisher. Their cloud account stays, and they can be added again.`}
          yes={infoText.remove}
          no="Cancel"
          danger
          onYes={() => {
            remove.mutate(open.developer);
            close();
          }}
          onNo={close}
        />
      )}
    </Card>
  );
}
