import { Box, Button, Flex, Link as ThemeLink } from '@radix-ui/themes';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link, Navigate, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { z } from 'zod';
import { isWaitingForReview, type AppVersion } from '../../../contract/schemas/app';
import type { VersionAction } from '../../../machines/app-version-lifecycle';
import { AppHeader } from '../../components/app/AppHeader';
import { CannotSellNote } from '../../components/app/CannotSellNote';
import { RequestPaidApps } from '../../components/pricing/RequestPaidApps';
import { DiagnosticsDialog } from '../../components/app/DiagnosticsDialog';
import { JobsTable } from '../../components/app/JobsTable';
import { PricesTable } from '../../components/app/PricesTable';
import { StatsDialog } from '../../components/app/StatsDialog';
import { appText } from '../../components/app/strings';
import { usePublisherStatusChanges } from '../../components/app/status-changes';
import { VersionsTable } from '../../components/app/VersionsTable';
import { Section } from '../../components/Section';
import { toast } from '../../lib/toast';
import { appQuery, installsQuery, jobQuery, jobsQuery, pricesQuery, statsQuery, versionsQuery } from './api';

// The pricing drawers load when opened.
const ChangePricingDrawer = lazy(() => import('../../components/pricing/ChangePricingDrawer').then((m) => ({ default: m.ChangePricingDrawer })));
const NewPlanDrawer = lazy(() => import('../../components/pricing/NewPlanDrawer').then((m) => ({ default: m.NewPlanDrawer })));
// The publish checks load beside the page (their data is asked for once it shows).
const VersionChecks = lazy(() => import('./VersionChecks').then((m) => ({ default: m.VersionChecks })));
// And what that version did when started in Apps-Engine.
const VersionRuntimeEvidence = lazy(() => import('./VersionRuntimeEvidence').then((m) => ({ default: m.VersionRuntimeEvidence })));
// The listing of the latest version too (its screenshots, its Marketplace preview).
const ListingSection = lazy(() => import('./ListingSection').then((m) => ({ default: m.ListingSection })));

type Version = z.infer<typeof AppVersion>;
type Open = { kind: 'diagnostics'; version: Version } | { kind: 'stats' } | null;
/** The pricing drawers, which the address says are open (`?drawer=`): a refresh or the back button keeps them. */
export type PricingDrawer = 'pricing' | 'plan';

/** What this screen does for a publisher who may change apps, and for one who may only look. */
const changing = new Set<VersionAction>(['EDIT', 'SUBMIT', 'REJECT', 'PUBLISH', 'UNPUBLISH', 'UPLOAD_REVISION', 'VIEW_DIAGNOSTICS', 'EDIT_INFO']);
const looking = new Set<VersionAction>(['VIEW_DIAGNOSTICS']);

/**
 * App detail (SPEC §2): header, prices, versions with their actions, compile jobs; reloads every 10 s.
 * `children` are sections of other features below them (the route composes them; not shown for a bundle).
 * `drawer` is the pricing drawer open (the route's search); `onDrawer` opens one, or closes it with undefined.
 */
export function AppDetail({
  appId,
  canUpdate,
  canCreatePaidApps,
  canAskForPaidApps = false,
  drawer,
  onDrawer,
  children,
}: {
  appId: string;
  canUpdate: boolean;
  canCreatePaidApps: boolean;
  /** Whether the user may ask the marketplace team for paid apps (the publisher's owners). */
  canAskForPaidApps?: boolean;
  drawer?: PricingDrawer;
  onDrawer: (drawer: PricingDrawer | undefined) => void;
  children?: ReactNode;
}) {
  const { data: app } = useSuspenseQuery(appQuery(appId));
  const { data: versions = [] } = useQuery(versionsQuery(appId));
  const { data: jobs = [] } = useQuery(jobsQuery(appId));
  const { data: prices = [] } = useQuery(pricesQuery(appId));
  const { data: stats } = useQuery({ ...statsQuery(appId), enabled: canUpdate });
  // Open dialogs are state here, keyed by version id: the 10-second reload does not close them.
  const [open, setOpen] = useState<Open>(null);
  const { setStatus, change, dialog } = usePublisherStatusChanges(appId);
  const navigate = useNavigate();
  const upload = () => void navigate({ to: '/publisher/update-extended/app/$appId/{-$versionId}/{-$step}', params: { appId } });
  const title = (v: Version) => `${v.name} v${v.version}`;
  // The version whose checks and run are shown: the one waiting for review (its place in the queue), else the latest.
  const checked = versions.find((v) => isWaitingForReview(v.status)) ?? app.latest;

  const run = (action: VersionAction, v: Version) => {
    switch (action) {
      case 'VIEW_DIAGNOSTICS':
        setOpen({ kind: 'diagnostics', version: v });
        return;
      case 'UPLOAD_REVISION':
        return upload();
      case 'EDIT':
      case 'EDIT_INFO':
        return void navigate({ to: '/publisher/edit-details/app/$appId/{-$versionId}/{-$step}', params: { appId, versionId: v.id } });
      case 'REJECT':
      case 'PUBLISH':
      case 'UNPUBLISH':
        return change(action, v);
      case 'SUBMIT':
        setStatus.mutate(
          { versionId: v.id, status: app.isBundle ? 'submitted' : 'author-approved' },
          { onSuccess: () => toast.success(appText.submitted), onError: toast.apiError },
        );
    }
  };

  // A bundle has its own page (its apps and plans; no compile jobs or prices of its own).
  if (app.isBundle) return <Navigate to="/publisher/bundles/$id" params={{ id: appId }} replace />;

  return (
    <Box p={{ initial: '3', sm: '6' }}>
      <Flex direction="column" gap="5">
        <ThemeLink asChild size="2">
          <Link to="/publisher/apps">← Apps</Link>
        </ThemeLink>
        <AppHeader app={app} onStats={() => setOpen({ kind: 'stats' })}>
          {canUpdate && !app.isBundle && (
            <Button variant="soft" onClick={upload}>
              Upload Update
            </Button>
          )}
        </AppHeader>
        <CannotSellNote app={app} viewer="publisher" canConnect={canAskForPaidApps} />
        <Section title="Versions">
          <VersionsTable
            versions={versions}
            actor="publisher"
            isBundle={app.isBundle}
            available={canUpdate ? changing : looking}
            cannotSell={app.cannotSell}
            busy={setStatus.isPending}
            onAction={run}
          />
        </Section>
        <Suspense fallback={null}>
          <ListingSection appId={appId} version={app.latest} canUpdate={canUpdate} />
        </Suspense>
        <Suspense fallback={null}>
          <VersionChecks appId={appId} version={checked} />
        </Suspense>
        <Suspense fallback={null}>
          <VersionRuntimeEvidence appId={appId} version={checked} />
        </Suspense>
        <Section title="Prices">
          {canUpdate && !app.isBundle && (
            <Flex gap="2" mb="2" wrap="wrap">
              <Button variant="soft" onClick={() => onDrawer('pricing')}>
                Change Pricing
              </Button>
              <Button variant="soft" disabled={!canCreatePaidApps} onClick={() => onDrawer('plan')}>
                New pricing plan
              </Button>
            </Flex>
          )}
          {canUpdate && !app.isBundle && !canCreatePaidApps && (
            <Box mb="2">
              <RequestPaidApps canAsk={canAskForPaidApps} />
            </Box>
          )}
          <PricesTable prices={prices} />
        </Section>
        <Section title="Compile jobs">
          <JobsTable jobs={jobs} />
        </Section>
        {children}
      </Flex>
      {/* Only where the buttons that open them are offered. */}
      <Suspense fallback={null}>
        {drawer === 'pricing' && canUpdate && (
          <ChangePricingDrawer
            app={app}
            prices={prices}
            activeSubscriptions={stats?.activeSubscriptions ?? 0}
            canCreatePaidApps={canCreatePaidApps}
            onClose={() => onDrawer(undefined)}
          />
        )}
        {drawer === 'plan' && canUpdate && canCreatePaidApps && <NewPlanDrawer appId={appId} onClose={() => onDrawer(undefined)} />}
      </Suspense>
      {open?.kind === 'stats' && <StatsDialog stats={statsQuery(appId)} installs={installsQuery(appId)} name={app.latest.name} onClose={() => setOpen(null)} />}
      {open?.kind === 'diagnostics' && (
        <DiagnosticsDialog job={jobQuery(appId, open.version.compileJobId)} title={title(open.version)} onClose={() => setOpen(null)} />
      )}
      {dialog}
    </Box>
  );
}
