// Installs read from the install events (server/workspaces/installs/events.ts): nothing else feeds them.
import { sql } from 'drizzle-orm';
import semver from 'semver';
import type { InstallStats } from '../../../contract/workspace-installs';
import type { Db } from '../../db/client';
import { STATS_DAYS } from '../../apps/app-pages';

const DAY_MS = 86_400_000;
type Rows<T> = { rows: T[] };
const rowsOf = async <T>(q: Promise<unknown>) => ((await q) as Rows<T>).rows;

/** Newest version first (semver where both are), others after by name. */
const byVersionDesc = (a: string, b: string) => {
  const [va, vb] = [semver.valid(a), semver.valid(b)];
  if (va && vb) return semver.rcompare(va, vb);
  if (va || vb) return va ? -1 : 1;
  return b.localeCompare(a);
};

/**
 * An app's installs over the last 90 days (UTC, oldest first): each day's installs, updates, uninstalls and
 * downloads, and per version the workspaces running it at the day's end — a workspace runs a version on a day
 * when its latest install event for the app up to that day's end is an install or update of that version.
 * Read in four indexed queries over the app's events: the counts per day, the totals, each workspace's state
 * before the window, and each workspace's last event of each day in it; the rest is one pass over those.
 */
export async function installStats(db: Db, appId: string, now = new Date()): Promise<InstallStats> {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const from = new Date(today - (STATS_DAYS - 1) * DAY_MS).toISOString();
  const dayOf = sql.raw(`floor(extract(epoch from at - '${from}'::timestamptz) / 86400)::int`);
  const [perDay, totals, before, daily] = await Promise.all([
    rowsOf<{ action: string; day: number; n: string | number }>(
      db.execute(sql`SELECT action, ${dayOf} AS day, count(*) AS n FROM app_install_events WHERE app_id = ${appId} AND at >= ${from} GROUP BY 1, 2`),
    ),
    rowsOf<{ action: string; n: string | number }>(db.execute(sql`SELECT action, count(*) AS n FROM app_install_events WHERE app_id = ${appId} GROUP BY 1`)),
    rowsOf<{ workspace_id: string; action: string; app_version: string }>(
      db.execute(sql`
        SELECT DISTINCT ON (workspace_id) workspace_id, action, app_version FROM app_install_events
        WHERE app_id = ${appId} AND action <> 'download' AND at < ${from}
        ORDER BY workspace_id, at DESC, id DESC`),
    ),
    rowsOf<{ workspace_id: string; day: number; action: string; app_version: string }>(
      db.execute(sql`
        SELECT DISTINCT ON (workspace_id, day) workspace_id, day, action, app_version
        FROM (SELECT workspace_id, ${dayOf} AS day, action, app_version, at, id FROM app_install_events
              WHERE app_id = ${appId} AND action <> 'download' AND at >= ${from}) e
        ORDER BY workspace_id, day, at DESC, id DESC`),
    ),
  ]);

  const days = Array.from({ length: STATS_DAYS }, (_, i) => ({
    date: new Date(Date.parse(from) + i * DAY_MS).toISOString().slice(0, 10),
    installs: 0,
    updates: 0,
    uninstalls: 0,
    downloads: 0,
  }));
  const column = { install: 'installs', update: 'updates', uninstall: 'uninstalls', download: 'downloads' } as const;
  for (const r of perDay) {
    const key = column[r.action as keyof typeof column];
    if (key && r.day >= 0 && r.day < STATS_DAYS) days[r.day]![key] += Number(r.n);
  }

  // Per version: how many workspaces ran it when the window opened, and by how much each day changed that.
  const base = new Map<string, number>();
  const delta = new Map<string, number[]>();
  const runs = (action: string, version: string) => (action === 'uninstall' ? null : version);
  const move = (version: string | null, day: number, by: number) => {
    if (version === null) return;
    if (!delta.has(version)) delta.set(version, new Array<number>(STATS_DAYS).fill(0));
    delta.get(version)![day]! += by;
  };
  const state = new Map<string, string | null>();
  for (const r of before) {
    const v = runs(r.action, r.app_version);
    state.set(r.workspace_id, v);
    if (v !== null) base.set(v, (base.get(v) ?? 0) + 1);
  }
  for (const r of daily) {
    if (r.day < 0 || r.day >= STATS_DAYS) continue;
    const was = state.get(r.workspace_id) ?? null;
    const is = runs(r.action, r.app_version);
    if (was === is) continue;
    move(was, r.day, -1);
    move(is, r.day, 1);
    state.set(r.workspace_id, is);
  }
  const versions = [...new Set([...base.keys(), ...delta.keys()])].sort(byVersionDesc).map((version) => {
    let running = base.get(version) ?? 0;
    const changes = delta.get(version);
    return { version, activeWorkspaces: days.map((_, i) => (running += changes?.[i] ?? 0)) };
  });

  const total = (action: string) => Number(totals.find((t) => t.action === action)?.n ?? 0);
  return {
    days,
    versions,
    totals: {
      installs: total('install'),
      updates: total('update'),
      uninstalls: total('uninstall'),
      downloads: total('download'),
      activeWorkspaces: versions.reduce((n, v) => n + (v.activeWorkspaces.at(-1) ?? 0), 0),
    },
  };
}
