import type { StoredFinding } from '../../../contract/schemas/review';
import type { RuntimeReport } from '../../../contract/schemas/runtime';
import { finding } from '../review/checks/context';

/** A slash command another published app registers: the command and that app's name. */
export type TakenCommand = { command: string; appName: string };

const engineName = (r: RuntimeReport) => `Apps-Engine ${r.engine.version.split('.').slice(0, 2).join('.')} (${r.engine.runtime === 'deno' ? 'Deno' : 'Node'})`;

/**
 * The runtime checks (docs/packages-and-review.md, Runtime evidence), from what a started version did:
 * - runtime-start: it did not initialise and enable (the error and the app's own frame), or a limit stopped it;
 * - undeclared-permission: a call Apps-Engine's permission manager refused, naming the call and the permission;
 * - unused-permission: a permission app.json declares that nothing exercised while starting (it may be used
 *   later, on an event or a command: a note for the reviewer);
 * - duplicate-command: a slash command another published app already registers.
 * How much each weighs is staff's configuration, like every check's.
 */
export function runtimeFindings(report: RuntimeReport, manifest: Record<string, unknown>, taken: TakenCommand[], limitSeconds: number): StoredFinding[] {
  const out: StoredFinding[] = [];
  if (report.outcome === 'timeout')
    out.push(finding('runtime-start', `It did not finish starting in ${engineName(report)} within the time limit (${limitSeconds} s).`));
  else if (report.outcome === 'out-of-memory') out.push(finding('runtime-start', `It ran out of memory while starting in ${engineName(report)}.`));
  else if (report.outcome === 'failed') {
    const e = report.error;
    const where = e?.frames[0] ? ` (${e.frames[0].replace(/^at /, 'at ')})` : '';
    out.push(
      finding('runtime-start', `It does not start in ${engineName(report)}: ${e ? `${e.during} failed with “${e.message}”${where}` : 'it did not enable'}.`),
    );
  }
  const older = report.olderEngine;
  if (older && older.outcome !== 'started') {
    const e = older.error;
    const why =
      older.outcome === 'failed' && e
        ? `${e.during} failed with “${e.message}”${e.frames[0] ? ` (${e.frames[0]})` : ''}`
        : `it ${older.outcome === 'timeout' ? 'did not finish starting in time' : older.outcome === 'out-of-memory' ? 'ran out of memory' : 'did not enable'}`;
    out.push(
      finding(
        'runtime-start',
        `It does not start in ${engineName({ ...report, engine: older.engine })}, which its requiredApiVersion (${String(manifest.requiredApiVersion ?? '')}) admits: ${why}. Raise requiredApiVersion’s lowest version, or make it start there.`,
      ),
    );
  }
  const refused = new Map<string, string[]>();
  for (const p of report.permissions.filter((x) => !x.granted)) refused.set(p.permission, [...(refused.get(p.permission) ?? []), p.call]);
  for (const [permission, calls] of refused)
    out.push(
      finding(
        'undeclared-permission',
        `${calls.join(', ')} needs the permission “${permission}”, which app.json does not declare: Apps-Engine refuses the call in every workspace. Declare it in app.json’s permissions.`,
        'app.json',
      ),
    );
  // Only permissions app.json names: an app that declares none gets Apps-Engine's defaults, which it never chose.
  if (report.outcome === 'started' && Array.isArray(manifest.permissions)) {
    const exercised = new Set(report.permissions.filter((p) => p.granted).map((p) => p.permission));
    for (const name of report.declaredPermissions.filter((p) => !exercised.has(p)))
      out.push(
        finding(
          'unused-permission',
          `Declares “${name}” but did not use it while starting; it may be used later (on an event, a command or a job).`,
          'app.json',
        ),
      );
  }
  for (const t of taken)
    out.push(
      finding(
        'duplicate-command',
        `The slash command /${t.command} is already registered by “${t.appName}”, a published app: a workspace with both runs only one.`,
      ),
    );
  return out;
}
