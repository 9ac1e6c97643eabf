import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** The configuration's text the built shell leaves as placeholders (scripts/vite/shell-frame.tsx). */
export type ShellText = { productName: string; termsUrl: string; privacyUrl: string };
const PLACEHOLDERS: Record<keyof ShellText, string> = {
  productName: '__PORTAL_PRODUCT_NAME__',
  termsUrl: '__PORTAL_TERMS_URL__',
  privacyUrl: '__PORTAL_PRIVACY_URL__',
};
const SHELL = /<!--shell-->([\s\S]*?)<!--\/shell-->/;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A document as sent: its bytes, and their brotli and gzip forms (made once, at start). */
export type Encoded = { identity: Buffer; br: Buffer; gzip: Buffer; etag: string };
const encode = (html: string): Encoded => {
  const identity = Buffer.from(html);
  return {
    identity,
    br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(identity, { level: 9 }),
    etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 22)}"`,
  };
};

/**
 * The SPA's documents from the built index.html (docs/adr/0010-first-screen-by-design.md): for
 * /publisher pages, with the publisher shell painted before the JavaScript runs and this server's product name
 * and links filled in; for the others (checkout pages, sign-in callbacks), without it. Each preloads, beside
 * the entry's chunks, the chunks of the screen at its address (`preloads`, from the build's manifest). Made
 * once per kind and set of chunks, then kept (there are as many as screens).
 */
export function spaDocuments(html: string, text: ShellText, preloads: (path: string) => string[] = () => []) {
  const shell = html.replace(SHELL, (_, frame: string) =>
    (Object.keys(PLACEHOLDERS) as (keyof ShellText)[]).reduce((out, key) => out.split(PLACEHOLDERS[key]).join(escapeHtml(text[key])), frame),
  );
  const bare = html.replace(SHELL, '');
  const made = new Map<string, Encoded>();
  return (path: string): Encoded => {
    const publisher = path === '/publisher' || path.startsWith('/publisher/');
    const files = preloads(path);
    const key = `${publisher}|${files.join(' ')}`;
    let document = made.get(key);
    if (!document) {
      const links = files.map((f) => `<link rel="modulepreload" crossorigin href="${escapeHtml(f)}">`).join('');
      document = encode((publisher ? shell : bare).replace('</head>', `${links}</head>`));
      made.set(key, document);
    }
    return document;
  };
}

/** The smallest form the browser accepts (`accept-encoding`), as the static files are chosen. */
export function pickEncoding(accept: string | undefined): 'br' | 'gzip' | 'identity' {
  const names = (accept ?? '').split(',').map((p) => p.trim().split(';'));
  const accepts = (name: string) => names.some(([n, ...params]) => n === name && !params.some((p) => /^q=0(\.0*)?$/.test(p.trim())));
  return accepts('br') ? 'br' : accepts('gzip') ? 'gzip' : 'identity';
}
