import { eq } from 'drizzle-orm';
import {
  CHECK_TITLES,
  DEFAULT_DISALLOWED_LICENCES,
  DEFAULT_SEVERITIES,
  checkIds,
  type CheckId,
  type Finding,
  type PublishCheckSettings,
  type PublishCheckSettingsInput,
  type Severity,
  type StoredFinding,
} from '../../../contract/schemas/review';
import type { Db, Tx } from '../../db/client';
import { publishCheckSettings } from '../../db/schema';
import type { Staff } from '../../kernel/activity';

const ROW = 'default';

export type CheckSettings = { severities: Record<CheckId, Severity>; disallowedLicences: string[]; updatedAt: Date | null; updatedBy: string | null };

/** The checks' configuration in force: staff's saved choices over the defaults. */
export async function checkSettings(db: Db | Tx): Promise<CheckSettings> {
  const [row] = await db.select().from(publishCheckSettings).where(eq(publishCheckSettings.id, ROW));
  return {
    severities: { ...DEFAULT_SEVERITIES, ...(row?.severities ?? {}) },
    disallowedLicences: row?.disallowedLicences ?? DEFAULT_DISALLOWED_LICENCES,
    updatedAt: row?.updatedAt ?? null,
    updatedBy: row?.updatedBy || null,
  };
}

export const toSettings = (s: CheckSettings): PublishCheckSettings => ({
  checks: checkIds.map((id) => ({ id, title: CHECK_TITLES[id], severity: s.severities[id], defaultSeverity: DEFAULT_SEVERITIES[id] })),
  disallowedLicences: s.disallowedLicences,
  updatedAt: s.updatedAt?.toISOString() ?? null,
  updatedBy: s.updatedBy,
});

/** Saves staff's choices (checks not named keep theirs); licences once each, in the order given. */
export async function saveCheckSettings(db: Db, input: PublishCheckSettingsInput, by: Staff): Promise<CheckSettings> {
  const current = await checkSettings(db);
  const severities = { ...current.severities, ...input.severities };
  const disallowedLicences = [...new Set(input.disallowedLicences.map((l) => l.trim()))];
  const values = { severities, disallowedLicences, updatedAt: new Date(), updatedBy: by.name };
  await db
    .insert(publishCheckSettings)
    .values({ id: ROW, ...values })
    .onConflictDoUpdate({ target: publishCheckSettings.id, set: values });
  return checkSettings(db);
}

/** Findings as shown: each with its check's severity in force, the blocking ones first. */
export function weighed(stored: StoredFinding[], severities: Record<CheckId, Severity>): Finding[] {
  const severityOf = (f: StoredFinding): Severity =>
    f.check === 'check-failed' && f.of && severities[f.of] === 'blocks' ? 'blocks' : (severities[f.check] ?? 'warns');
  const findings = stored.map((f) => ({ ...f, severity: severityOf(f) }));
  return [...findings.filter((f) => f.severity === 'blocks'), ...findings.filter((f) => f.severity !== 'blocks')];
}
