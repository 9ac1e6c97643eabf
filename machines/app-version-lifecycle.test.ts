import { describe, expect, it } from 'vitest';
import { getNextSnapshot } from 'xstate';
import { versionStatuses } from '../contract/schemas/app';
import { documentedEdges, edgeKey, machineEdges, specEdges, specRules, type Edge } from '../tests/model/lifecycle-spec';
import {
  appVersionLifecycle,
  lifecycleSnapshot,
  noteShown,
  offeredActions,
  shownDisabledActions,
  versionActions,
  type LifecycleContext,
} from './app-version-lifecycle';

/**
 * The machine against SPEC §4's action lists, literally (tests/model/lifecycle-spec.ts), and against the
 * differences docs/lifecycle.md lists with their reasons. The paths generated from the machine run against
 * the real server in tests/model/lifecycle.model.test.ts.
 */
const machine = machineEdges();
const spec = specEdges();
const { beyond, narrower } = documentedEdges();
const matches = (a: Edge, b: Edge) =>
  a.who === b.who && a.kind === b.kind && a.from === b.from && a.event === b.event && (a.to === b.to || a.to === '*' || b.to === '*');
const inList = (list: Edge[]) => (e: Edge) => list.some((x) => matches(x, e));

describe('the lifecycle machine against SPEC §4', () => {
  it('takes no transition that neither SPEC §4 nor docs/lifecycle.md "Beyond SPEC §4" names', () => {
    const unnamed = machine.filter((e) => !inList(spec)(e) && !inList(beyond)(e));
    expect(unnamed.map(edgeKey)).toEqual([]);
  });

  it('takes every transition of SPEC §4 but those docs/lifecycle.md "Narrower than SPEC §4" names', () => {
    const missing = spec.filter((e) => !inList(machine)(e) && !inList(narrower)(e));
    expect(missing.map(edgeKey)).toEqual([]);
  });

  it('documents only differences that exist', () => {
    // A "beyond" row the machine does not take, or that the spec names anyway, is stale.
    expect(beyond.filter((e) => !inList(machine)(e) || inList(spec)(e)).map(edgeKey)).toEqual([]);
    // A "narrower" row must be a spec transition the machine really does not take.
    expect(narrower.filter((e) => !inList(spec)(e) || machine.some((m) => matches(m, e) && m.to === e.to)).map(edgeKey)).toEqual([]);
  });

  it('quotes a spec line for every rule', () => {
    for (const rule of specRules) expect(rule.line.length).toBeGreaterThan(5);
  });

  // What each person is offered in each status: the spec's actions, plus the documented additions, less
  // the documented omissions (SAVE is not offered: it is asked by every content write).
  const kinds: [string, LifecycleContext][] = [
    ['publisher, app', { actor: 'publisher', isBundle: false }],
    ['publisher, bundle', { actor: 'publisher', isBundle: true }],
    ['staff, app', { actor: 'staff', isBundle: false }],
    ['staff, bundle', { actor: 'staff', isBundle: true }],
  ];
  for (const [name, context] of kinds) {
    const kind = context.isBundle ? 'bundle' : 'app';
    it.each([...versionStatuses])(`offers ${name} exactly SPEC §4's actions (± docs/lifecycle.md) in %s`, (status) => {
      const expected = versionActions.filter((action) => {
        const e: Edge = { who: context.actor, kind, from: status, event: action, to: '*' };
        return (inList(spec)(e) && !narrower.some((n) => matches(n, e) && !beyond.some((b) => matches(b, e)))) || inList(beyond)(e);
      });
      expect(offeredActions(status, context)).toEqual(expected);
    });
  }
});

describe('the lifecycle rules', () => {
  it('says which note each status shows and what is shown disabled (SPEC §4)', () => {
    const statuses = [...versionStatuses];
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
      expect(lifecycleSnapshot('compiling', { actor, isBundle: false }).can({ type: 'COMPILE_SUCCEEDED' })).toBe(false);
    }
    expect(lifecycleSnapshot('compiling', { actor: 'system', isBundle: false }).can({ type: 'COMPILE_FAILED' })).toBe(true);
  });

  it('never compiles bundles', () => {
    for (const status of versionStatuses) expect(lifecycleSnapshot(status, { actor: 'staff', isBundle: true }).can({ type: 'COMPILE' })).toBe(false);
  });
});
