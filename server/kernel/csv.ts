/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break; a text starting like a
 * spreadsheet formula (= + - @, tab, carriage return) is prefixed with an apostrophe so that opening an
 * export never runs what somebody typed into a name. Every export of the portal writes its fields with it.
 */
export function csvField(value: string | number | boolean | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (typeof value === 'string' && FORMULA.has(text.charCodeAt(0))) text = `'${text}`;
  return QUOTED.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
/** = + - @ tab, carriage return: how a spreadsheet formula may start. */
const FORMULA = new Set([0x3d, 0x2b, 0x2d, 0x40, 0x09, 0x0d]);
const QUOTED = /[",\r\n]/;

export const csvLine = (fields: (string | number | boolean | null | undefined)[]) => `${fields.map(csvField).join(',')}\r\n`;
