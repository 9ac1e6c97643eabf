import type { Citation } from '../../../contract/schemas/review';
import type { Db } from '../../db/client';
import { badRequest, notFound } from '../../errors';
import { readZip } from '../packages/zip';
import type { Storage } from '../../kernel/storage';
import { currentFindings, versionAndJob } from './comparisons';
import { lastApprovedBefore } from './last-approved';

const refused = (i: number, message: string) => badRequest(message, [{ path: `citations.${i}`, message }]);
const same = (a: unknown, b: unknown) => (a ?? null) === (b ?? null);

/**
 * What a reject or review note cites, as the server finds it (the client's word is not taken): a finding must be
 * one of the version's findings; a line must be in the version's package (`new`) or in the last approved
 * version's (`old`, the side the review compares with), and its text is read from there.
 */
export async function checkedCitations(db: Db, storage: Storage, appId: string, internalId: string, citations: Citation[]): Promise<Citation[]> {
  if (!citations.length) return [];
  const row = await versionAndJob(db, appId, internalId);
  if (!row) throw notFound('App version');
  const findings = !row.job ? [] : row.job.finishedAt ? await currentFindings(db, storage, row.version, row.job) : row.job.findings;
  const packages = new Map<'old' | 'new', Promise<Map<string, Buffer> | null>>();
  const packageOf = (side: 'old' | 'new') => {
    if (!packages.has(side)) {
      packages.set(
        side,
        (async () => {
          const path = side === 'new' ? row.version.packagePath : await packageOfApproved(db, row.version);
          return path ? readZip(await storage.get(path)) : null;
        })(),
      );
    }
    return packages.get(side)!;
  };
  const out: Citation[] = [];
  for (const [i, c] of citations.entries()) {
    if (c.kind === 'finding') {
      const f = findings.find((x) => x.check === c.check && x.reason === c.reason && same(x.file, c.file) && same(x.line, c.line));
      if (!f) throw refused(i, 'A cited finding is not among this version’s findings.');
      out.push({ kind: 'finding', check: f.check, reason: f.reason, ...(f.file ? { file: f.file } : {}), ...(f.line ? { line: f.line } : {}) });
      continue;
    }
    const files = await packageOf(c.side);
    if (!files)
      throw refused(i, c.side === 'new' ? 'This version has no stored package to cite.' : 'There is no approved version with a stored package to cite.');
    const file = files.get(c.path);
    const lines = file?.toString('utf8').split('\n');
    if (!lines || c.line > lines.length)
      throw refused(i, `${c.path} has no line ${c.line} in ${c.side === 'new' ? 'this version' : 'the last approved version'}.`);
    out.push({ ...c, text: lines[c.line - 1]!.replace(/\r$/, '').slice(0, 1000) });
  }
  return out;
}

/** The stored package of the last version approved before `v` ('' when it has none). */
async function packageOfApproved(db: Db, v: { appId: string; internalId: string; createdDate: Date }) {
  const base = await lastApprovedBefore(db, v);
  if (!base) return '';
  const row = await versionAndJob(db, v.appId, base.internalId);
  return row?.version.packagePath ?? '';
}
