import { Box, Button, Code, Flex, Heading, Table, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState } from 'react';
import { GITHUB_ACTIONS_ISSUER, TRUST_TEXT as T, type TrustPolicy } from '../../../contract/schemas/tokens';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable } from '../../components/DataTable';
import { ListState } from '../../components/ListState';
import { formatDateTime } from '../../lib/format';
import { toast } from '../../lib/toast';
import { trustQuery, useRemoveTrust } from './api';
import { WorkflowExample } from './WorkflowExample';

// The dialog loads when opened.
const AddTrustDialog = lazy(() => import('./AddTrustDialog'));

type Open = { kind: 'add' } | { kind: 'remove'; policy: TrustPolicy } | null;

const issuerName = (issuer: string) => (issuer === GITHUB_ACTIONS_ISSUER ? T.githubActions : issuer);

/**
 * "Trusted publishing" on the app's page: which CI workflows may submit versions of the app with their own
 * identity token. Everyone who reads the app sees the list; Add and Remove are for those who may update it.
 */
export function TrustedPublishing({ appId, canUpdate }: { appId: string; canUpdate: boolean }) {
  const headingId = useId();
  const { data, isPending, error } = useQuery(trustQuery(appId));
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const remove = useRemoveTrust(appId);
  return (
    <section aria-labelledby={headingId}>
      <Flex justify="between" align="center" gap="3" wrap="wrap" mb="2">
        <Heading as="h2" size="4" id={headingId}>
          {T.title}
        </Heading>
        {canUpdate && (
          <Button variant="soft" onClick={() => setOpen({ kind: 'add' })}>
            {T.add}
          </Button>
        )}
      </Flex>
      <Text as="p" size="2" color="gray" mb="3">
        {T.intro}
      </Text>
      <ListState isPending={isPending} error={error} empty={false} loading="Loading the trusted publishers…" emptyTitle={T.title} emptyText={T.empty}>
        {data?.length === 0 && (
          <Text as="p" size="2" color="gray">
            {T.empty}
          </Text>
        )}
        {!!data?.length && (
          <DataTable caption={T.title}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>{T.columns.repository}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>{T.columns.workflow}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>{T.columns.environment}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>{T.columns.ref}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>{T.columns.issuer}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>{T.columns.added}</Table.ColumnHeaderCell>
                {canUpdate && <Table.ColumnHeaderCell>{T.columns.actions}</Table.ColumnHeaderCell>}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {data.map((p) => (
                <Table.Row key={p.id}>
                  <Table.RowHeaderCell>
                    <Code variant="ghost">{p.repository}</Code>
                  </Table.RowHeaderCell>
                  <Table.Cell>
                    <Code variant="ghost">{p.workflow}</Code>
                  </Table.Cell>
                  <Table.Cell>{p.environment ?? <Text color="gray">{T.any}</Text>}</Table.Cell>
                  <Table.Cell>{p.ref ? <Code variant="ghost">{p.ref}</Code> : <Text color="gray">{T.any}</Text>}</Table.Cell>
                  <Table.Cell>
                    <Text title={p.issuer}>{issuerName(p.issuer)}</Text>
                  </Table.Cell>
                  <Table.Cell>
                    <Text style={{ whiteSpace: 'nowrap' }}>{formatDateTime(p.createdAt)}</Text>
                    <Text as="div" size="1" color="gray">
                      {T.addedBy} {p.createdBy}
                    </Text>
                  </Table.Cell>
                  {canUpdate && (
                    <Table.Cell>
                      <Button
                        size="1"
                        variant="soft"
                        color="red"
                        onClick={() => setOpen({ kind: 'remove', policy: p })}
                        aria-label={`${T.remove}: ${p.repository} ${p.workflow}`}
                      >
                        {T.remove}
                      </Button>
                    </Table.Cell>
                  )}
                </Table.Row>
              ))}
            </Table.Body>
          </DataTable>
        )}
      </ListState>
      <Box mt="3">
        <WorkflowExample appId={appId} policy={data?.[0]} />
      </Box>
      <Suspense>{open?.kind === 'add' && <AddTrustDialog appId={appId} onClose={close} />}</Suspense>
      {open?.kind === 'remove' && (
        <ConfirmDialog
          title={T.removeTitle}
          text={`${open.policy.repository} · ${open.policy.workflow}: ${T.removeText}`}
          yes={T.remove}
          no="Cancel"
          danger
          onYes={() => {
            remove.mutate(open.policy.id, { onSuccess: () => toast.success(T.removed), onError: (err) => toast.failure(err) });
            close();
          }}
          onNo={close}
        />
      )}
    </section>
  );
}
