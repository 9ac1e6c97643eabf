import type { RuntimeAdds, RuntimeReport } from '../../../contract/schemas/runtime';

/** Each kind of thing a started app adds, how it is named in a sentence, and how one is told from another. */
const KINDS: { of: keyof RuntimeAdds; noun: string; key: (x: never) => string; shown: (k: string) => string }[] = [
  { of: 'slashCommands', noun: 'slash command', key: (c: { command: string }) => c.command, shown: (k) => `\`/${k}\`` },
  { of: 'settings', noun: 'setting', key: (s: { id: string }) => s.id, shown: (k) => `\`${k}\`` },
  {
    of: 'apiEndpoints',
    noun: 'API endpoint',
    key: (e: { methods: string[]; path: string }) => `${e.methods.join(', ')} ${e.path}`.trim(),
    shown: (k) => `\`${k}\``,
  },
  { of: 'actionButtons', noun: 'action button', key: (b: { actionId: string }) => b.actionId, shown: (k) => `\`${k}\`` },
  { of: 'externalComponents', noun: 'contextual bar', key: (c: { name: string }) => c.name, shown: (k) => `\`${k}\`` },
  { of: 'processors', noun: 'scheduled job', key: (p: { id: string }) => p.id, shown: (k) => `\`${k}\`` },
  { of: 'videoConfProviders', noun: 'video conference provider', key: (p: string) => p, shown: (k) => `\`${k}\`` },
  { of: 'events', noun: 'event handler', key: (e: string) => e, shown: (k) => `\`${k}\`` },
];

/**
 * What starting two versions showed changed, as sentences for the version diff: "adds slash command `/export`",
 * "removes setting `token`", and whether one starts and the other does not. Empty when either was not started.
 */
export function compareRuntime(from: RuntimeReport | null, to: RuntimeReport | null): string[] {
  if (!from || !to) return [];
  const out: string[] = [];
  if (from.outcome === 'started' && to.outcome !== 'started') out.push('no longer starts in Apps-Engine');
  if (from.outcome !== 'started' && to.outcome === 'started') out.push('now starts in Apps-Engine');
  for (const kind of KINDS) {
    const before = new Set((from.adds[kind.of] as never[]).map(kind.key));
    const after = new Set((to.adds[kind.of] as never[]).map(kind.key));
    for (const k of after) if (!before.has(k)) out.push(`adds ${kind.noun} ${kind.shown(k)}`);
    for (const k of before) if (!after.has(k)) out.push(`removes ${kind.noun} ${kind.shown(k)}`);
  }
  const hostsBefore = new Set(from.http.map((h) => hostOf(h.url)));
  for (const h of new Set(to.http.map((x) => hostOf(x.url)))) if (!hostsBefore.has(h)) out.push(`now tries to reach ${h} while starting`);
  return out;
}

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};
