import { Box, Flex, Heading, Link as ThemeLink } from '@radix-ui/themes';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { z } from 'zod';
import type { AppVersion } from '../../../contract/schemas/app';
import { toast } from '../../lib/toast';
import { appQuery, jobsQuery, pricesQuery, useSetStatus, versionsQuery } from './api';
import { AppHeader } from './AppHeader';
import { DiagnosticsDialog } from './DiagnosticsDialog';
import { JobsTable } from './JobsTable';
import { PricesTable } from './PricesTable';
import { RejectDialog } from './RejectDialog';
import { appDetailText } from './strings';
import { StatsDialog } from './StatsDialog';
import { VersionsTable, type RowAction } from './VersionsTable';

type Version = z.infer<typeof AppVersion>;
type Open = { kind: 'reject' | 'diagnostics'; version: Version } | { kind: 'stats' } | null;

/** App detail (SPEC §2): header, prices, versions with their actions, compile jobs; reloads every 10 s. */
export function AppDetail({ appId, canUpdate }: { appId: string; canUpdate: boolean }) {
  const { data: app } = useSuspenseQuery(appQuery(appId));
  const { data: versions = [] } = useQuery(versionsQuery(appId));
  const { data: jobs = [] } = useQuery(jobsQuery(appId));
  const { data: prices = [] } = useQuery(pricesQuery(appId));
  // Open dialogs are state here, keyed by version id: the 10-second reload does not close them.
  const [open, setOpen] = useState<Open>(null);
  const setStatus = useSetStatus(appId);
  const title = (v: Version) => `${v.name} v${v.version}`;

  const run = (action: RowAction, v: Version) => {
    switch (action) {
      case 'REJECT':
      case 'VIEW_DIAGNOSTICS':
        setOpen({ kind: action === 'REJECT' ? 'reject' : 'diagnostics', version: v });
        return;
      case 'PUBLISH':
        toast.info(appDetailText.publishing);
        setStatus.mutate({ versionId: v.id, status: 'published' }, { onSuccess: () => toast.success(appDetailText.published), onError: toast.apiError });
        return;
      case 'UNPUBLISH':
        toast.info(appDetailText.unpublishing);
        setStatus.mutate({ versionId: v.id, status: 'unpublished' }, { onSuccess: () => toast.success(appDetailText.unpublished), onError: toast.apiError });
        return;
      case 'SUBMIT':
        setStatus.mutate(
          { versionId: v.id, status: app.isBundle ? 'submitted' : 'author-approved' },
          { onSuccess: () => toast.success(appDetailText.submitted), onError: toast.apiError },
        );
    }
  };

  return (
    <Box p={{ initial: '3', sm: '6' }}>
      <Flex direction="column" gap="5">
        <ThemeLink asChild size="2">
          <Link to="/publisher/apps">← Apps</Link>
        </ThemeLink>
        <AppHeader app={app} onStats={() => setOpen({ kind: 'stats' })} />
        <section aria-labelledby="versions-heading">
          <Heading as="h2" size="4" mb="2" id="versions-heading">
            Versions
          </Heading>
          <VersionsTable versions={versions} isBundle={app.isBundle} canUpdate={canUpdate} busy={setStatus.isPending} onAction={run} />
        </section>
        <section aria-labelledby="prices-heading">
          <Heading as="h2" size="4" mb="2" id="prices-heading">
            Prices
          </Heading>
          <PricesTable prices={prices} />
        </section>
        <section aria-labelledby="jobs-heading">
          <Heading as="h2" size="4" mb="2" id="jobs-heading">
            Compile jobs
          </Heading>
          <JobsTable jobs={jobs} />
        </section>
      </Flex>
      {open?.kind === 'stats' && <StatsDialog appId={appId} name={app.latest.name} onClose={() => setOpen(null)} />}
      {open?.kind === 'diagnostics' && (
        <DiagnosticsDialog appId={appId} jobId={open.version.compileJobId} title={title(open.version)} onClose={() => setOpen(null)} />
      )}
      {open?.kind === 'reject' && (
        <RejectDialog
          title={title(open.version)}
          pending={setStatus.isPending}
          onClose={() => setOpen(null)}
          onReject={(reason) =>
            setStatus.mutate(
              { versionId: open.version.id, status: 'rejected', rejectionReason: reason },
              {
                onSuccess: () => {
                  toast.success(appDetailText.rejected(open.version.name, open.version.version));
                  setOpen(null);
                },
                onError: toast.apiError,
              },
            )
          }
        />
      )}
    </Box>
  );
}
