import { sql } from 'drizzle-orm';
import { SUBMISSION_TEXT, SubmissionCategories } from '../../../contract/schemas/app';
import { LIMITS, tooLong } from '../../../contract/common';
import type { Db } from '../../db/client';
import { categories } from '../../db/schema';
import { badRequest } from '../../errors';

/**
 * The fields a submission from outside the browser carries beside its package (Rocket.Chat's Apps CLI:
 * lib/commands/submit.js of @rocket.chat/apps-cli 1.9.0 sends `categories` as a JSON list of titles — from
 * its own prompt or `-c`, unchecked — and `changes` on updates), checked before anything is written: each
 * title must name a category of the catalogue (matched whatever its case, stored as the catalogue spells it).
 */
export async function submissionFields(db: Db, fields: Record<string, string>, isUpdate: boolean) {
  const out: { categories?: string[]; changesNote?: string } = {};
  if (fields.categories !== undefined && fields.categories.trim() !== '') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(fields.categories);
    } catch {
      throw badRequest(SUBMISSION_TEXT.categoriesInvalid, [{ path: 'categories', message: SUBMISSION_TEXT.categoriesInvalid }]);
    }
    const titles = SubmissionCategories.safeParse(parsed);
    if (!titles.success) throw badRequest(SUBMISSION_TEXT.categoriesInvalid, [{ path: 'categories', message: SUBMISSION_TEXT.categoriesInvalid }]);
    const wanted = [...new Set(titles.data)];
    const known = wanted.length
      ? await db
          .select({ title: categories.title })
          .from(categories)
          .where(
            sql`lower(${categories.title}) in (${sql.join(
              wanted.map((t) => sql`${t.toLowerCase()}`),
              sql`, `,
            )})`,
          )
      : [];
    const byLower = new Map(known.map((k) => [k.title.toLowerCase(), k.title]));
    const unknown = wanted.filter((t) => !byLower.has(t.toLowerCase()));
    if (unknown.length)
      throw badRequest(SUBMISSION_TEXT.unknownCategories(unknown), [{ path: 'categories', message: SUBMISSION_TEXT.unknownCategories(unknown) }]);
    out.categories = [...new Set(wanted.map((t) => byLower.get(t.toLowerCase())!))];
  }
  const changes = fields.changes?.trim();
  if (changes) {
    if (!isUpdate)
      throw badRequest('A new app has no change note: send `changes` with updates only.', [{ path: 'changes', message: 'Only updates have a change note.' }]);
    if (changes.length > LIMITS.text) throw badRequest(tooLong(LIMITS.text), [{ path: 'changes', message: tooLong(LIMITS.text) }]);
    out.changesNote = changes;
  }
  return out;
}
