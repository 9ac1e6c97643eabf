import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { appVersions, apps, compileJobs, publishers, type Diagnostic } from '../../db/schema';
import { MAX_COMPILE_ATTEMPTS } from '../../kernel/job-kinds';
import type { Claim } from '../../kernel/jobs';
import { transitionVersion } from '../lifecycle';
import { report } from '../../kernel/metrics-events';
import { packageKind } from '../packages/manifest';
import { compiledPackage } from '../packages/compiled';
import { readZip } from '../packages/zip';
import { lastApprovedBefore } from '../review/last-approved';
import { checkSettings } from '../review/settings';
import type { Storage } from '../../kernel/storage';
import type { CompileResult } from './compiler';
import { compileInSandbox, type CompileRunner, type SandboxLimits } from './sandbox';
import type { RuntimeReport } from '../../../contract/schemas/runtime';
import { runInSandbox, type RuntimeRunner } from '../runtime/sandbox';
import { startVersion } from '../runtime/start';
import { ENGINE_VERSION } from '../../kernel/engine-version';
import { uiKitFor, uiKitVersion } from './type-roots';
import { typeScriptMajorFor, typeScriptVersion } from './typescript';

export { COMPILE_JOB, MAX_COMPILE_ATTEMPTS } from '../../kernel/job-kinds';
const PACKAGER = { name: 'marketplace-portal', version: '1' };

export const limitMessages = {
  timeout: (seconds: number) => `The compile took longer than ${seconds} seconds and was stopped.`,
  outOfMemory: 'The compile ran out of memory.',
  gaveUp: `The compiler stopped unexpectedly ${MAX_COMPILE_ATTEMPTS} times while compiling this package, so the compile was given up.`,
};

const plain = (message: string): Diagnostic[] => [{ line: 0, character: 0, message }];

async function loadJob(db: Db | Tx, compileJobId: string) {
  const [row] = await db
    .select({ job: compileJobs, version: appVersions, allowNpm: publishers.canUseNPMModules })
    .from(compileJobs)
    .innerJoin(appVersions, eq(appVersions.internalId, compileJobs.internalAppId))
    .innerJoin(apps, eq(apps.id, compileJobs.appId))
    .innerJoin(publishers, eq(publishers.id, apps.publisherId))
    .where(eq(compileJobs.id, compileJobId));
  return row;
}

type Row = NonNullable<Awaited<ReturnType<typeof loadJob>>>;

/**
 * Records a compile's verdict: the job, the compiled package, the version's flags, then its status through
 * the lifecycle — in `tx`, the transaction that finishes the compile's job (so a run that lost its job
 * records nothing).
 */
async function record(
  db: Tx,
  storage: Storage,
  row: Row,
  result: Omit<CompileResult, 'emitted' | 'findings'> & { findings?: CompileResult['findings']; comparedWith?: string; runtime?: RuntimeReport | null },
  compiled: Buffer | null,
) {
  await db
    .update(compileJobs)
    .set({
      status: result.ok ? 'succeeded' : 'failed',
      durationMs: result.durationMs,
      typeScriptVersion: result.typeScriptVersion,
      engineVersion: result.engineVersion,
      diagnostics: result.diagnostics,
      // What the publish checks found (none when the compile was stopped by a limit: they ran in its process).
      findings: result.findings ?? [],
      comparedWith: result.comparedWith ?? '',
      runtime: result.runtime ?? null,
      finishedAt: new Date(),
    })
    .where(eq(compileJobs.id, row.job.id));
  // A revision may have replaced the version's package (and job) meanwhile: then this verdict is history only.
  const [current] = await db.select({ compileJobId: appVersions.compileJobId }).from(appVersions).where(eq(appVersions.internalId, row.version.internalId));
  if (current?.compileJobId !== row.job.id) return;
  let compiledPath = '';
  if (result.ok) {
    compiledPath = compiled ? `packages/${row.version.appId}/${row.version.internalId}.${row.job.id}.compiled.zip` : row.version.packagePath;
    if (compiled) await storage.put(compiledPath, compiled);
  }
  await db.update(appVersions).set({ compiled: result.ok, compiledPath }).where(eq(appVersions.internalId, row.version.internalId));
  try {
    await transitionVersion(db as unknown as Db, {
      appId: row.version.appId,
      internalId: row.version.internalId,
      actor: 'system',
      event: { type: result.ok ? 'COMPILE_SUCCEEDED' : 'COMPILE_FAILED' },
    });
  } catch (e) {
    // The version left `compiling` meanwhile (e.g. staff made it a draft): the job's record stands.
    if (!(e instanceof Error && 'statusCode' in e && e.statusCode === 409)) throw e;
  }
}

export type CompileJobOutcome = { kind: 'recorded' } | { kind: 'crashed'; exit: string } | { kind: 'aborted' };

/**
 * Runs one compile job, as `claim` holds it: the stored package through the compile sandbox, then the
 * verdict recorded with the job's completion. A time or memory limit is a verdict (failed, with a plain
 * diagnostic); a crash is not: the job runs again on its retry policy, and once its attempts are spent it
 * goes to the gave-up queue (giveUpCompileJob). Every write is fenced to the claim: a run that lost its
 * job (paused past its lease while another run compiled) throws StaleClaim and has written nothing.
 */
export async function runCompileJob(
  claim: Claim<{ compileJobId: string }>,
  storage: Storage,
  limits: SandboxLimits & { signal?: AbortSignal },
  compile: CompileRunner = compileInSandbox,
  runtime: RuntimeRunner = runInSandbox,
): Promise<CompileJobOutcome> {
  const { db } = claim;
  const compileJobId = String(claim.data.compileJobId);
  const row = await loadJob(db, compileJobId);
  if (!row) {
    await claim.complete();
    return { kind: 'recorded' };
  }
  await claim.write((tx) => tx.update(compileJobs).set({ status: 'running' }).where(eq(compileJobs.id, compileJobId)));
  const files = await readZip(await storage.get(row.version.packagePath));
  const classFile = String((row.version.manifest as { classFile?: unknown }).classFile ?? '');
  // As the upload judged it: `rc-apps submit` marks TypeScript sources with `.packagedby` too.
  const kind = packageKind(files, classFile);
  const typeScript = typeScriptVersion(typeScriptMajorFor(files.get('package.json')));
  // The checks compare with the last approved version and read staff's disallowed licences (docs/packages-and-review.md, Publish checks).
  const [lastApproved, { disallowedLicences }] = await Promise.all([lastApprovedBefore(db, row.version), checkSettings(db)]);
  const started = performance.now();
  const deadline = started + limits.timeoutSeconds * 1000;
  const outcome = await compile({ files, kind, allowNpm: row.allowNpm, classFile, version: row.version.version, lastApproved, disallowedLicences }, limits);
  report(db, {
    type: 'compile',
    outcome: outcome.kind !== 'done' ? outcome.kind : outcome.result.ok ? 'succeeded' : 'failed',
    seconds: (performance.now() - started) / 1000,
  });
  const failed = (message: string) => ({
    ok: false,
    diagnostics: plain(message),
    durationMs: Math.round(performance.now() - started),
    typeScriptVersion: typeScript,
    engineVersion: ENGINE_VERSION,
  });
  const queued = (tx: Tx) => tx.update(compileJobs).set({ status: 'queued' }).where(eq(compileJobs.id, compileJobId));
  switch (outcome.kind) {
    case 'crashed':
      // No verdict: the job runs again (or, its attempts spent, is given up).
      await claim.retry(`the compile process died (${outcome.exit})`, queued);
      return outcome;
    case 'aborted':
      // The process is stopping (or the claim was lost): handed back to run again.
      await claim.retry('the compile was stopped before it finished', queued);
      return outcome;
    case 'timeout':
      await claim.complete((tx) => record(tx, storage, row, failed(limitMessages.timeout(limits.timeoutSeconds)), null));
      break;
    case 'out-of-memory':
      await claim.complete((tx) => record(tx, storage, row, failed(limitMessages.outOfMemory), null));
      break;
    case 'done': {
      const r = outcome.result;
      const compiled =
        r.ok && kind === 'source'
          ? compiledPackage(files, r.emitted, { ...PACKAGER, typescript: r.typeScriptVersion, uiKit: uiKitVersion(uiKitFor(files.get('package.json'))) })
          : null;
      // A package that compiled is started in Apps-Engine within what is left of the same time limit.
      const start = r.ok
        ? await startVersion(db, runtime, {
            appId: row.version.appId,
            zip: compiled ?? (await storage.get(row.version.packagePath)),
            manifest: row.version.manifest as Record<string, unknown>,
            limits: { ...limits, timeoutSeconds: Math.max(1, Math.round((deadline - performance.now()) / 1000)) },
          })
        : null;
      if (start?.kind === 'aborted') {
        await claim.retry('the compile was stopped before it finished', queued);
        return start;
      }
      const findings = [...r.findings, ...(start?.findings ?? [])];
      await claim.complete((tx) =>
        record(tx, storage, row, { ...r, findings, runtime: start?.report ?? null, comparedWith: lastApproved?.internalId ?? '' }, compiled),
      );
    }
  }
  return { kind: 'recorded' };
}

/** Fails a compile job whose process died too often, with a plain diagnostic (in `tx`). */
export async function giveUpCompileJob(tx: Tx, storage: Storage, compileJobId: string) {
  const row = await loadJob(tx, compileJobId);
  if (!row) return;
  await record(
    tx,
    storage,
    row,
    { ok: false, diagnostics: plain(limitMessages.gaveUp), durationMs: 0, typeScriptVersion: '', engineVersion: ENGINE_VERSION },
    null,
  );
}
