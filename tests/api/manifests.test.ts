// Manifests as Rocket.Chat accepts them, bounded as the forms bound the same fields (docs/packages-and-review.md, App packages): a corpus of
// real-shaped app.json files (Rocket.Chat's own Wikipedia app's bare domains, emails, missing optional fields)
// uploads; an address that is no link (javascript: …) is left out with a warning finding, never refused; a
// manifest over 64 KB or a field past its bound is refused naming the field, and so is a zip with two app.json.
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../contract/common';
import { MANIFEST_LIMITS, MANIFEST_TEXT } from '../../contract/schemas/app';
import { appVersions, apps } from '../../server/db/schema';
import { zipSync } from 'fflate';
import { fixtureFiles, withManifest, zip } from '../fixtures/packages';
import { startServer, type TestServer } from '../harness';

const standup = () => fixtureFiles('standup-helper');
const appCount = async (s: TestServer) => (await s.app.db.select({ n: count() }).from(apps))[0]!.n;
const upload = (s: TestServer, token: string, data: Buffer) => s.upload('POST', '/v1/publisher/apps', token, [{ field: 'app', filename: 'app.zip', data }]);

/** A package holding Rocket.Chat's Wikipedia app's manifest as it is published (RocketChat/Apps.Wikipedia app.json), with an id and slug of its own. */
function wikipediaShaped(id: string, nameSlug: string, change: Record<string, unknown> = {}) {
  const files = standup();
  const manifest = {
    id,
    version: '0.0.1',
    requiredApiVersion: '^1.19.0',
    iconFile: 'icon.png',
    author: { name: 'Rocket Chat', homepage: 'rocket.chat', support: 'rocket.chat' },
    name: 'Wikipedia',
    nameSlug,
    classFile: 'WikipediaApp.ts',
    description: 'Wikipedia Search App',
    permissions: [{ name: 'networking' }, { name: 'api' }, { name: 'message.write' }, { name: 'slashcommand' }, { name: 'ui.interact' }],
    implements: [],
    ...change,
  };
  return { 'app.json': JSON.stringify(manifest, null, 4), 'WikipediaApp.ts': files['StandupHelperApp.ts']!, 'icon.png': files['icon.png']! };
}

describe('manifests as Rocket.Chat accepts them, bounded', () => {
  let s: TestServer;
  let owner: string;
  beforeAll(async () => {
    s = await startServer({ compileWorker: false });
    owner = await s.signIn('owner');
  });
  afterAll(() => s?.close());

  /** Real-shaped manifests (what Rocket.Chat's tools accept), and the author each is stored with. */
  const corpus: [string, Record<string, unknown>, Record<string, string>][] = [
    ['Rocket.Chat’s Wikipedia app (bare domains)', {}, { name: 'Rocket Chat', homepage: 'https://rocket.chat', support: 'https://rocket.chat' }],
    [
      'an email support address and no homepage',
      { author: { name: 'Rocket Chat', support: 'apps@harbor.example' } },
      { name: 'Rocket Chat', support: 'apps@harbor.example' },
    ],
    [
      'a mailto: support address and a www. homepage',
      { author: { name: 'Harbor', homepage: 'www.harbor.example', support: 'mailto:apps@harbor.example' } },
      { name: 'Harbor', homepage: 'https://www.harbor.example', support: 'apps@harbor.example' },
    ],
    [
      'a repository path and an http homepage',
      { author: { name: 'Harbor', homepage: 'http://harbor.example', support: 'github.com/harbor/wikipedia/issues' } },
      { name: 'Harbor', homepage: 'http://harbor.example', support: 'https://github.com/harbor/wikipedia/issues' },
    ],
    [
      'no description, permissions or implements',
      { description: undefined, permissions: undefined, implements: undefined },
      { name: 'Rocket Chat', homepage: 'https://rocket.chat', support: 'https://rocket.chat' },
    ],
    [
      'an empty homepage',
      { author: { name: 'Rocket Chat', homepage: '', support: 'https://rocket.chat/support' } },
      { name: 'Rocket Chat', support: 'https://rocket.chat/support' },
    ],
  ];
  it('uploads every manifest of a corpus of real-shaped ones (201), the addresses as links', async () => {
    for (const [i, [what, change, author]] of corpus.entries()) {
      const id = `121a32f6-e35b-458f-9108-${String(i).padStart(12, '0')}`;
      const res = await upload(s, owner, zip(wikipediaShaped(id, `wikipedia-${i}`, change)));
      expect(res.status, `${what}: ${res.text}`).toBe(201);
      const app = (await s.request('GET', `/v1/publisher/apps/${id}`, { token: owner })).json;
      expect(app.latest.author, what).toEqual(author);
    }
  });

  it('leaves out a javascript:, data: or file: address (the field stored empty), never refusing the upload', async () => {
    for (const [i, author] of [
      { name: 'Harbor', homepage: 'javascript:alert(1)', support: 'apps@harbor.example' },
      { name: 'Harbor', homepage: 'https://harbor.example', support: 'data:text/html,<script>alert(1)</script>' },
      { name: 'Harbor', homepage: 'file:///etc/passwd', support: 'vbscript:msgbox(1)' },
    ].entries()) {
      const id = `6d1c2b3a-4e5f-4a6b-8c7d-${String(i).padStart(12, '0')}`;
      const res = await upload(s, owner, zip(wikipediaShaped(id, `harbor-links-${i}`, { author })));
      expect(res.status, res.text).toBe(201);
      const [version] = await s.app.db
        .select({ author: appVersions.author, manifest: appVersions.manifest })
        .from(appVersions)
        .where(eq(appVersions.appId, id));
      expect(JSON.stringify(version)).not.toMatch(/javascript:|data:|file:|vbscript:/);
    }
  });

  it('refuses a manifest over 64 KB before reading it, naming app.json; nothing stored', async () => {
    const before = await appCount(s);
    // 9 MB of description zip to a few kilobytes: what the attack sent.
    for (const description of ['d'.repeat(9 * 1024 * 1024), 'd'.repeat(MANIFEST_LIMITS.bytes)]) {
      const res = await upload(s, owner, zip(withManifest(standup(), { description })));
      expect(res.status, res.text.slice(0, 300)).toBe(400);
      expect(res.json).toMatchObject({ code: 'manifest_too_large', fields: [{ path: 'app.json', message: MANIFEST_TEXT.tooLarge }] });
    }
    expect(await appCount(s)).toBe(before);
  });

  it.each([
    ['description', { description: 'd'.repeat(LIMITS.text + 1) }, 'app.json.description', MANIFEST_TEXT.tooLong('description', LIMITS.text)],
    ['name', { name: 'n'.repeat(LIMITS.name + 1) }, 'app.json.name', MANIFEST_TEXT.tooLong('name', LIMITS.name)],
    [
      'author.name',
      { author: { name: 'a'.repeat(LIMITS.name + 1), support: 'apps@harbor.example' } },
      'app.json.author.name',
      MANIFEST_TEXT.tooLong('author.name', LIMITS.name),
    ],
    [
      'author.homepage',
      { author: { name: 'Harbor', homepage: `harbor.example/${'h'.repeat(LIMITS.url)}`, support: 'apps@harbor.example' } },
      'app.json.author.homepage',
      MANIFEST_TEXT.tooLong('author.homepage', LIMITS.url),
    ],
    [
      'a permission',
      { permissions: [{ name: 'p'.repeat(LIMITS.name + 1) }] },
      'app.json.permissions.0.name',
      MANIFEST_TEXT.tooLong('permissions.name', LIMITS.name),
    ],
  ])('refuses an over-long %s, naming the field; nothing stored', async (_, change, path, message) => {
    const before = await appCount(s);
    const res = await upload(s, owner, zip(withManifest(standup(), change)));
    expect(res.status, res.text.slice(0, 300)).toBe(400);
    expect(res.json).toMatchObject({ code: 'manifest_invalid', requestId: expect.any(String) });
    expect(res.json.fields).toContainEqual({ path, message });
    expect(await appCount(s)).toBe(before);
  });

  it('refuses a zip with two app.json entries (400), whichever one a reader would take', async () => {
    const files = standup();
    const manifest = new TextDecoder().decode(files['app.json'] as Uint8Array);
    // Zipped under a stand-in name of the same length, renamed to app.json in its headers.
    const bytes = Buffer.from(zipSync({ ...files, 'app.jso\u0001': new TextEncoder().encode(manifest.replace('Standup Helper', 'Something Else')) }));
    const twice = Buffer.from(bytes.toString('latin1').split('app.jso\u0001').join('app.json'), 'latin1');
    const before = await appCount(s);
    const res = await upload(s, owner, twice);
    expect(res.status, res.text).toBe(400);
    expect(res.json).toMatchObject({ code: 'package_duplicate_entry', error: MANIFEST_TEXT.duplicateEntry('app.json') });
    expect(await appCount(s)).toBe(before);
  });
});

describe('an address left out is a warning finding', () => {
  let s: TestServer;
  let owner: string;
  beforeAll(async () => {
    s = await startServer();
    owner = await s.signIn('owner');
  });
  afterAll(() => s?.close());

  it('a javascript: homepage: uploaded (201), homepage empty, and the compile’s checks warn of it (not blocking)', async () => {
    const files = withManifest(standup(), {
      id: '0c9e8d7f-6a5b-4c3d-9e1f-2a3b4c5d6e7f',
      nameSlug: 'standup-links',
      author: { name: 'Harbor', homepage: 'javascript:alert(1)', support: 'rocket.chat' },
    });
    const made = await upload(s, owner, zip(files));
    expect(made.status, made.text).toBe(201);
    expect(made.json.latest.author).toEqual({ name: 'Harbor', support: 'https://rocket.chat' });
    const settled = await s.settled(owner, made.json.appId);
    expect(settled.latest.status).toBe('compiled');
    const res = await s.request('GET', `/v1/publisher/apps/${made.json.appId}/findings/${settled.latest.internalId}`, { token: owner });
    expect(res.status, res.text).toBe(200);
    expect(res.json.findings).toEqual([
      expect.objectContaining({
        check: 'manifest-links',
        severity: 'warns',
        file: 'app.json',
        line: expect.any(Number),
        reason: expect.stringContaining('author.homepage "javascript:alert(1)" is a javascript: address'),
      }),
    ]);
    expect(res.json.blocking).toBeNull();
  });
});
