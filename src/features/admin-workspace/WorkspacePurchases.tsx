import { ReloadIcon } from '@radix-ui/react-icons';
import { Box, Button, Flex, Link, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { InfoDialog } from '../../components/InfoDialog';
import { ListState } from '../../components/ListState';
import { PageLoader } from '../../components/PageLoader';
import { cloudAdminUrl, PurchaseDetails } from '../../components/purchases/PurchaseDetails';
import { PurchasesTable } from '../../components/purchases/PurchasesTable';
import { ScreenHeader } from '../../components/ScreenHeader';
import { configQuery } from '../../lib/account';
import { toast } from '../../lib/toast';
import { workspacePurchasesQuery, workspaceQuery, workspaceRecordQuery } from './api';
import { workspaceText } from './strings';

function RecordDialog({ id, cloudUrl, onClose }: { id: string; cloudUrl: string; onClose: () => void }) {
  const { data, isPending, isError } = useQuery(workspaceRecordQuery(id));
  return (
    <InfoDialog title="Purchase Record Information" description={data ? data.app.name : 'A purchase record of this workspace.'} onClose={onClose}>
      {isPending ? (
        <PageLoader label="Loading the purchase record…" />
      ) : isError ? (
        <Text color="red">The purchase record could not be loaded.</Text>
      ) : (
        <PurchaseDetails detail={data} cloudUrl={cloudUrl} />
      )}
    </InfoDialog>
  );
}

/**
 * SPEC §3 workspace purchase records: App Name, Date, Pricing Info, Details (a modal). A workspace that
 * does not exist, or purchases that do not load, say so (SPEC §8) and go back to the lookup.
 */
export function WorkspacePurchases({
  workspaceId,
  onBack,
  onResolved,
}: {
  workspaceId: string;
  onBack: () => void;
  /** Named by another of its ids (its client id): the workspace's own id, for the address to show it. */
  onResolved: (id: string) => void;
}) {
  const workspace = useQuery(workspaceQuery(workspaceId));
  const purchases = useQuery(workspacePurchasesQuery(workspaceId));
  const cloudUrl = useQuery(configQuery).data?.cloudUrl ?? '';
  const [open, setOpen] = useState<string>();
  const failure = workspace.isError ? workspaceText.notFound : purchases.isError ? workspaceText.purchasesFailed : null;
  useEffect(() => {
    if (!failure) return;
    toast.error(failure);
    onBack();
  }, [failure, onBack]);
  const ws = workspace.data;
  useEffect(() => {
    if (ws && ws.id !== workspaceId) onResolved(ws.id);
  }, [ws, workspaceId, onResolved]);
  return (
    <Box p={{ initial: '3', sm: '6' }}>
      <ScreenHeader title={ws ? `Workspace: ${ws.nickname}` : 'Workspace'}>
        <Flex gap="2">
          <Button variant="soft" onClick={onBack}>
            Look up another
          </Button>
          <Button variant="soft" onClick={() => void purchases.refetch()} loading={purchases.isFetching && !purchases.isPending}>
            <ReloadIcon aria-hidden /> Refresh
          </Button>
        </Flex>
      </ScreenHeader>
      {ws && (
        <Text as="p" size="2" color="gray" mb="4">
          {ws.id} ·{' '}
          <Link href={cloudAdminUrl(cloudUrl, 'workspaces', ws.id)} target="_blank" rel="noreferrer">
            {ws.address}
          </Link>
        </Text>
      )}
      <ListState
        isPending={purchases.isPending || workspace.isPending}
        error={null}
        empty={purchases.data?.length === 0}
        loading="Loading the workspace’s purchases…"
        emptyTitle="No purchase records"
        emptyText="This workspace has not bought or subscribed to any app."
      >
        {purchases.data && (
          <PurchasesTable
            caption="Purchase records of the workspace"
            purchases={purchases.data}
            dateHeader="Date"
            details={(p) => (
              <Button size="1" variant="soft" onClick={() => setOpen(p._id)} aria-label={`Details of ${p.appName}, ${p.date}`}>
                Details
              </Button>
            )}
          />
        )}
      </ListState>
      {open && <RecordDialog id={open} cloudUrl={cloudUrl} onClose={() => setOpen(undefined)} />}
    </Box>
  );
}
