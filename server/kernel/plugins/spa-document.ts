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
const ROOT = '<div id="root">';

/** The render's data inside a script element: nothing in it can end the element or start markup. */
export const stateScript = (state: string) =>
  `<script id="portal-state" type="application/json">${state.replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)}</script>`;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A document as sent: its bytes, and their brotli and gzip forms (made once, at start). */
export type Encoded = { identity: Buffer; br: Buffer; gzip: Buffer; etag: string };
// (a document made for one request is compressed at a quality that takes a millisecond, not tens)
const encode = (html: string, quality = 11): Encoded => {
  const identity = Buffer.from(html);
  return {
    identity,
    br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: quality } }),
    gzip: gzipSync(identity, { level: 9 }),
    etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 22)}"`,
  };
};

/** A screen rendered on the server for one request (./screen-render.ts): what goes in #root, and its data. */
export type Screen = { html: string; state: string };

/**
 * The SPA's documents from the built index.html (docs/adr/0010-first-screen-by-design.md): for
 * /publisher pages, with the publisher shell painted before the JavaScript runs and this server's product name
 * and links filled in; for the others (checkout pages, sign-in callbacks), without it. Each preloads, beside
 * the entry's chunks, the chunks of the screen at its address (`preloads`, from the build's manifest). Made
 * once per kind and set of chunks, then kept (there are as many as screens). Given the `screen` rendered for a
 * signed-in user, a publisher document carries it in place of the shell, with its data for the SPA to start from
 * (./screen-render.ts); made for that request only.
 */
export function spaDocuments(html: string, text: ShellText, preloads: (path: string) => string[] = () => []) {
  const shell = html.replace(SHELL, (_, frame: string) =>
    (Object.keys(PLACEHOLDERS) as (keyof ShellText)[]).reduce((out, key) => out.split(PLACEHOLDERS[key]).join(escapeHtml(text[key])), frame),
  );
  const bare = html.replace(SHELL, '');
  const made = new Map<string, Encoded>();
  const withPreloads = (html: string, files: string[]) =>
    html.replace('</head>', `${files.map((f) => `<link rel="modulepreload" crossorigin href="${escapeHtml(f)}">`).join('')}</head>`);
  return (path: string, screen?: Screen): Encoded => {
    const publisher = path === '/publisher' || path.startsWith('/publisher/');
    const files = preloads(path);
    if (publisher && screen) {
      // Inert until the SPA takes it over (src/main.tsx): a click or a key before then would do nothing. Its data
      // follows it, outside #root, where React will find only the elements it rendered.
      const page = html
        .replace(SHELL, () => screen.html)
        .replace(ROOT, '<div id="root" inert>')
        .replace('</body>', () => `${stateScript(screen.state)}</body>`);
      return encode(withPreloads(page, files), 5);
    }
    const key = `${publisher}|${files.join(' ')}`;
    let document = made.get(key);
    if (!document) {
      document = encode(withPreloads(publisher ? shell : bare, files));
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
