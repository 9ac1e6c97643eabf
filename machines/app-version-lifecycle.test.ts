import { afterAll, describe, expect, it } from 'vitest';
import { getNextSnapshot } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { VersionStatus } from '../contract/schemas/app';
import { ModelCoverage, transitionTour } from '../tests/model/coverage';
import { appVersionLifecycle, lifecycleSnapshot, noteShown, offeredActions, shownDisabledActions, type LifecycleContext, type LifecycleEvent, type VersionAction } from './app-version-lifecycle';

/**
 * The oracle: SPEC §4's tables of actions by status, written out by hand for each kind of actor and
 * version. The model-based tour walks every transition of the machine and checks, in every state it
 * reaches, that the actions the machine offers are exactly these.
 */
type Table = Partial<Record<VersionStatus, VersionAction[]>>;
const publisherApp: Table = {
  draft: ['EDIT'],
  compiling: [],
  compiled: ['SUBMIT', 'REJECT', 'EDIT_INFO'],
  'compiler-error': ['UPLOAD_REVISION', 'VIEW_DIAGNOSTICS', 'EDIT_INFO'],
  'author-approved': ['REJECT', 'EDIT_INFO'],
  submitted: ['REJECT', 'EDIT_INFO'],
  reviewed: ['UPLOAD_REVISION', 'EDIT_INFO'],
  rejected: ['EDIT_INFO'],
  'author-rejected': ['EDIT_INFO'],
  approved: ['PUBLISH', 'EDIT_INFO'],
  published: ['UNPUBLISH', 'EDIT_INFO'],
  unpublished: ['PUBLISH', 'EDIT_INFO'],
};
const staffApp: Table = {
  draft: ['COMPILE'],
  compiling: [],
  compiled: ['REVIEW', 'APPROVE', 'REJECT', 'MAKE_DRAFT', 'COMPILE'],
  'compiler-error': ['VIEW_DIAGNOSTICS', 'COMPILE'],
  'author-approved': ['REVIEW', 'APPROVE', 'REJECT', 'COMPILE'],
  submitted: ['APPROVE', 'REJECT'],
  reviewed: ['COMPILE'],
  rejected: ['COMPILE'],
  'author-rejected': ['COMPILE'],
  approved: ['PUBLISH'],
  published: ['UNPUBLISH'],
  unpublished: ['PUBLISH'],
};
const publisherBundle: Table = {
  ...publisherApp,
  draft: ['EDIT', 'SUBMIT'],
  compiled: ['REJECT', 'EDIT_INFO'],
  'compiler-error': ['VIEW_DIAGNOSTICS', 'EDIT_INFO'],
  reviewed: ['EDIT_INFO'],
};
const staffBundle: Table = {
  ...staffApp,
  draft: [],
  compiled: ['APPROVE', 'REJECT', 'MAKE_DRAFT'],
  'compiler-error': ['VIEW_DIAGNOSTICS'],
  'author-approved': ['APPROVE', 'REJECT'],
  reviewed: [],
  rejected: [],
  'author-rejected': [],
};
const systemAny: Table = { compiling: [] };

const events: LifecycleEvent[] = [
  { type: 'COMPILE' }, { type: 'COMPILE_SUCCEEDED' }, { type: 'COMPILE_FAILED' }, { type: 'SUBMIT' },
  { type: 'REJECT', reason: 'Stores tokens in messages.' }, { type: 'REVIEW', note: 'Add a privacy summary.' },
  { type: 'APPROVE' }, { type: 'MAKE_DRAFT' }, { type: 'PUBLISH' }, { type: 'UNPUBLISH' }, { type: 'EDIT' },
  { type: 'EDIT_INFO' }, { type: 'UPLOAD_REVISION' }, { type: 'VIEW_DIAGNOSTICS' }, { type: 'SAVE' },
];

const coverage = new ModelCoverage('app-version-lifecycle', appVersionLifecycle);
afterAll(() => {
  const r = coverage.report();
  expect(r.states.missing).toEqual([]);
  expect(r.transitions.missing).toEqual([]);
});

const serialize = (s: { value: unknown }) => JSON.stringify(s.value);
const statuses = Object.keys(appVersionLifecycle.root.states) as VersionStatus[];

const kinds: [string, LifecycleContext, Table][] = [
  ['publisher, app', { actor: 'publisher', isBundle: false }, publisherApp],
  ['staff, app', { actor: 'staff', isBundle: false }, staffApp],
  ['publisher, bundle', { actor: 'publisher', isBundle: true }, publisherBundle],
  ['staff, bundle', { actor: 'staff', isBundle: true }, staffBundle],
  ['system, app', { actor: 'system', isBundle: false }, systemAny],
];

for (const [name, context, table] of kinds) {
  describe(`lifecycle as ${name}`, () => {
    it.each(statuses)('offers exactly the SPEC §4 actions in %s', (status) => {
      if (table[status]) expect(offeredActions(status, context)).toEqual(table[status]);
    });

    // Walk the graph from every status (the stored status is where a request starts).
    for (const status of statuses) {
      const model = createTestModel(appVersionLifecycle, {
        events,
        input: context,
        serializeState: serialize as never,
      });
      const from = lifecycleSnapshot(status, context);
      const paths = transitionTour(model, serialize, from);
      it(`tours every transition reachable from ${status}`, async () => {
        for (const path of paths as { steps: { event: LifecycleEvent }[] }[]) {
          let snapshot = from;
          coverage.visit(snapshot);
          for (const { event } of path.steps) {
            if (event.type.startsWith('xstate.')) continue;
            const next = getNextSnapshot(appVersionLifecycle, snapshot, event);
            coverage.step(snapshot, event, next);
            snapshot = next;
            const offered = table[snapshot.value as VersionStatus];
            if (offered) expect(offeredActions(snapshot.value as VersionStatus, context), `${name} in ${String(snapshot.value)}`).toEqual(offered);
          }
        }
      });
    }

    // Every event in every status: what the tour cannot reach through (self-loops, a single starting status).
    it('answers every event in every status', () => {
      for (const status of statuses) {
        const before = lifecycleSnapshot(status, context);
        for (const event of events) {
          const next = getNextSnapshot(appVersionLifecycle, before, event);
          coverage.step(before, event, next);
          const offered = table[next.value as VersionStatus];
          if (offered) expect(offeredActions(next.value as VersionStatus, context)).toEqual(offered);
        }
      }
    });
  });
}

describe('the lifecycle rules', () => {
  it('says which note each status shows and what is shown disabled (SPEC §4)', () => {
    expect(statuses.filter((st) => noteShown(st) === 'rejectionNote').sort()).toEqual(['author-rejected', 'rejected']);
    expect(statuses.filter((st) => noteShown(st) === 'reviewedNote').sort()).toEqual(['compiler-error', 'reviewed']);
    expect(statuses.filter((st) => shownDisabledActions(st).length)).toEqual(['rejected']);
    expect(shownDisabledActions('rejected')).toEqual(['PUBLISH']);
  });

  it('gives a publisher’s reject author-rejected and staff’s reject rejected', () => {
    const reject = { type: 'REJECT', reason: 'x' } as const;
    expect(getNextSnapshot(appVersionLifecycle, lifecycleSnapshot('compiled', { actor: 'publisher', isBundle: false }), reject).value).toBe('author-rejected');
    expect(getNextSnapshot(appVersionLifecycle, lifecycleSnapshot('compiled', { actor: 'staff', isBundle: false }), reject).value).toBe('rejected');
  });

  it('lets only the compile worker finish a compile', () => {
    for (const actor of ['publisher', 'staff'] as const) {
      const s = lifecycleSnapshot('compiling', { actor, isBundle: false });
      expect(s.can({ type: 'COMPILE_SUCCEEDED' })).toBe(false);
    }
    expect(lifecycleSnapshot('compiling', { actor: 'system', isBundle: false }).can({ type: 'COMPILE_FAILED' })).toBe(true);
  });

  it('never compiles bundles', () => {
    for (const status of statuses) expect(lifecycleSnapshot(status, { actor: 'staff', isBundle: true }).can({ type: 'COMPILE' })).toBe(false);
  });
});
