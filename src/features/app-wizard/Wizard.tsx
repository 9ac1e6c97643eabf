import { Box, Callout, Card, Heading } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { fromPromise } from 'xstate';
import { appWizard, stepTitles, wizardSteps, wizardText, type StepId, type WizardKind } from '../../../machines/app-wizard';
import { readOnlyReason } from '../../../machines/read-only';
import { PageLoader } from '../../components/PageLoader';
import { ResultPage } from '../../components/ResultPage';
import { useWizardWrites, wizardAppQuery, wizardVersionQuery } from './api';
import type { StepProps } from './StepFooter';
import { StepIndicator } from './StepIndicator';

// Each step is a chunk of its own: a wizard loads the step it shows.
const UploadStep = lazy(() => import('./UploadStep').then((m) => ({ default: m.UploadStep })));
const DetailsStep = lazy(() => import('./DetailsStep').then((m) => ({ default: m.DetailsStep })));
const PricingStep = lazy(() => import('./PricingStep').then((m) => ({ default: m.PricingStep })));
const InfoStep = lazy(() => import('./InfoStep').then((m) => ({ default: m.InfoStep })));
const ChangesStep = lazy(() => import('./ChangesStep').then((m) => ({ default: m.ChangesStep })));
const SubmissionStep = lazy(() => import('./SubmissionStep').then((m) => ({ default: m.SubmissionStep })));

export type WizardPlace = { appId?: string; versionId?: string; index: number };

/** The step index of the URL: a whole number, else NaN (the 404 step). */
export const stepIndex = (step: string | undefined) => (step === undefined ? 0 : /^\d+$/.test(step) ? Number(step) : Number.NaN);

/**
 * The three wizards (SPEC §2) on the app-wizard machine: the URL holds the step, the machine decides
 * whether it may be shown, saves through `saveStep`, submits through `submitVersion`, and navigates
 * through `showStep` / `leave`.
 */
export function Wizard({
  kind,
  appId,
  versionId,
  step,
  canCreatePaidApps,
  canAskForPaidApps = false,
  go,
  leave,
}: {
  kind: WizardKind;
  appId?: string;
  versionId?: string;
  step?: string;
  canCreatePaidApps: boolean;
  /** Whether the user may ask the marketplace team for paid apps (the publisher's owners). */
  canAskForPaidApps?: boolean;
  go: (place: WizardPlace) => void;
  leave: (appId: string) => void;
}) {
  const writes = useWizardWrites();
  const nav = useRef({ go, leave });
  nav.current = { go, leave };
  const [snapshot, send] = useMachine(
    appWizard.provide({
      actors: {
        saveStep: fromPromise(({ input }) => writes.save(input)),
        submitVersion: fromPromise(({ input }) => writes.submit(input)),
      },
      actions: {
        showStep: ({ context }) => nav.current.go({ appId: context.appId || undefined, versionId: context.versionId || undefined, index: context.index }),
        leave: ({ context }) => nav.current.leave(context.appId),
      },
    }),
    { input: { kind, appId, versionId } },
  );
  const index = stepIndex(step);
  // The URL is where the user asked to be (a link, refresh, back/forward): the machine decides.
  useEffect(() => {
    send({ type: 'GOTO', index });
  }, [index, send]);

  const { context } = snapshot;
  const app = useQuery({ ...wizardAppQuery(context.appId), enabled: context.appId !== '' });
  const latest = app.data?.latest;
  // The lifecycle machine says whether this version's content may still change (the server asks it too).
  const version = useQuery({ ...wizardVersionQuery(context.appId, context.versionId), enabled: context.appId !== '' && context.versionId !== '' });
  const title =
    kind === 'new'
      ? wizardText.newTitle
      : kind === 'update'
        ? latest
          ? `Upload an Update for: ${latest.name} v${latest.version}`
          : 'Upload an Update'
        : latest
          ? `Edit the details of ${latest.name}`
          : 'Edit the details';

  if (snapshot.matches('notFound')) return <ResultPage status={404} title={wizardText.unknownStep} />;
  const steps = wizardSteps[kind];
  const stepId: StepId = steps[context.index]!;
  const busy = snapshot.matches('saving') || snapshot.matches('submitting');
  const props: StepProps = {
    kind,
    appId: context.appId,
    versionId: context.versionId,
    busy,
    isFirst: context.index === 0,
    isLast: context.index === steps.length - 1,
    onBack: () => send({ type: 'BACK' }),
    onNext: (changed, data) => send({ type: 'NEXT', changed, data }),
    onSubmit: () => send({ type: 'SUBMIT' }),
    // The app's latest version, when it is another one: an update on its way, which carries the listing from here on.
    readOnly: version.data ? readOnlyReason(stepId, version.data, latest && latest.id !== version.data.id ? latest.version : null) : undefined,
  };
  const body = {
    upload: <UploadStep {...props} />,
    details: <DetailsStep {...props} />,
    pricing: <PricingStep {...props} canCreatePaidApps={canCreatePaidApps} canAskForPaidApps={canAskForPaidApps} />,
    screenshots: <InfoStep {...props} withScreenshots />,
    info: <InfoStep {...props} withScreenshots />,
    changes: <ChangesStep {...props} />,
    submission: <SubmissionStep {...props} submitted={snapshot.matches('submitted') || snapshot.matches('finished')} />,
  }[stepId];

  return (
    <Box p={{ initial: '3', sm: '6' }} maxWidth="880px">
      <Heading as="h1" size="6" mb="4">
        {title}
      </Heading>
      <StepIndicator
        titles={steps.map((s) => stepTitles[s])}
        current={context.index}
        onGo={(i) => nav.current.go({ appId: context.appId || undefined, versionId: context.versionId || undefined, index: i })}
      />
      <Card size="3">
        <Heading as="h2" size="4" mb="3">
          {stepTitles[stepId]}
        </Heading>
        {context.error && (
          <Callout.Root color="red" role="alert" mb="3">
            <Callout.Text>{context.error}</Callout.Text>
          </Callout.Root>
        )}
        <Suspense fallback={<PageLoader label="Loading the step…" />}>{body}</Suspense>
      </Card>
    </Box>
  );
}
