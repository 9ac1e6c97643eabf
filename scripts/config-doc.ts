import { existsSync, readFileSync } from 'node:fs';
import { z } from 'zod';
import { Env } from '../server/config';

/** Where docs/configuration.md's settings table starts and ends (the rest of the file is written by hand). */
export const TABLE_START = '<!-- The settings table, made from server/config.ts by npm run docs:config: do not edit it by hand. -->';
export const TABLE_END = '<!-- End of the settings table. -->';

type Meta = { description?: string; shown?: string };

/** A setting's default as the table states it: the schema's own default, unless the setting says it (`shown`). */
export function shownDefault(schema: z.ZodType): string {
  const meta = (schema.meta() ?? {}) as Meta;
  if (meta.shown) return meta.shown;
  if (schema instanceof z.ZodDefault) return `\`${String(schema.def.defaultValue)}\``;
  return '(unset)';
}

/** The settings table: every environment variable of server/config.ts, its default and what it means. */
export function settingsTable(): string {
  const rows = Object.entries(Env.shape).map(([name, schema]) => {
    const meta = ((schema as z.ZodType).meta() ?? {}) as Meta;
    return `| \`${name}\` | ${shownDefault(schema as z.ZodType)} | ${meta.description ?? ''} |`;
  });
  return `${TABLE_START}\n| variable | default | meaning |\n|---|---|---|\n${rows.join('\n')}\n${TABLE_END}`;
}

/** docs/configuration.md with its settings table made anew (a test fails when the file is stale). */
export function configurationDoc(path = 'docs/configuration.md'): string {
  const doc = existsSync(path) ? readFileSync(path, 'utf8') : '';
  const start = doc.indexOf(TABLE_START);
  const end = doc.indexOf(TABLE_END);
  if (start < 0 || end < 0) throw new Error(`${path} has no settings table markers`);
  return doc.slice(0, start) + settingsTable() + doc.slice(end + TABLE_END.length);
}
