import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { pickEncoding, spaDocuments } from './spa-document';

const html =
  '<html><head><title>t</title></head><body><div id="root"><!--shell--><h2>__PORTAL_PRODUCT_NAME__.Chat</h2><a href="__PORTAL_TERMS_URL__">t</a><a href="__PORTAL_PRIVACY_URL__">p</a><!--/shell--></div></body></html>';
const text = { productName: 'A&B <x>', termsUrl: 'https://e.example/terms?a=1&b="2"', privacyUrl: '/privacy' };

describe('spaDocuments', () => {
  const documentFor = spaDocuments(html, text, (path) => (path === '/publisher/info' ? ['/assets/info-1.js'] : []));
  it("fills the shell with the configuration's text, escaped, for publisher pages", () => {
    const doc = documentFor('/publisher/apps').identity.toString();
    expect(doc).toContain('<h2>A&#38;B &#60;x&#62;.Chat</h2>');
    expect(doc).toContain('href="https://e.example/terms?a=1&#38;b=&#34;2&#34;"');
    expect(doc).not.toContain('__PORTAL_');
  });
  it('sends the bare document elsewhere', () => {
    expect(documentFor('/apps/x/buy').identity.toString()).toContain('<div id="root"></div>');
    expect(documentFor('/publishers').identity.toString()).toContain('<div id="root"></div>');
  });
  it("preloads the screen's chunks, and keeps one document per kind and set of chunks", () => {
    const info = documentFor('/publisher/info');
    expect(info.identity.toString()).toContain('<link rel="modulepreload" crossorigin href="/assets/info-1.js"></head>');
    expect(documentFor('/publisher/info')).toBe(info);
    expect(documentFor('/publisher/apps').etag).not.toBe(info.etag);
  });
  it('holds the same document in brotli and gzip', () => {
    const doc = documentFor('/publisher/apps');
    expect(brotliDecompressSync(doc.br)).toEqual(doc.identity);
    expect(gunzipSync(doc.gzip)).toEqual(doc.identity);
  });
});

describe('pickEncoding', () => {
  it('picks the smallest the browser accepts', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip')).toBe('gzip');
    expect(pickEncoding(undefined)).toBe('identity');
  });
});

describe('a document with the screen rendered for its user', () => {
  const documentFor = spaDocuments(html, text, (path) => (path === '/publisher/info' ? ['/assets/info-1.js'] : []));
  const screen = {
    html: '<main><h1>Northwind</h1></main>',
    state: JSON.stringify({ queries: [{ name: '</script><script>alert(1)</script>', line: '\u2028' }] }),
  };
  it('carries the screen in place of the shell, inert until the SPA takes it over, and its data outside #root', () => {
    const doc = documentFor('/publisher/info', screen).identity.toString();
    expect(doc).toContain('<div id="root" inert><main><h1>Northwind</h1></main></div>');
    expect(doc).not.toContain('__PORTAL_');
    expect(doc).toContain('<link rel="modulepreload" crossorigin href="/assets/info-1.js"></head>');
    expect(doc).toMatch(/<\/div><script id="portal-state" type="application\/json">.*<\/script><\/body>/);
  });
  it('keeps its data inert inside the script element: nothing in it ends the element, and it reads back as it was', () => {
    const doc = documentFor('/publisher/info', screen).identity.toString();
    const inside = /<script id="portal-state" type="application\/json">(.*?)<\/script>/.exec(doc)![1]!;
    expect(inside).not.toMatch(/[<>\u2028]/);
    expect(JSON.parse(inside)).toEqual(JSON.parse(screen.state));
  });
  it('is made for its request only (never kept), and only for publisher pages', () => {
    expect(documentFor('/publisher/info', screen)).not.toBe(documentFor('/publisher/info', screen));
    expect(documentFor('/publisher/info')).toBe(documentFor('/publisher/info'));
    expect(documentFor('/apps/x/buy', screen).identity.toString()).toContain('<div id="root"></div>');
  });
});
