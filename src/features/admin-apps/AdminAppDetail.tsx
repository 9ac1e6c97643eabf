import { Box, Button, Flex, Link as ThemeLink } from '@radix-ui/themes';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import type { z } from 'zod';
import { REJECTION_REASON_MESSAGE, REVIEW_NOTE_MESSAGE, type AppVersion } from '../../../contract/schemas/app';
import { lifecycleSnapshot, type VersionAction } from '../../../machines/app-version-lifecycle';
import { AppHeader } from '../../components/app/AppHeader';
import { CannotSellNote } from '../../components/app/CannotSellNote';
import { SubmittedWithVersion } from './SubmittedWithVersion';
import { AppsTable } from '../../components/app/AppsTable';
import { PlansTable } from '../../components/bundles/PlansTable';
import { DiagnosticsDialog } from '../../components/app/DiagnosticsDialog';
import { JobsTable } from '../../components/app/JobsTable';
import { NoteDialog } from '../../components/app/NoteDialog';
import { PricesTable } from '../../components/app/PricesTable';
import { StatsDialog } from '../../components/app/StatsDialog';
import { appText } from '../../components/app/strings';
import { VersionsTable } from '../../components/app/VersionsTable';
import { Section } from '../../components/Section';
import { toast } from '../../lib/toast';
import {
  adminAppQuery,
  adminBundleAppsQuery,
  adminInstallsQuery,
  adminJobQuery,
  adminJobsQuery,
  adminPricesQuery,
  adminStatsQuery,
  adminVersionsQuery,
  useMakePremiumOnly,
  useMakeUsageBased,
  useVersionAction,
} from './api';
import { DownloadButtons } from './DownloadButtons';
import { flagSetText, IrreversibleDialog, type Irreversible } from '../../components/app/IrreversibleDialog';
import type { CiteHandle } from './CiteOptions';
import { ActivityLogTable, UsageTable } from './LogTables';
import { staffText } from './strings';

// The publish checks load beside the page (their data is asked for once it shows); what Reject and Review may cite
// (findings, diff lines), when either dialog opens.
const ReviewedVersionChecks = lazy(() => import('./ReviewedVersionChecks').then((m) => ({ default: m.ReviewedVersionChecks })));
// What the version under review did when started in Apps-Engine, likewise.
const ReviewedVersionRuntime = lazy(() => import('./ReviewedVersionRuntime').then((m) => ({ default: m.ReviewedVersionRuntime })));
const CiteOptions = lazy(() => import('./CiteOptions').then((m) => ({ default: m.CiteOptions })));

type Version = z.infer<typeof AppVersion>;
type Open = { kind: 'reject' | 'review' | 'diagnostics'; version: Version } | { kind: 'stats' } | { kind: Irreversible } | null;

const updating = new Set<VersionAction>(['REVIEW', 'APPROVE', 'REJECT', 'PUBLISH', 'UNPUBLISH', 'COMPILE', 'VIEW_DIAGNOSTICS']);
const withoutPackage = new Set<VersionAction>([...updating].filter((a) => a !== 'COMPILE'));
const reading = new Set<VersionAction>(['VIEW_DIAGNOSTICS']);

/** A bundle's apps, linking to their admin pages. */
function BundledApps({ bundleId }: { bundleId: string }) {
  const { data } = useQuery(adminBundleAppsQuery(bundleId));
  return data ? <AppsTable apps={data} to="/publisher/admin/apps/$id" caption="Bundled apps" /> : null;
}

/**
 * Admin app (or bundle) detail (SPEC §2, §3, §4): versions with the staff actions of the lifecycle machine, the publish
 * checks' findings on the version under review, prices, jobs, stats, usage, activity. `changes` (the app route's
 * what-changed view) sits under the versions it compares; `cite` are the diff lines picked there to cite in a Reject
 * or Review note (the address's), `onCite` changes them (cleared once a note citing them is sent).
 */
export function AdminAppDetail({
  appId,
  canUpdate,
  changes,
  cite,
  onCite,
}: {
  appId: string;
  canUpdate: boolean;
  changes?: ReactNode;
  /** As the address has it (the dialogs read it). */
  cite?: unknown;
  onCite?: (next: string[] | undefined) => void;
}) {
  const { data: app } = useSuspenseQuery(adminAppQuery(appId));
  const { data: versions = [] } = useQuery(adminVersionsQuery(appId));
  // A bundle has no compile jobs or prices of its own (its plans are on the app).
  const { data: jobs = [] } = useQuery({ ...adminJobsQuery(appId), enabled: !app.isBundle });
  const { data: prices = [] } = useQuery({ ...adminPricesQuery(appId), enabled: !app.isBundle });
  const [open, setOpen] = useState<Open>(null);
  const citing = useRef<CiteHandle>(null);
  const action = useVersionAction(appId);
  const premium = useMakePremiumOnly(appId);
  const usage = useMakeUsageBased(appId);
  const title = (v: Version) => `${v.name} v${v.version}`;
  const close = () => setOpen(null);
  const latest = app.latest;
  // SPEC §4: mark as draft is not in the version list: the header offers it for the latest version.
  const canMakeDraft = canUpdate && lifecycleSnapshot(latest.status, { actor: 'staff', isBundle: app.isBundle }).can({ type: 'MAKE_DRAFT' });

  const change = (body: Parameters<typeof action.mutate>[0], done: string, before?: string, after?: () => void) => {
    // 'Publishing the app...' is replaced by its outcome, not left beside it.
    const progress = before ? toast.pending(before) : toast;
    action.mutate(body, {
      onSuccess: () => {
        progress.success(done);
        close();
        after?.();
      },
      onError: progress.failure,
    });
  };

  const run = (a: VersionAction, v: Version) => {
    switch (a) {
      case 'REJECT':
      case 'REVIEW':
      case 'VIEW_DIAGNOSTICS':
        setOpen({ kind: a === 'REJECT' ? 'reject' : a === 'REVIEW' ? 'review' : 'diagnostics', version: v });
        return;
      case 'APPROVE':
        return change({ versionId: v.id, action: 'approve' }, staffText.approved(v.name, v.version));
      case 'PUBLISH':
        return change({ versionId: v.id, action: 'publish' }, appText.published, appText.publishing);
      case 'UNPUBLISH':
        return change({ versionId: v.id, action: 'unpublish' }, appText.unpublished, appText.unpublishing);
      case 'COMPILE':
        return change({ versionId: v.id, action: 'compile' }, staffText.compileQueued(v.name, v.version));
    }
  };

  return (
    <Box p={{ initial: '3', sm: '6' }}>
      <Flex direction="column" gap="5">
        <ThemeLink asChild size="2">
          {app.isBundle ? <Link to="/publisher/admin/bundles">← All bundles</Link> : <Link to="/publisher/admin/apps">← All apps</Link>}
        </ThemeLink>
        <AppHeader app={app} onStats={() => setOpen({ kind: 'stats' })}>
          {canMakeDraft && (
            <Button
              variant="soft"
              color="red"
              disabled={action.isPending}
              onClick={() => change({ versionId: latest.id, action: 'make-draft' }, staffText.madeDraft(latest.name, latest.version))}
            >
              Mark as draft
            </Button>
          )}
          {canUpdate && !app.isBundle && (
            <>
              <Button variant="soft" disabled={app.isEnterpriseOnly} onClick={() => setOpen({ kind: 'premium' })}>
                {app.isEnterpriseOnly ? 'Premium-only' : 'Make premium-only'}
              </Button>
              <Button variant="soft" disabled={app.isUsageBased} onClick={() => setOpen({ kind: 'usage' })}>
                {app.isUsageBased ? 'Usage-based' : 'Make usage-based'}
              </Button>
            </>
          )}
        </AppHeader>
        <CannotSellNote app={app} viewer="staff" />
        <Section title="Versions">
          <VersionsTable
            versions={versions}
            actor="staff"
            isBundle={app.isBundle}
            available={(v) => (!canUpdate ? reading : v.packages.source ? updating : withoutPackage)}
            cannotSell={app.cannotSell}
            busy={action.isPending}
            onAction={run}
            extra={canUpdate ? (v) => <DownloadButtons appId={appId} version={v} /> : undefined}
          />
        </Section>
        {!app.isBundle && <SubmittedWithVersion appId={appId} versions={versions} latest={latest} />}
        {!app.isBundle && (
          <Suspense fallback={null}>
            <ReviewedVersionChecks appId={appId} versions={versions} latest={latest} />
          </Suspense>
        )}
        {!app.isBundle && (
          <Suspense fallback={null}>
            <ReviewedVersionRuntime appId={appId} versions={versions} latest={latest} />
          </Suspense>
        )}
        {changes}
        {app.isBundle ? (
          <>
            <Section title="Bundled apps">
              <BundledApps bundleId={appId} />
            </Section>
            <Section title="Pricing plans">
              <PlansTable plans={app.pricingPlans} />
            </Section>
          </>
        ) : (
          <>
            <Section title="Prices">
              <PricesTable prices={prices} />
            </Section>
            <Section title="Compile jobs">
              <JobsTable jobs={jobs} />
            </Section>
            <Section title="Usage records">
              <UsageTable appId={appId} />
            </Section>
          </>
        )}
        <Section title="Activity log">
          <ActivityLogTable appId={appId} />
        </Section>
      </Flex>
      {open?.kind === 'stats' && (
        <StatsDialog stats={adminStatsQuery(appId)} installs={app.isBundle ? undefined : adminInstallsQuery(appId)} name={latest.name} onClose={close} />
      )}
      {open?.kind === 'diagnostics' && <DiagnosticsDialog job={adminJobQuery(appId, open.version.compileJobId)} title={title(open.version)} onClose={close} />}
      {(open?.kind === 'reject' || open?.kind === 'review') && (
        <NoteDialog
          {...(open.kind === 'reject'
            ? {
                title: `Reject ${title(open.version)}`,
                description: 'Say why this version is rejected; the publisher sees the reason with the version.',
                label: 'Reason',
                required: REJECTION_REASON_MESSAGE,
                confirm: 'Reject',
                danger: true,
              }
            : {
                title: `Review ${title(open.version)}`,
                description: 'Ask the publisher for changes; they see this note and can upload a revision.',
                label: 'Changes asked of the publisher',
                required: REVIEW_NOTE_MESSAGE,
                confirm: 'Send review',
              })}
          pending={action.isPending}
          onClose={close}
          onConfirm={(note) => {
            const v = open.version;
            // What the note cites (docs/packages-and-review.md, Review notes); null: more than the API takes (the options say so).
            const citations = citing.current ? citing.current.collect() : [];
            if (!citations) return;
            // Once sent, the lines it cited are no longer picked.
            const clear = cite !== undefined ? () => onCite?.(undefined) : undefined;
            if (open.kind === 'reject')
              change({ versionId: v.id, action: 'reject', rejectionReason: note, citations }, appText.rejected(v.name, v.version), undefined, clear);
            else change({ versionId: v.id, action: 'review', reviewNote: note, citations }, staffText.reviewed(v.name, v.version), undefined, clear);
          }}
        >
          {/* A bundle has no package: nothing to cite. */}
          {!app.isBundle && (
            <Suspense fallback={null}>
              <CiteOptions ref={citing} appId={appId} versionId={open.version.id} cite={cite} onCite={(next) => onCite?.(next)} />
            </Suspense>
          )}
        </NoteDialog>
      )}
      {(open?.kind === 'premium' || open?.kind === 'usage') && (
        <IrreversibleDialog
          kind={open.kind}
          pending={premium.isPending || usage.isPending}
          onClose={close}
          onConfirm={(value) => {
            const done = { onSuccess: () => (toast.success(flagSetText(open.kind)), close()), onError: toast.failure };
            if (open.kind === 'premium') premium.mutate(String(value ?? ''), done);
            else usage.mutate(typeof value === 'number' ? value : undefined, done);
          }}
        />
      )}
    </Box>
  );
}
