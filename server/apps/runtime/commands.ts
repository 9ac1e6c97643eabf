import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { appVersions, compileJobs } from '../../db/schema';
import type { TakenCommand } from './checks';

/**
 * The slash commands of `commands` that a published version of another app registered when it was started in
 * Apps-Engine (its compile's runtime report), with that app's name: one workspace runs only one of two apps
 * registering the same command.
 */
export async function commandsTakenElsewhere(db: Db | Tx, appId: string, commands: string[]): Promise<TakenCommand[]> {
  if (!commands.length) return [];
  const rows = await db
    .select({ appName: appVersions.name, commands: sql<{ command: string }[]>`${compileJobs.runtime} -> 'adds' -> 'slashCommands'` })
    .from(appVersions)
    .innerJoin(compileJobs, eq(compileJobs.id, appVersions.compileJobId))
    .where(
      and(
        eq(appVersions.status, 'published'),
        ne(appVersions.appId, appId),
        or(...commands.map((c) => sql`${compileJobs.runtime} -> 'adds' -> 'slashCommands' @> ${JSON.stringify([{ command: c }])}::jsonb`)),
      ),
    )
    .limit(50);
  const taken: TakenCommand[] = [];
  for (const command of commands) {
    const holder = rows.find((r) => (r.commands ?? []).some((c) => c.command === command));
    if (holder) taken.push({ command, appName: holder.appName });
  }
  return taken;
}
