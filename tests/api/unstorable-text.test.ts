// Text the database cannot store (a NUL character, an unpaired surrogate) is refused by one rule
// (contract/text.ts) wherever it comes in — JSON bodies, multipart fields and file names, a package's file
// names and its manifest — with a 400 in the envelope naming the field, and nothing is written. Also the
// manifest's addresses: web pages kept (support may be an email address).
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNSTORABLE_TEXT_MESSAGE } from '../../contract/text';
import { apps, screenshots } from '../../server/db/schema';
import { uuidOf } from '../../server/dev/seed/seed';
import { pngImage } from '../fixtures/images';
import { fixtureFiles, withManifest, zip } from '../fixtures/packages';
import { startServer, type TestServer } from '../harness';

let s: TestServer;
let owner: string;
beforeAll(async () => {
  s = await startServer({ compileWorker: false });
  owner = await s.signIn('owner');
});
afterAll(() => s.close());

const rows = async () => ({
  apps: (await s.app.db.select({ n: count() }).from(apps))[0]!.n,
  screenshots: (await s.app.db.select({ n: count() }).from(screenshots))[0]!.n,
});
const standup = () => fixtureFiles('standup-helper');
const uploadPackage = (data: Buffer) => s.upload('POST', '/v1/publisher/apps', owner, [{ field: 'app', filename: 'app.zip', data }]);
const refusedAt = (res: { status: number; json: any }, path: string) => {
  expect(res.status, JSON.stringify(res.json)).toBe(400);
  expect(res.json).toMatchObject({ requestId: expect.any(String), fields: [{ path, message: UNSTORABLE_TEXT_MESSAGE }] });
};

describe('text the database cannot store', () => {
  it.each([
    ['a NUL in the manifest name', { name: 'Standup\u0000Helper' }, 'app.json.name'],
    ['an unpaired surrogate in the manifest description', { description: 'broken \uD83D text' }, 'app.json.description'],
    ['a NUL in the author', { author: { name: 'A\u0000', support: 'help@harbor.example' } }, 'app.json.author.name'],
  ])('%s: 400 naming the field, no app', async (_, change, path) => {
    const before = await rows();
    refusedAt(await uploadPackage(zip(withManifest(standup(), change))), path);
    expect(await rows()).toEqual(before);
  });

  it('a package file named with a NUL: 400, no app', async () => {
    const before = await rows();
    refusedAt(await uploadPackage(zip({ ...standup(), 'lib/a\u0000.ts': 'export const a = 1;' })), 'package');
    expect(await rows()).toEqual(before);
  });

  it('a screenshot named a.png\\0.html: 400 naming the file field, nothing stored', async () => {
    const app = uuidOf('app:Weather Now');
    const version = (await s.request('GET', `/v1/publisher/apps/${app}`, { token: owner })).json.latest.id;
    const before = await rows();
    const res = await s.upload('POST', `/v1/publisher/apps/${app}/info/${version}/screenshots`, owner, [
      { field: 'screenshots', filename: 'a.png\u0000.html', data: pngImage(960, 540) },
    ]);
    refusedAt(res, 'screenshots.filename');
    expect(await rows()).toEqual(before);
  });

  it('multipart text fields (the bundle form): a NUL in the field, or in the JSON it carries: 400 naming it', async () => {
    refusedAt(await s.form('POST', '/v1/publisher/bundles', owner, { bundleInfo: '{}', appIds: '["a\u0000"]' }), 'appIds');
    refusedAt(await s.form('POST', '/v1/publisher/bundles', owner, { bundleInfo: JSON.stringify({ name: 'B\u0000' }), appIds: '[]' }), 'bundleInfo.name');
  });

  it('an unpaired surrogate in a JSON body: 400 naming the field, the profile unchanged', async () => {
    const me = (await s.request('GET', '/v1/me', { token: owner })).json;
    // JSON.stringify writes a lone surrogate as the escape \ud800, as any client would send it.
    const res = await s.request('POST', '/v1/me', { token: owner, body: JSON.stringify({ firstName: 'Oli\ud800', lastName: 'B' }) });
    refusedAt(res, 'body.firstName');
    expect((await s.request('GET', '/v1/me', { token: owner })).json.firstName).toBe(me.firstName);
  });
});

describe("the manifest's addresses", () => {
  // A javascript:, data: or file: address is left out with a warning finding, never refused (docs/packages-and-review.md, App packages): tests/api/manifests.test.ts.
  it('keeps an https homepage and a support email address or page; an empty homepage is none', async () => {
    const res = await uploadPackage(zip(withManifest(standup(), { author: { name: 'Harbor Apps', homepage: '', support: 'https://harbor.example/help' } })));
    expect(res.status, res.text).toBe(201);
    const app = (await s.request('GET', `/v1/publisher/apps/${res.json.appId ?? res.json.id}`, { token: owner })).json;
    expect(app.latest.author).toEqual({ name: 'Harbor Apps', support: 'https://harbor.example/help' });
  });
});
