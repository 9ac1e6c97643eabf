import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { initServer } from '@ts-rest/fastify';
import { contract } from '../../../contract';
import { sampleVariables } from '../../../contract/schemas/notifications';
import type { Db } from '../../db/client';
import { newId } from '../../db/ids';
import { emailTemplates } from '../../db/schema';
import { HttpError, conflict, isUniqueViolation, notFound } from '../../errors';
import { lastRenderFailures } from '../render-failures';
import { checkTemplate, renderMessage } from '../templates';

const s = initServer();

/** Templates as the API shows them, each with its last render failure (null when its last render went well). */
async function toTemplates(db: Db, rows: (typeof emailTemplates.$inferSelect)[]) {
  const failures = await lastRenderFailures(
    db,
    rows.map((t) => t.name),
  );
  return rows.map((t) => ({ id: t.id, name: t.name, layout: t.layout, subject: t.subject, body: t.body, lastRenderError: failures.get(t.name) ?? null }));
}

/** The layout a template names (none when empty); a name that is no template is a 400 on `layout`. */
async function layoutOf(db: Db, name: string, layout: string) {
  if (!layout) return null;
  const refuse = (message: string) => new HttpError(400, 'invalid_layout', message, [{ path: 'layout', message }]);
  if (layout === name) throw refuse('A template cannot be its own layout.');
  const [row] = await db.select().from(emailTemplates).where(eq(emailTemplates.name, layout));
  if (!row) throw refuse(`No email template named "${layout}" exists to be the layout.`);
  return row;
}

export const adminEmailsRoutes = (app: FastifyInstance) => ({
  list: s.route(contract.admin.emails.list, async () => {
    const rows = await app.db.select().from(emailTemplates).orderBy(asc(emailTemplates.name));
    return { status: 200, body: await toTemplates(app.db, rows) };
  }),

  create: s.route(contract.admin.emails.create, async ({ body }) => {
    checkTemplate(body);
    await layoutOf(app.db, body.name, body.layout);
    const [row] = await app.db
      .insert(emailTemplates)
      .values({ id: newId(), ...body })
      .onConflictDoNothing()
      .returning();
    if (!row) throw conflict('duplicate_template', `An email template named "${body.name}" already exists.`);
    return { status: 201, body: (await toTemplates(app.db, [row]))[0]! };
  }),

  update: s.route(contract.admin.emails.update, async ({ body }) => {
    const { id, ...fields } = body;
    checkTemplate(fields);
    await layoutOf(app.db, fields.name, fields.layout);
    const [existing] = await app.db.select({ id: emailTemplates.id }).from(emailTemplates).where(eq(emailTemplates.id, id));
    if (!existing) throw notFound('Email template');
    const duplicate = () => conflict('duplicate_template', `An email template named "${fields.name}" already exists.`);
    const [row] = await app.db
      .update(emailTemplates)
      .set({ ...fields, modifiedAt: new Date() })
      .where(eq(emailTemplates.id, id))
      .returning()
      .catch((err: unknown) => {
        throw isUniqueViolation(err) ? duplicate() : err;
      });
    return { status: 200, body: (await toTemplates(app.db, [row!]))[0]! };
  }),

  preview: s.route(contract.admin.emails.preview, async ({ body }) => {
    checkTemplate(body);
    const layout = await layoutOf(app.db, body.name, body.layout);
    const rendered = await renderMessage({ name: body.name, layout: body.layout, subject: body.subject, body: body.body }, layout, {
      ...sampleVariables,
      productName: app.config.productName,
    });
    return { status: 200, body: rendered };
  }),
});
