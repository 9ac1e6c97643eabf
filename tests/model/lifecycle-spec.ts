import { readFileSync } from 'node:fs';
import { getNextSnapshot } from 'xstate';
import { versionStatuses, type VersionStatus } from '../../contract/schemas/app';
import { appVersionLifecycle, lifecycleSnapshot, type LifecycleActor, type LifecycleEvent } from '../../machines/app-version-lifecycle';

/**
 * The oracle of the lifecycle tests: SPEC §4's publisher and admin action lists, literally, one rule per
 * line of the spec. `to` is the status the spec says the action sets; `same` for an action that opens a
 * screen; `*` where the spec names the action but not the status it leads to.
 */
export type Kind = 'app' | 'bundle';
export type Rule = { who: LifecycleActor; kinds: Kind[]; from: VersionStatus[]; event: LifecycleEvent['type']; to: VersionStatus | 'same' | '*'; line: string };

const any: Kind[] = ['app', 'bundle'];
const app: Kind[] = ['app'];
const bundle: Kind[] = ['bundle'];
const all = [...versionStatuses];

export const specRules: Rule[] = [
  // Publisher-side actions by status.
  { who: 'publisher', kinds: any, from: ['draft'], event: 'EDIT', to: 'same', line: 'draft: Edit.' },
  ...(['submitted', 'author-approved', 'compiled'] as const).map((from): Rule => ({
    who: 'publisher',
    kinds: any,
    from: [from],
    event: 'REJECT',
    to: 'rejected',
    line: 'submitted, author-approved, compiled: Reject, with reason prompt; sets status rejected and sends rejectionReason.',
  })),
  {
    who: 'publisher',
    kinds: app,
    from: ['reviewed', 'compiler-error'],
    event: 'UPLOAD_REVISION',
    to: '*',
    line: 'reviewed or compiler-error (not bundle): Upload Revision.',
  },
  {
    who: 'publisher',
    kinds: any,
    from: ['approved', 'unpublished'],
    event: 'PUBLISH',
    to: 'published',
    line: 'approved or unpublished: Publish (sets published).',
  },
  { who: 'publisher', kinds: any, from: ['published'], event: 'UNPUBLISH', to: 'unpublished', line: 'published: Unpublish (sets unpublished).' },
  {
    who: 'publisher',
    kinds: any,
    from: all.filter((s) => s !== 'draft' && s !== 'compiling'),
    event: 'EDIT_INFO',
    to: 'same',
    line: 'any non-draft: Edit info. — and "compiling: no actions."',
  },
  { who: 'publisher', kinds: app, from: ['compiler-error'], event: 'VIEW_DIAGNOSTICS', to: 'same', line: 'compiler-error (not bundle): View Diagnostics.' },
  // Admin actions.
  { who: 'staff', kinds: app, from: ['compiled'], event: 'MAKE_DRAFT', to: 'draft', line: 'compiled: mark as draft' },
  { who: 'staff', kinds: app, from: ['compiled'], event: 'REVIEW', to: 'reviewed', line: 'compiled: review (with note)' },
  { who: 'staff', kinds: app, from: ['compiled'], event: 'APPROVE', to: 'approved', line: 'compiled: approve' },
  { who: 'staff', kinds: app, from: ['compiled'], event: 'REJECT', to: 'rejected', line: 'compiled: reject (with reason)' },
  { who: 'staff', kinds: app, from: ['published'], event: 'UNPUBLISH', to: 'unpublished', line: 'published: unpublish.' },
  { who: 'staff', kinds: app, from: ['approved', 'unpublished'], event: 'PUBLISH', to: 'published', line: 'approved or unpublished: publish.' },
  { who: 'staff', kinds: app, from: ['compiler-error'], event: 'VIEW_DIAGNOSTICS', to: 'same', line: 'compiler-error: view diagnostics.' },
  { who: 'staff', kinds: app, from: all, event: 'COMPILE', to: 'compiling', line: 'Queue compile offered on version rows.' },
  { who: 'staff', kinds: bundle, from: ['submitted'], event: 'APPROVE', to: 'approved', line: 'Bundle list: submitted can be approved' },
  { who: 'staff', kinds: bundle, from: ['submitted'], event: 'REJECT', to: 'rejected', line: 'Bundle list: submitted can be … rejected' },
  { who: 'staff', kinds: bundle, from: ['published'], event: 'UNPUBLISH', to: 'unpublished', line: 'Bundle list: published can be unpublished' },
  {
    who: 'staff',
    kinds: bundle,
    from: ['approved', 'unpublished'],
    event: 'PUBLISH',
    to: 'published',
    line: 'Bundle list: approved or unpublished can be published.',
  },
];

/** One transition: who, on which kind of version, from which status, which event, to which status (`same`: in place; `*`: the spec does not say). */
export type Edge = { who: LifecycleActor; kind: Kind; from: VersionStatus; event: LifecycleEvent['type']; to: VersionStatus | 'same' | '*' };
export const edgeKey = (e: Edge) => `${e.who} ${e.kind} ${e.from} ${e.event} → ${e.to}`;

export const lifecycleEvents: LifecycleEvent[] = [
  { type: 'COMPILE' },
  { type: 'COMPILE_SUCCEEDED' },
  { type: 'COMPILE_FAILED' },
  { type: 'SUBMIT' },
  { type: 'REJECT', reason: 'Stores tokens in messages.' },
  { type: 'REVIEW', note: 'Add a privacy summary.' },
  { type: 'APPROVE' },
  { type: 'MAKE_DRAFT' },
  { type: 'PUBLISH' },
  { type: 'UNPUBLISH' },
  { type: 'EDIT' },
  { type: 'EDIT_INFO' },
  { type: 'UPLOAD_REVISION' },
  { type: 'VIEW_DIAGNOSTICS' },
  { type: 'SAVE' },
  { type: 'SAVE_LISTING' },
];
const actors: LifecycleActor[] = ['publisher', 'staff', 'system'];

/** Every transition the machine takes, found by asking it each event in each status for each caller. */
export function machineEdges(): Edge[] {
  const edges: Edge[] = [];
  for (const who of actors) {
    for (const kind of any) {
      for (const from of all) {
        const snapshot = lifecycleSnapshot(from, { actor: who, isBundle: kind === 'bundle' });
        for (const event of lifecycleEvents) {
          if (!snapshot.can(event)) continue;
          const next = getNextSnapshot(appVersionLifecycle, snapshot, event).value as VersionStatus;
          edges.push({ who, kind, from, event: event.type, to: next === from ? 'same' : next });
        }
      }
    }
  }
  return edges;
}

export const specEdges = (): Edge[] =>
  specRules.flatMap((r) => r.kinds.flatMap((kind) => r.from.map((from) => ({ who: r.who, kind, from, event: r.event, to: r.to }))));

/**
 * The two hand-written tables of docs/lifecycle.md: transitions the machine has beyond SPEC §4
 * ("Beyond SPEC §4") and transitions of the spec the machine does not take ("Narrower than SPEC §4"),
 * each row with its reason. Columns: who | versions (app, bundle, any) | from (comma-separated) | event | to | why.
 */
export function documentedEdges(doc = readFileSync('docs/lifecycle.md', 'utf8')) {
  const table = (heading: string) => {
    const start = doc.indexOf(`## ${heading}`);
    if (start < 0) throw new Error(`docs/lifecycle.md has no "## ${heading}" section`);
    const section = doc
      .slice(start)
      .split(/\n## /)[0]!
      .split('\n')
      .filter((l) => l.startsWith('|'))
      .slice(2);
    return section.flatMap((line) => {
      const [who, versions, from, event, to, why] = line
        .split('|')
        .slice(1, -1)
        .map((c) => c.trim().replace(/`/g, ''));
      if (!why) throw new Error(`docs/lifecycle.md: a row without its reason: ${line}`);
      const kinds: Kind[] = versions === 'any' ? any : [versions as Kind];
      return kinds.flatMap((kind) =>
        from!.split(',').map((f) => ({
          who: who as LifecycleActor,
          kind,
          from: f.trim() as VersionStatus,
          event: event as LifecycleEvent['type'],
          to: to as Edge['to'],
          why,
        })),
      );
    });
  };
  return { beyond: table('Beyond SPEC §4'), narrower: table('Narrower than SPEC §4') };
}
