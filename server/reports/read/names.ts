import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apps, appVersions, bundlePlans, workspaces } from '../../db/schema';

/**
 * The names a report's rows show beside their ids — an app's (its latest version's), a workspace's nickname, a
 * plan's label — read once per id for a page or a whole export (only the ids not seen yet, one query each per
 * batch), so an export of a million lines asks for each name once.
 */
export class Names {
  private readonly apps = new Map<string, string>();
  private readonly workspaces = new Map<string, string>();
  private readonly plans = new Map<string, string>();

  constructor(private readonly db: Db) {}

  /** Reads the names of these ids that are not known yet. */
  async load(ids: { apps?: string[]; workspaces?: string[]; plans?: string[] }) {
    const missing = (known: Map<string, string>, list: string[] = []) => [...new Set(list)].filter((id) => id && !known.has(id));
    const [a, w, p] = [missing(this.apps, ids.apps), missing(this.workspaces, ids.workspaces), missing(this.plans, ids.plans)];
    const bundle = p.filter((id) => !strategyOfSuffix(id));
    const [appRows, workspaceRows, planRows] = await Promise.all([
      a.length
        ? this.db
            .select({ id: apps.id, name: appVersions.name })
            .from(apps)
            .leftJoin(appVersions, eq(appVersions.internalId, apps.latestVersionId))
            .where(inArray(apps.id, a))
        : [],
      w.length ? this.db.select({ id: workspaces.id, name: workspaces.nickname }).from(workspaces).where(inArray(workspaces.id, w)) : [],
      // A bundle's plan is a row of its own; an app's is `<price id>:monthly|yearly`.
      bundle.length ? this.db.select({ id: bundlePlans.id, strategy: bundlePlans.strategy }).from(bundlePlans).where(inArray(bundlePlans.id, bundle)) : [],
    ]);
    for (const id of a) this.apps.set(id, id);
    for (const r of appRows) this.apps.set(r.id, r.name ?? r.id);
    for (const id of w) this.workspaces.set(id, '');
    for (const r of workspaceRows) this.workspaces.set(r.id, r.name);
    // A plan whose period is not known counts as monthly, as its MRR does (server/reports/rollups.ts).
    for (const id of p) this.plans.set(id, labelOf(strategyOfSuffix(id) ?? 'monthly'));
    for (const r of planRows) this.plans.set(r.id, labelOf(r.strategy));
  }

  app = (id: string) => this.apps.get(id) ?? id;
  workspace = (id: string) => this.workspaces.get(id) ?? '';
  /** "One-time" for a sale without a plan, else the plan's period: "Monthly", "Yearly". */
  plan = (id: string) => (id ? (this.plans.get(id) ?? labelOf(strategyOfSuffix(id) ?? 'monthly')) : ONE_TIME);
}

export const ONE_TIME = 'One-time';
const strategyOfSuffix = (planId: string) => (planId.endsWith(':yearly') ? 'yearly' : planId.endsWith(':monthly') ? 'monthly' : null);
const labelOf = (strategy: 'monthly' | 'yearly') => (strategy === 'yearly' ? 'Yearly' : 'Monthly');
