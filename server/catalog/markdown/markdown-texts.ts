import { and, asc, eq, gt, isNull, or } from 'drizzle-orm';
import { MARKDOWN_TEXT } from '../../../contract/schemas/app';
import type { Db } from '../../db/client';
import { appVersions } from '../../db/schema';
import { HttpError } from '../../errors';
import { plainHtml } from './markdown';
import { renderMarkdownWithin, type Rendered } from './markdown-renderer';

/**
 * A version's description and change log are Markdown, rendered to HTML once, when they are saved, and stored beside
 * them (`app_versions.description_html`, `changes_note_html`): the catalog serves that HTML and never renders.
 * Every write of `appVersions.description` or `appVersions.changesNote` sets its HTML in the same write:
 * - the publisher's forms: info (description) and change log (apps/version-info.ts);
 * - a package's manifest for a new version, and the Apps CLI's change note (apps/packages/upload.ts);
 * - a new bundle (apps/bundles.ts); the demo data (dev/seed/seed.ts, rendered in the process: the portal's own text).
 */

export type VersionTexts = { description?: string; changesNote?: string };
export type VersionHtml = { descriptionHtml?: string; changesNoteHtml?: string };

/** What the publisher calls each text in the refusal. */
const WHAT = { description: 'description', changesNote: 'change log' } as const;

/** The publisher's reason for a text that was not rendered (contract/schemas/app.ts MARKDOWN_TEXT). */
export const refusalOf = (field: keyof VersionTexts, r: Extract<Rendered, { ok: false }>) => MARKDOWN_TEXT[r.reason](WHAT[field]);

/**
 * The HTML of the texts a write sets (only those given), rendered within the renderer's limits
 * (catalog/markdown/markdown-renderer.ts). A text that cannot be rendered is refused: a 400 naming its field
 * (`paths`, by default the field's own name) with a reason the publisher can act on; nothing is written.
 * `publisherId`: whose text it is (publishers take turns at the renderer).
 */
export async function renderVersionTexts(
  texts: VersionTexts,
  opts: { paths?: Partial<Record<keyof VersionTexts, string>>; code?: string; publisherId?: string } = {},
): Promise<VersionHtml> {
  const out: VersionHtml = {};
  const fields: { path: string; message: string }[] = [];
  for (const field of ['description', 'changesNote'] as const) {
    const raw = texts[field];
    if (raw === undefined) continue;
    // Publishers take turns at the renderer (one publisher's many texts cannot hold up another's).
    const rendered = await renderMarkdownWithin(raw, { key: opts.publisherId ? `publisher:${opts.publisherId}` : 'anonymous' });
    if (rendered.ok) out[field === 'description' ? 'descriptionHtml' : 'changesNoteHtml'] = rendered.html;
    else fields.push({ path: opts.paths?.[field] ?? field, message: refusalOf(field, rendered) });
  }
  if (fields.length) throw new HttpError(400, opts.code ?? 'validation_error', fields[0]!.message, fields);
  return out;
}

/** A text rendered within the limits, or, when it cannot be, shown as it is (escaped, no Markdown). */
async function htmlOrPlain(raw: string): Promise<string> {
  const rendered = await renderMarkdownWithin(raw, { key: 'backfill' });
  return rendered.ok ? rendered.html : plainHtml(raw);
}

/**
 * Renders the texts of versions whose HTML is missing (rows older than the columns, or written behind the portal's
 * back), a batch at a time, oldest id first: each with the same limits as a save, one that cannot be rendered stored
 * as its plain text, each batch written in one transaction. A row is written only while its text is still the one
 * rendered and its HTML still missing (a save in between wrote its own). Stops between rows when `signal` aborts
 * (what it rendered by then is written). Answers how many rows it wrote.
 */
export async function backfillVersionHtml(db: Db, opts: { signal?: AbortSignal; batch?: number } = {}): Promise<number> {
  const batch = opts.batch ?? 50;
  let after = '';
  let written = 0;
  for (;;) {
    if (opts.signal?.aborted) return written;
    const rows = await db
      .select({
        internalId: appVersions.internalId,
        description: appVersions.description,
        changesNote: appVersions.changesNote,
        descriptionHtml: appVersions.descriptionHtml,
        changesNoteHtml: appVersions.changesNoteHtml,
      })
      .from(appVersions)
      .where(and(or(isNull(appVersions.descriptionHtml), isNull(appVersions.changesNoteHtml)), gt(appVersions.internalId, after)))
      .orderBy(asc(appVersions.internalId))
      .limit(batch);
    if (!rows.length) return written;
    // The batch's texts rendered first, then written in one transaction: the catalog hears of the batch once
    // (its cache forgets what it kept at each app_versions notification), not of every row.
    const writes: { internalId: string; text: 'description' | 'changesNote'; html: 'descriptionHtml' | 'changesNoteHtml'; raw: string; rendered: string }[] =
      [];
    for (const r of rows) {
      if (opts.signal?.aborted) break;
      after = r.internalId;
      for (const [text, html] of [
        ['description', 'descriptionHtml'],
        ['changesNote', 'changesNoteHtml'],
      ] as const) {
        if (r[html] === null) writes.push({ internalId: r.internalId, text, html, raw: r[text], rendered: await htmlOrPlain(r[text]) });
      }
      written++;
    }
    await db.transaction(async (tx) => {
      for (const w of writes) {
        // Written only while the text is still the one rendered and its HTML still missing (a save in between wrote its own).
        await tx
          .update(appVersions)
          .set({ [w.html]: w.rendered })
          .where(and(eq(appVersions.internalId, w.internalId), eq(appVersions[w.text], w.raw), isNull(appVersions[w.html])));
      }
    });
    if (opts.signal?.aborted) return written;
  }
}

/**
 * The background backfill of one server: run at start, and again whenever the catalog finds a version whose HTML
 * is missing (`kick`; a kick while it runs makes it look once more when done). Failures are logged, never thrown.
 */
export function versionHtmlBackfill(db: Db, log: { warn: (o: object, msg: string) => void; info: (o: object, msg: string) => void }) {
  const stopping = new AbortController();
  let running: Promise<void> | null = null;
  let again = false;
  const run = async () => {
    do {
      again = false;
      const written = await backfillVersionHtml(db, { signal: stopping.signal });
      if (written) log.info({ versions: written }, 'rendered the Markdown of versions stored without its HTML');
    } while (again && !stopping.signal.aborted);
  };
  return {
    kick() {
      if (stopping.signal.aborted) return;
      if (running) {
        again = true;
        return;
      }
      running = run()
        .catch((error: unknown) => {
          if (!stopping.signal.aborted) log.warn({ err: error }, 'rendering the Markdown of stored versions failed');
        })
        .finally(() => {
          running = null;
        });
    },
    /** Waits for the run under way (tests; and on close, after `stop`). */
    idle: () => running ?? Promise.resolve(),
    async stop() {
      stopping.abort();
      await running;
    },
  };
}
