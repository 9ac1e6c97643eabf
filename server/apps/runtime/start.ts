import type { StoredFinding } from '../../../contract/schemas/review';
import { blankReport, type RuntimeReport } from '../../../contract/schemas/runtime';
import type { Db, Tx } from '../../db/client';
import { checkFailedReason } from '../review/checks';
import { finding } from '../review/checks/context';
import { runtimeFindings } from './checks';
import { commandsTakenElsewhere } from './commands';
import { engineFor, engineOf, olderEngineFor } from './engines';
import type { RuntimeLimits, RuntimeRunner } from './sandbox';

export type StartedVersion = { kind: 'done'; report: RuntimeReport | null; findings: StoredFinding[] } | { kind: 'aborted' };

/**
 * Starts a compiled version in Apps-Engine (the runtime sandbox) and turns what it did into the runtime checks'
 * findings (docs/packages-and-review.md, Runtime evidence). A run that could not happen here (no runtime prepared,
 * its process died) is no verdict on the app: a `check-failed` finding says a reviewer checks it by hand.
 */
export async function startVersion(
  db: Db | Tx,
  run: RuntimeRunner,
  input: { appId: string; zip: Buffer; manifest: Record<string, unknown>; limits: RuntimeLimits },
): Promise<StartedVersion> {
  const requiredApiVersion = String(input.manifest.requiredApiVersion ?? '');
  const declared = input.manifest.permissions;
  const permissions = Array.isArray(declared)
    ? declared.flatMap((p) => (typeof (p as { name?: unknown })?.name === 'string' ? [{ name: (p as { name: string }).name }] : []))
    : undefined;
  const mainFile = String(input.manifest.classFile ?? '').replace(/\.ts$/, '.js');
  const deadline = performance.now() + input.limits.timeoutSeconds * 1000;
  const outcome = await run({ zip: input.zip, requiredApiVersion, permissions, mainFile }, input.limits);
  switch (outcome.kind) {
    case 'aborted':
      return outcome;
    case 'off':
      return { kind: 'done', report: null, findings: [] };
    case 'unavailable':
      return { kind: 'done', report: null, findings: [{ ...finding('check-failed', checkFailedReason('runtime-start')), of: 'runtime-start' }] };
    case 'timeout':
    case 'out-of-memory': {
      // Stopped by a limit: nothing of what the app registered is known.
      const report = blankReport(engineOf(engineFor(requiredApiVersion)), outcome.kind);
      return { kind: 'done', report, findings: runtimeFindings(report, input.manifest, [], input.limits.timeoutSeconds) };
    }
    case 'done': {
      const older = olderEngineFor(requiredApiVersion);
      if (older) {
        // What is left of the same time limit.
        const left = Math.max(1, Math.round((deadline - performance.now()) / 1000));
        const o = await run({ zip: input.zip, requiredApiVersion, permissions, mainFile, engine: older }, { ...input.limits, timeoutSeconds: left });
        if (o.kind === 'aborted') return o;
        if (o.kind === 'done' || o.kind === 'timeout' || o.kind === 'out-of-memory')
          outcome.report.olderEngine = {
            engine: engineOf(older),
            outcome: o.kind === 'done' ? o.report.outcome : o.kind,
            startMs: o.kind === 'done' ? o.report.startMs : 0,
            error: o.kind === 'done' ? o.report.error : null,
          };
      }
      const taken = await commandsTakenElsewhere(
        db,
        input.appId,
        outcome.report.adds.slashCommands.map((c) => c.command),
      );
      return { kind: 'done', report: outcome.report, findings: runtimeFindings(outcome.report, input.manifest, taken, input.limits.timeoutSeconds) };
    }
  }
}
