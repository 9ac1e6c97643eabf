import { describe, expect, it } from 'vitest';
import { authorLink, keptAuthorLink } from './author-links';

describe("app.json's author addresses as Rocket.Chat's tools accept them", () => {
  it.each([
    // Rocket.Chat's own Wikipedia app (RocketChat/Apps.Wikipedia app.json).
    ['rocket.chat', 'https://rocket.chat'],
    ['www.example.com', 'https://www.example.com'],
    ['github.com/RocketChat/Apps.Wikipedia', 'https://github.com/RocketChat/Apps.Wikipedia'],
    ['example.co.uk:8443/help?topic=a#b', 'https://example.co.uk:8443/help?topic=a#b'],
    ['//cdn.example.com/x', 'https://cdn.example.com/x'],
    ['  Rocket.Chat  ', 'https://Rocket.Chat'],
    ['xn--bcher-kva.de', 'https://xn--bcher-kva.de'],
    ['bücher.de', 'https://bücher.de'],
  ])('a bare domain %j is an https link', (raw, value) => {
    expect(authorLink(raw)).toEqual({ kind: 'web', value });
  });

  it.each(['https://rocket.chat', 'http://example.com/support', 'HTTPS://Example.com/a?b=1'])('a web address %j stays as it is', (raw) => {
    expect(authorLink(raw)).toEqual({ kind: 'web', value: raw });
  });

  it.each([
    ['support@rocket.chat', 'support@rocket.chat'],
    ['first.last+apps@sub.example.org', 'first.last+apps@sub.example.org'],
    ['mailto:help@example.com', 'help@example.com'],
    ['MAILTO:help%40example.com?subject=x', 'help@example.com'],
  ])('an email address %j stays an email address', (raw, value) => {
    expect(authorLink(raw)).toEqual({ kind: 'email', value });
  });

  it.each([
    ['javascript:alert(1)', 'javascript'],
    ['JavaScript:alert(document.cookie)', 'javascript'],
    ['  javascript:void(0)', 'javascript'],
    ['data:text/html,<script>alert(1)</script>', 'data'],
    ['vbscript:msgbox(1)', 'vbscript'],
    ['file:///etc/passwd', 'file'],
    ['blob:https://example.com/uuid', 'blob'],
  ])('a dangerous address %j is left out', (raw, scheme) => {
    expect(authorLink(raw)).toEqual({ kind: 'dropped', scheme, dangerous: true });
    expect(keptAuthorLink(raw)).toBeUndefined();
  });

  it.each([
    ['ftp://files.example.com', 'ftp'],
    ['tel:+123456', 'tel'],
    ['mailto:not-an-address', 'mailto'],
    ['https://', 'https'],
  ])('another scheme %j is left out', (raw, scheme) => {
    expect(authorLink(raw)).toEqual({ kind: 'dropped', scheme, dangerous: false });
  });

  it.each(['Rocket Chat', 'localhost', 'localhost:3000', '127.0.0.1', 'java\tscript:alert(1)', 'example', '/relative/path', 'evil.com/"onclick=x', 'a@b'])(
    'text that is no address %j is left out',
    (raw) => {
      expect(authorLink(raw)).toMatchObject({ kind: 'dropped', dangerous: false });
      expect(keptAuthorLink(raw)).toBeUndefined();
    },
  );

  it('an empty or missing address is none', () => {
    for (const raw of ['', '   ', undefined, null, 42]) expect(authorLink(raw)).toEqual({ kind: 'none' });
  });
});
