import { z } from 'zod';
import { LIMITS, bounded } from '../common';

/** One hunk of a unified diff: the old and new line ranges and the lines (each ' ', '-' or '+' then the text). */
export const DiffHunk = z.object({
  oldStart: z.number().int(),
  oldLines: z.number().int(),
  newStart: z.number().int(),
  newLines: z.number().int(),
  lines: z.array(z.string()),
});

/**
 * A file of the package that differs between the two versions. `binary` files (and text files over the size the
 * diff reads) are listed with their sizes, not diffed (`hunks` null).
 */
export const DiffFile = z.object({
  path: z.string(),
  change: z.enum(['added', 'removed', 'changed']),
  binary: z.boolean(),
  /** A text file too large to diff here. */
  tooLarge: z.boolean(),
  size: z.object({ from: z.number().int().nullable(), to: z.number().int().nullable() }),
  hunks: z.array(DiffHunk).nullable(),
});
export type DiffFile = z.infer<typeof DiffFile>;

/** A field that changed between the versions: its values before and after (JSON values; null when absent). */
export const FieldChange = z.object({ field: z.string(), from: z.unknown(), to: z.unknown() });
export type FieldChange = z.infer<typeof FieldChange>;

const VersionRef = z.object({
  version: z.string(),
  status: z.string(),
  createdDate: z.string(),
  /** Its uploaded package is stored (versions from before packages were kept have none: their files compare as empty). */
  packageStored: z.boolean(),
});

/** What changed from one version of an app to another: files (a page of them), manifest, permissions, listing, pricing. */
export const VersionDiff = z.object({
  /** The older version; null when `to` is the app's first (everything in it is new). */
  from: VersionRef.nullable(),
  to: VersionRef,
  /** `from` is the last version staff approved before `to` (approved, published or unpublished since). */
  fromIsLastApproved: z.boolean(),
  manifest: z.array(FieldChange),
  permissions: z.object({ added: z.array(z.string()), removed: z.array(z.string()) }),
  listing: z.array(FieldChange),
  pricing: z.array(FieldChange),
  /**
   * What starting each version in Apps-Engine showed changed, as sentences ("adds slash command `/export`",
   * "removes setting `token`"); empty when neither was started or nothing changed (schemas/runtime.ts).
   */
  runtime: z.array(z.string()),
  files: z.object({
    summary: z.object({ added: z.number().int(), removed: z.number().int(), changed: z.number().int(), unchanged: z.number().int() }),
    items: z.array(DiffFile),
    /** The last path of this page when more differ (pass it as `after` for the next page); null on the last page. */
    next: z.string().nullable(),
  }),
});
export type VersionDiff = z.infer<typeof VersionDiff>;

export const DIFF_PAGE = { default: 50, max: 200 } as const;

export const DiffQuery = z.object({
  /** The older version (default: the last approved version before `to`, else the one before it). */
  from: bounded(LIMITS.name).optional(),
  /** The newer version (default: the latest). */
  to: bounded(LIMITS.name).optional(),
  after: bounded(LIMITS.url).optional(),
  limit: z.coerce
    .number({ error: `limit is a number from 1 to ${DIFF_PAGE.max}.` })
    .int()
    .min(1)
    .max(DIFF_PAGE.max)
    .default(DIFF_PAGE.default),
});
