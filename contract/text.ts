/**
 * Text the database cannot store, refused wherever a request brings text in (JSON bodies, query and path,
 * multipart fields and file names, the files of an uploaded package and its manifest) by this one rule:
 * a NUL character (PostgreSQL refuses the byte) or an unpaired UTF-16 surrogate (not Unicode text; it has
 * no UTF-8 form and would be stored as something else than was sent).
 */
export const UNSTORABLE_TEXT_MESSAGE = 'Text may not contain NUL characters or unpaired surrogates.';

const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const isStorableText = (text: string) => !UNSTORABLE.test(text);

/** The path (`a.b.0`) of the first key or string value that is not storable text, or null when all are. */
export function unstorableTextIn(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return isStorableText(value) ? null : path;
  if (!value || typeof value !== 'object' || depth > 64) return null;
  for (const [k, v] of Object.entries(value)) {
    const here = path ? `${path}.${k}` : k;
    if (!isStorableText(k)) return here;
    const found = unstorableTextIn(v, here, depth + 1);
    if (found !== null) return found;
  }
  return null;
}
