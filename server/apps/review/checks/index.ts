import { contextOf, finding, type Check, type CheckInput } from './context';
import { CHECK_TITLES, type CheckId, type StoredFinding as Finding } from '../../../../contract/schemas/review';
import { bundledLicences } from './bundled-licences';
import { lowestEngine, type TypeCheckOn } from './lowest-engine';
import { manifestLinks } from './manifest-links';
import { manifestMismatch } from './manifest-mismatch';
import { newPermissions } from './new-permissions';
import { secrets } from './secrets';

export type { CheckInput, LastApproved } from './context';
export type { TypeCheckOn } from './lowest-engine';

/** At most this many findings are kept per check (one more line says how many were left out). */
export const MAX_FINDINGS_PER_CHECK = 50;

/** The reason of a check that stopped with an error (whatever the error said stays out: it could name server paths). */
export const checkFailedReason = (id: CheckId) =>
  `The automatic check “${CHECK_TITLES[id]}” could not finish on this package, so a reviewer will do it by hand.`;

/**
 * Runs the publish checks over a package, in the compile sandbox: each check on its own, so one that throws gives a
 * `check-failed` finding and the others still run. The lowest-engine check runs only when given a way to type-check
 * against an older engine (the compiler gives one when the package compiled).
 */
export async function runChecks(input: CheckInput, opts: { typeCheckOn?: TypeCheckOn } = {}): Promise<Finding[]> {
  const ctx = contextOf(input);
  const checks: [CheckId, Check][] = [
    ['new-permissions', newPermissions],
    ['manifest-mismatch', manifestMismatch],
    ['manifest-links', manifestLinks],
    ['secrets', secrets],
    ['bundled-licences', bundledLicences],
  ];
  const { typeCheckOn } = opts;
  if (typeCheckOn) checks.push(['lowest-engine', (c) => lowestEngine(c, typeCheckOn)]);
  const out: Finding[] = [];
  for (const [id, check] of checks) {
    let found: Finding[];
    try {
      found = await check(ctx);
    } catch {
      // It weighs as much as the check that could not run would have (a failed secrets check blocks).
      out.push({ ...finding('check-failed', checkFailedReason(id)), of: id });
      continue;
    }
    out.push(...found.slice(0, MAX_FINDINGS_PER_CHECK));
    if (found.length > MAX_FINDINGS_PER_CHECK) {
      out.push(
        finding(
          id,
          `… and ${found.length - MAX_FINDINGS_PER_CHECK} more like these (“${CHECK_TITLES[id]}”). Fix the ones above, then upload again to see the rest.`,
        ),
      );
    }
  }
  return out;
}
