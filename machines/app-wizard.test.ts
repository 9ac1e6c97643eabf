import { describe, expect, it } from 'vitest';
import { getInitialSnapshot, getNextSnapshot, type EventObject } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { transitionTour } from '../tests/model/coverage';
import { appWizard, wizardSteps, type WizardEvent, type WizardInput, type WizardKind } from './app-wizard';

/** The outcomes of the calls, as the events the invoked actors send. */
const saved: WizardEvent = { type: 'xstate.done.actor.save', output: { appId: 'app-1', versionId: 'ver-1' }, actorId: 'save' };
const saveFailed: WizardEvent = { type: 'xstate.error.actor.save', error: new Error('Failed to update the App Details.'), actorId: 'save' };
const submittedOk: WizardEvent = { type: 'xstate.done.actor.submit', output: undefined, actorId: 'submit' };
const submitFailed: WizardEvent = { type: 'xstate.error.actor.submit', error: new Error('The package is still compiling.'), actorId: 'submit' };
const delay: WizardEvent = { type: 'xstate.done.actor.pause', output: undefined, actorId: 'pause' };

const events: WizardEvent[] = [
  { type: 'NEXT', changed: true, data: {} },
  { type: 'NEXT', changed: false },
  { type: 'BACK' },
  { type: 'GOTO', index: 0 },
  { type: 'GOTO', index: 2 },
  { type: 'GOTO', index: 9 },
  { type: 'SUBMIT' },
  saved,
  saveFailed,
  submittedOk,
  submitFailed,
  delay,
];

const serialize = (s: { value: unknown; context: { index: number; appId: string; error: string } }) =>
  JSON.stringify([s.value, s.context.index, s.context.appId !== '', s.context.error !== '']);

const inputs: [string, WizardInput][] = [
  ['new', { kind: 'new' }],
  ['update', { kind: 'update', appId: 'app-1' }],
  ['edit', { kind: 'edit', appId: 'app-1', versionId: 'ver-1' }],
];

describe('the wizard machine', () => {
  for (const [name, input] of inputs) {
    it(`${name}: every path of the tour keeps the step in range and the rules of SPEC §2`, () => {
      const model = createTestModel(appWizard, { events: events as never, input, serializeState: serialize as never });
      const paths = transitionTour(model, serialize, getInitialSnapshot(appWizard, input)) as { steps: { event: EventObject }[] }[];
      expect(paths.length).toBeGreaterThan(5);
      const steps = wizardSteps[input.kind];
      for (const path of paths) {
        let snapshot = getInitialSnapshot(appWizard, input);
        for (const { event } of path.steps) {
          if (event.type === 'xstate.init') continue;
          const next = getNextSnapshot(appWizard, snapshot, event as never);
          expect(next.context.index).toBeGreaterThanOrEqual(0);
          expect(next.context.index).toBeLessThan(steps.length);
          // Back from step 0 and forward past the last step do nothing.
          if (snapshot.value === 'editing' && event.type === 'BACK' && snapshot.context.index === 0) expect(next.context.index).toBe(0);
          if (snapshot.value === 'editing' && event.type === 'NEXT' && snapshot.context.index === steps.length - 1 && input.kind !== 'edit') {
            expect([next.value, next.context.index]).toEqual(['editing', snapshot.context.index]);
          }
          // Nothing changed: no save call, just the next step.
          if (
            snapshot.value === 'editing' &&
            event.type === 'NEXT' &&
            !(event as { changed: boolean } & EventObject).changed &&
            snapshot.context.index < steps.length - 1
          ) {
            expect([next.value, next.context.index]).toEqual(['editing', snapshot.context.index + 1]);
          }
          // A failed save stays on the step with the error.
          if (event === saveFailed)
            expect([next.value, next.context.index, next.context.error]).toEqual(['editing', snapshot.context.index, 'Failed to update the App Details.']);
          snapshot = next;
        }
      }
    });
  }

  const run = (kind: WizardKind, input: WizardInput, ...evs: WizardEvent[]) => {
    let snapshot = getInitialSnapshot(appWizard, input);
    for (const e of evs) {
      const next = getNextSnapshot(appWizard, snapshot, e as never);
      snapshot = next;
    }
    void kind;
    return snapshot;
  };

  it('new: an unknown step, or a later step before the upload, is the 404 step', () => {
    expect(run('new', { kind: 'new' }, { type: 'GOTO', index: 7 }).value).toBe('notFound');
    expect(run('new', { kind: 'new' }, { type: 'GOTO', index: 3 }).value).toBe('notFound');
    expect(run('new', { kind: 'new', appId: 'a', versionId: 'v' }, { type: 'GOTO', index: 3 }).context.index).toBe(3);
    expect(run('new', { kind: 'new' }, { type: 'GOTO', index: 7 }, { type: 'GOTO', index: 0 }).value).toBe('editing');
    expect(run('new', { kind: 'new' }, { type: 'GOTO', index: 1.5 }).value).toBe('notFound');
  });

  it('new: the upload gives the app and version the later steps work on', () => {
    const s = run('new', { kind: 'new' }, { type: 'NEXT', changed: true, data: 'zip' }, saved);
    expect([s.value, s.context.index, s.context.appId, s.context.versionId]).toEqual(['editing', 1, 'app-1', 'ver-1']);
  });

  it('new: submitting on the last step waits 1.5 s, then leaves', () => {
    const last = run('new', { kind: 'new', appId: 'a', versionId: 'v' }, { type: 'GOTO', index: 4 });
    expect(run('new', { kind: 'new' }, { type: 'SUBMIT' }).value).toBe('editing');
    const submitted = getNextSnapshot(appWizard, getNextSnapshot(appWizard, last, { type: 'SUBMIT' }), submittedOk as never);
    expect(submitted.value).toBe('submitted');
    expect(getNextSnapshot(appWizard, submitted, delay as never).status).toBe('done');
  });

  it('edit: Save and finish on the last step saves, then leaves', () => {
    const s = run('edit', { kind: 'edit', appId: 'a', versionId: 'v' }, { type: 'GOTO', index: 2 }, { type: 'NEXT', changed: true, data: {} }, saved);
    expect(s.status).toBe('done');
    expect(run('edit', { kind: 'edit', appId: 'a', versionId: 'v' }, { type: 'GOTO', index: 2 }, { type: 'SUBMIT' }).value).toBe('editing');
  });
});
