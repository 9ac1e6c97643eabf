import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../../contract/common';
import { MANIFEST_LIMITS, MANIFEST_TEXT } from '../../../contract/schemas/app';
import { HttpError } from '../../errors';
import { Manifest, readManifest } from './manifest';

const base = {
  id: '121a32f6-e35b-458f-9108-ad6dedcf00f8',
  version: '0.0.1',
  requiredApiVersion: '^1.19.0',
  iconFile: 'icon.png',
  author: { name: 'Rocket Chat', homepage: 'rocket.chat', support: 'rocket.chat' },
  name: 'Wikipedia',
  nameSlug: 'wikipedia',
  classFile: 'WikipediaApp.ts',
  description: 'Wikipedia Search App',
  permissions: [{ name: 'networking' }, { name: 'api' }],
  implements: [],
};
const files = (manifest: unknown) =>
  new Map<string, Buffer>([
    ['app.json', Buffer.from(typeof manifest === 'string' ? manifest : JSON.stringify(manifest))],
    ['WikipediaApp.ts', Buffer.from('export class WikipediaApp {}')],
    ['icon.png', Buffer.from('png')],
  ]);
/** The 400 readManifest answers, as fields. */
function refused(manifest: unknown) {
  try {
    readManifest(files(manifest), '1.66.0');
  } catch (e) {
    expect(e).toBeInstanceOf(HttpError);
    const err = e as HttpError;
    expect(err.statusCode).toBe(400);
    return { code: err.code, fields: err.fields };
  }
  throw new Error('accepted');
}

describe('app.json bounded as the forms bound the same fields', () => {
  it.each([
    ['name', { name: 'n'.repeat(LIMITS.name + 1) }, 'app.json.name', MANIFEST_TEXT.tooLong('name', LIMITS.name)],
    ['description', { description: 'd'.repeat(LIMITS.text + 1) }, 'app.json.description', MANIFEST_TEXT.tooLong('description', LIMITS.text)],
    ['nameSlug', { nameSlug: 's'.repeat(LIMITS.name + 1) }, 'app.json.nameSlug', MANIFEST_TEXT.tooLong('nameSlug', LIMITS.name)],
    ['version', { version: `1.0.0-${'a'.repeat(LIMITS.id)}` }, 'app.json.version', MANIFEST_TEXT.tooLong('version', LIMITS.id)],
    [
      'requiredApiVersion',
      { requiredApiVersion: `^1.0.0 ${'|| ^1.0.0 '.repeat(20)}` },
      'app.json.requiredApiVersion',
      MANIFEST_TEXT.tooLong('requiredApiVersion', LIMITS.name),
    ],
    [
      'author.name',
      { author: { ...base.author, name: 'a'.repeat(LIMITS.name + 1) } },
      'app.json.author.name',
      MANIFEST_TEXT.tooLong('author.name', LIMITS.name),
    ],
    [
      'author.support',
      { author: { ...base.author, support: `https://x.example/${'a'.repeat(LIMITS.url)}` } },
      'app.json.author.support',
      MANIFEST_TEXT.tooLong('author.support', LIMITS.url),
    ],
    [
      'author.homepage',
      { author: { ...base.author, homepage: `x.example/${'a'.repeat(LIMITS.url)}` } },
      'app.json.author.homepage',
      MANIFEST_TEXT.tooLong('author.homepage', LIMITS.url),
    ],
    ['classFile', { classFile: `${'a'.repeat(MANIFEST_LIMITS.path)}.ts` }, 'app.json.classFile', MANIFEST_TEXT.tooLong('classFile', MANIFEST_LIMITS.path)],
    ['iconFile', { iconFile: `${'a'.repeat(MANIFEST_LIMITS.path)}.png` }, 'app.json.iconFile', MANIFEST_TEXT.tooLong('iconFile', MANIFEST_LIMITS.path)],
    [
      'a permission name',
      { permissions: [{ name: 'p'.repeat(LIMITS.name + 1) }] },
      'app.json.permissions.0.name',
      MANIFEST_TEXT.tooLong('permissions.name', LIMITS.name),
    ],
    [
      'too many permissions',
      { permissions: Array.from({ length: MANIFEST_LIMITS.listItems + 1 }, (_, i) => ({ name: `p${i}` })) },
      'app.json.permissions',
      MANIFEST_TEXT.tooMany('permissions', MANIFEST_LIMITS.listItems),
    ],
    ['an implements entry', { implements: ['i'.repeat(LIMITS.name + 1)] }, 'app.json.implements.0', MANIFEST_TEXT.tooLong('implements', LIMITS.name)],
  ])('refuses a %s past its bound, naming it', (_, change, path, message) => {
    const { code, fields } = refused({ ...base, ...change });
    expect(code).toBe('manifest_invalid');
    expect(fields).toContainEqual({ path, message });
  });

  it('takes each field at its bound', () => {
    const atBounds = {
      ...base,
      name: 'n'.repeat(LIMITS.name),
      description: 'd'.repeat(LIMITS.text),
      author: { name: 'a'.repeat(LIMITS.name), support: `https://x.example/${'a'.repeat(LIMITS.url - 'https://x.example/'.length)}`, homepage: 'rocket.chat' },
    };
    expect(Manifest.safeParse(atBounds).success).toBe(true);
  });

  it('refuses a manifest over 64 KB before reading it (not even JSON)', () => {
    const big = JSON.stringify({ ...base, padding: 'x'.repeat(MANIFEST_LIMITS.bytes) });
    expect(refused(big)).toEqual({ code: 'manifest_too_large', fields: [{ path: 'app.json', message: MANIFEST_TEXT.tooLarge }] });
    expect(refused(`{${' '.repeat(MANIFEST_LIMITS.bytes)}`).code).toBe('manifest_too_large');
    // 9 MB of description, as the attack sent it.
    expect(refused({ ...base, description: 'd'.repeat(9 * 1024 * 1024) }).code).toBe('manifest_too_large');
  });
});

describe('app.json as Rocket.Chat accepts it', () => {
  it("takes the Wikipedia app's manifest (bare domains become https links), and an email support address without a homepage", () => {
    expect(readManifest(files(base), '1.66.0').manifest.author).toEqual({
      name: 'Rocket Chat',
      homepage: 'https://rocket.chat',
      support: 'https://rocket.chat',
    });
    const { manifest } = readManifest(files({ ...base, author: { name: 'Rocket Chat', support: 'help@example.com' } }), '1.66.0');
    expect(manifest.author).toEqual({ name: 'Rocket Chat', support: 'help@example.com' });
  });

  it('takes a manifest without its optional fields', () => {
    const { description: _d, permissions: _p, implements: _i, ...required } = base;
    expect(readManifest(files(required), '1.66.0').manifest).toMatchObject({ description: '', name: 'Wikipedia' });
  });

  it.each([
    ['javascript:alert(1)', 'help@example.com'],
    ['data:text/html,<script>alert(1)</script>', 'https://example.com/help'],
    ['file:///etc/passwd', 'vbscript:msgbox(1)'],
  ])('leaves out a dangerous homepage %j or support %j, never refusing the manifest', (homepage, support) => {
    const { manifest } = readManifest(files({ ...base, author: { name: 'Harbor', homepage, support } }), '1.66.0');
    expect(manifest.author.homepage).toBeUndefined();
    expect(JSON.stringify(manifest.author)).not.toMatch(/javascript|data:|file:|vbscript/);
  });

  it('still wants author.name and author.support, as the Apps CLI does', () => {
    expect(refused({ ...base, author: { name: 'Harbor' } }).fields).toContainEqual({ path: 'app.json.author.support', message: 'author.support is required.' });
    expect(refused({ ...base, author: { name: ' ', support: 'a@b.example' } }).fields).toContainEqual({
      path: 'app.json.author.name',
      message: 'author.name is required.',
    });
  });
});
