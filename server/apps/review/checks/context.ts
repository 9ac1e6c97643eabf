import type { PackageKind } from '../../packages/manifest';
import type { StoredFinding as Finding } from '../../../../contract/schemas/review';

/** The approved version a new one is compared with: its version, app.json's `permissions` and `nameSlug` as it had them. */
export type LastApproved = { version: string; permissions: unknown; nameSlug?: string } | null;

/** What the checks are given: the package (by path inside it) and what the portal knows beside it. */
export type CheckInput = {
  files: Map<string, Buffer>;
  kind: PackageKind;
  /** The version being checked (app.json's `version`, as the portal recorded it). */
  version: string;
  /** The last version staff approved, null when there is none (a first version). */
  lastApproved: LastApproved;
  /** SPDX ids a bundled module may not be licensed under. */
  disallowedLicences: string[];
};

/** A check's view: the input, and app.json read once (null when it is missing or not a JSON object). */
export type CheckContext = CheckInput & { manifest: Record<string, unknown> | null; manifestText: string };

export type Check = (ctx: CheckContext) => Finding[] | Promise<Finding[]>;

export function contextOf(input: CheckInput): CheckContext {
  const manifestText = input.files.get('app.json')?.toString('utf8') ?? '';
  let manifest: Record<string, unknown> | null = null;
  try {
    const parsed: unknown = JSON.parse(manifestText);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) manifest = parsed as Record<string, unknown>;
  } catch {
    manifest = null;
  }
  return { ...input, manifest, manifestText };
}

/** The 1-based line of a character offset in a text. */
export function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The line of app.json where a field (`"key"`, optionally with a string value) is written, if it is found. */
export function manifestLine(ctx: CheckContext, key: string, value?: string): number | undefined {
  const pattern = new RegExp(`"${escape(key)}"\\s*:${value === undefined ? '' : `\\s*${escape(JSON.stringify(value))}`}`);
  const m = pattern.exec(ctx.manifestText);
  return m ? lineAt(ctx.manifestText, m.index) : undefined;
}

/** A finding, without the location fields it does not have. */
export function finding(check: Finding['check'], reason: string, file?: string, line?: number): Finding {
  return { check, reason, ...(file !== undefined ? { file } : {}), ...(line !== undefined ? { line } : {}) };
}
