import { assign, fromPromise, setup, spawnChild, type DoneActorEvent, type ErrorActorEvent } from 'xstate';

/**
 * The three app wizards of SPEC §2/§5 as one machine configured by `kind`: they share every rule
 * (the step index in the URL, back and forward, unknown steps, save-then-advance, nothing saved when
 * nothing changed) and differ only in their list of steps and in how the last step ends — so one
 * machine with a step table, rather than three machines that would repeat the same graph.
 *
 *   editing ─NEXT (changed)─► saving ─done─► editing (next step) | ─error─► editing (error shown)
 *   editing ─NEXT (unchanged)─► editing (next step, no call)
 *   editing ─BACK─► editing (previous step; none before step 0)
 *   editing ─GOTO (the URL)─► editing | notFound (a step that does not exist, or needs an upload first)
 *   new/update, last step: SUBMIT ─► submitting ─done─► submitted ─1.5 s─► finished (back to the app)
 *   edit, last step:       NEXT ─► saving ─done─► finished ('Save and finish')
 *
 * The calls are the actors `saveStep` and `submitVersion` and the navigation the actions `showStep`
 * and `leave`, all named here and provided by the SPA (and swapped in tests).
 */
export type WizardKind = 'new' | 'update' | 'edit';
export type StepId = 'upload' | 'details' | 'pricing' | 'screenshots' | 'changes' | 'submission' | 'info';

export const wizardSteps: Record<WizardKind, readonly StepId[]> = {
  new: ['upload', 'details', 'pricing', 'screenshots', 'submission'],
  update: ['upload', 'details', 'changes', 'screenshots', 'submission'],
  edit: ['changes', 'details', 'info'],
};

/** SPEC §2 step titles. */
export const stepTitles: Record<StepId, string> = {
  upload: 'Upload App Package',
  details: 'App Details',
  pricing: 'Pricing Information',
  screenshots: 'App Info',
  changes: 'Change Log',
  submission: 'Submit for Review',
  info: 'App Info',
};

export const wizardText = {
  unknownStep: 'Sorry, you seemed to have arrived at a step which does not exist. Huh!',
  newTitle: 'Publish a New App',
} as const;

/** SPEC §5: after submitting, the wizard waits this long before going back to the app. */
export const SUBMITTED_DELAY_MS = 1500;

export type WizardContext = {
  kind: WizardKind;
  index: number;
  appId: string;
  versionId: string;
  error: string;
};
export type WizardInput = { kind: WizardKind; appId?: string; versionId?: string };
export type SaveInput = { step: StepId; appId: string; versionId: string; data: unknown };
export type SaveOutput = { appId?: string; versionId?: string };

export type WizardEvent =
  | { type: 'NEXT'; changed: boolean; data?: unknown }
  | { type: 'BACK' }
  | { type: 'GOTO'; index: number }
  | { type: 'SUBMIT' }
  // The outcomes of the spawned calls.
  | DoneActorEvent<SaveOutput, 'save'>
  | ErrorActorEvent<unknown, 'save'>
  | DoneActorEvent<void, 'submit'>
  | ErrorActorEvent<unknown, 'submit'>
  | DoneActorEvent<void, 'pause'>;

const isLast = ({ context }: { context: WizardContext }) => context.index === wizardSteps[context.kind].length - 1;
const errorText = (e: unknown) => (e instanceof Error ? e.message : typeof e === 'string' ? e : 'The step could not be saved.');

export const appWizard = setup({
  types: { context: {} as WizardContext, input: {} as WizardInput, events: {} as WizardEvent },
  actors: {
    saveStep: fromPromise<SaveOutput, SaveInput>(async () => ({})),
    submitVersion: fromPromise<void, { appId: string; versionId: string }>(async () => undefined),
    pause: fromPromise<void, number>(({ input }) => new Promise((resolve) => setTimeout(resolve, input))),
  },
  actions: {
    /** The URL follows the step (the SPA navigates; a GOTO from that navigation then changes nothing). */
    showStep: () => {},
    /** Back to /publisher/apps/{appId}. */
    leave: () => {},
  },
  guards: {
    isLast,
    changedBeforeLast: ({ context, event }) => event.type === 'NEXT' && event.changed && !isLast({ context }),
    unchangedBeforeLast: ({ context, event }) => event.type === 'NEXT' && !event.changed && !isLast({ context }),
    /** Edit details ends on its last step with 'Save and finish' (saved or not). */
    finishesEdit: ({ context, event }) => event.type === 'NEXT' && context.kind === 'edit' && isLast({ context }),
    canSubmit: ({ context }) => context.kind !== 'edit' && isLast({ context }),
    hasPrevious: ({ context }) => context.index > 0,
    /** A step that exists, and — past the upload — an app and version to work on. */
    reachable: ({ context, event }) =>
      event.type === 'GOTO' &&
      Number.isInteger(event.index) &&
      event.index >= 0 &&
      event.index < wizardSteps[context.kind].length &&
      (event.index === 0 || context.kind === 'edit' || (context.appId !== '' && context.versionId !== '')),
    savedLast: ({ context }) => isLast({ context }),
  },
}).createMachine({
  id: 'wizard',
  context: ({ input }) => ({
    kind: input.kind,
    index: 0,
    appId: input.appId ?? '',
    versionId: input.versionId ?? '',
    error: '',
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        NEXT: [
          { guard: 'changedBeforeLast', target: 'saving' },
          { guard: 'finishesEdit', target: 'saving' },
          { guard: 'unchangedBeforeLast', target: 'editing', actions: [assign({ index: ({ context }) => context.index + 1, error: '' }), 'showStep'] },
        ],
        BACK: { guard: 'hasPrevious', actions: [assign({ index: ({ context }) => context.index - 1, error: '' }), 'showStep'] },
        GOTO: [{ guard: 'reachable', actions: assign({ index: ({ event }) => event.index, error: '' }) }, { target: 'notFound' }],
        SUBMIT: { guard: 'canSubmit', target: 'submitting' },
      },
    },
    // The calls are children spawned on entry (not `invoke`, which xstate/graph's test models refuse);
    // their outcome arrives as the done/error event of the child.
    saving: {
      entry: spawnChild('saveStep', {
        id: 'save',
        input: ({ context, event }) => ({
          step: wizardSteps[context.kind][context.index]!,
          appId: context.appId,
          versionId: context.versionId,
          data: event.type === 'NEXT' ? event.data : undefined,
        }),
      }),
      on: {
        'xstate.done.actor.save': [
          { guard: 'savedLast', target: 'finished' },
          {
            target: 'editing',
            actions: [
              assign({
                index: ({ context }) => context.index + 1,
                appId: ({ context, event }) => (event as DoneActorEvent<SaveOutput>).output?.appId ?? context.appId,
                versionId: ({ context, event }) => (event as DoneActorEvent<SaveOutput>).output?.versionId ?? context.versionId,
                error: '',
              }),
              'showStep',
            ],
          },
        ],
        'xstate.error.actor.save': { target: 'editing', actions: assign({ error: ({ event }) => errorText((event as ErrorActorEvent).error) }) },
      },
    },
    submitting: {
      entry: spawnChild('submitVersion', { id: 'submit', input: ({ context }) => ({ appId: context.appId, versionId: context.versionId }) }),
      on: {
        'xstate.done.actor.submit': { target: 'submitted' },
        'xstate.error.actor.submit': { target: 'editing', actions: assign({ error: ({ event }) => errorText((event as ErrorActorEvent).error) }) },
      },
    },
    // 'Submitted' stays on screen for 1.5 s (a child timer: test models refuse `after` as they refuse `invoke`).
    submitted: {
      entry: spawnChild('pause', { id: 'pause', input: SUBMITTED_DELAY_MS }),
      on: { 'xstate.done.actor.pause': { target: 'finished' } },
    },
    notFound: {
      on: {
        GOTO: { guard: 'reachable', target: 'editing', actions: assign({ index: ({ event }) => event.index, error: '' }) },
      },
    },
    finished: { type: 'final', entry: 'leave' },
  },
});

export type AppWizard = typeof appWizard;
