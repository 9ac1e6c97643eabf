import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureFiles, withManifest, zip } from '../fixtures/packages';
import { startServer, type TestServer } from '../harness';

// The submission routes of Rocket.Chat's Apps CLI (`rc-apps submit`): POST /v1/apps and POST /v1/apps/:id with
// the form it sends — the package in `app`, `categories` a JSON list of titles, `changes` on updates.
const APP = '0b6f1c8e-2d4a-4e7b-9c3f-5a8d7e6f1b2c';
const pkg = (version: string, id = APP) => zip(withManifest(fixtureFiles('standup-helper'), { id, version, nameSlug: 'standup-cli' }));

let a: TestServer;
let developer: string;
let fjord: string;
let viewer: string;

const submit = (path: string, token: string, data: Buffer, fields: Record<string, string> = {}) => {
  const form = new FormData();
  form.append('app', new Blob([new Uint8Array(data)], { type: 'application/zip' }), 'standup-cli_1.0.0.zip');
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return fetch(`${a.base}${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form }).then(async (r) => ({
    status: r.status,
    json: await r.json(),
  }));
};
const appRows = async (id: string) => (await a.request('GET', `/v1/publisher/apps/${id}`, { token: developer })).status;

beforeAll(async () => {
  a = await startServer();
  developer = await a.signIn('developer');
  fjord = await a.signIn('fjordOwner');
  viewer = await a.signIn('viewer');
});
afterAll(() => a.close());

describe('POST /v1/apps (a new app from the Apps CLI)', () => {
  it('refuses titles that name no category, and writes nothing', async () => {
    const res = await submit('/v1/apps', developer, pkg('1.0.0'), { categories: '["Productivity","Astrology"]' });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: 'validation_error', error: 'Unknown categories: Astrology.' });
    expect(await appRows(APP)).toBe(404);
  });

  it('refuses categories that are not a JSON list of titles, and a change note on a new app', async () => {
    expect((await submit('/v1/apps', developer, pkg('1.0.0'), { categories: 'Productivity' })).status).toBe(400);
    expect((await submit('/v1/apps', developer, pkg('1.0.0'), { categories: '{"a":1}' })).status).toBe(400);
    expect((await submit('/v1/apps', developer, pkg('1.0.0'), { changes: 'First!' })).json.fields).toEqual([
      { path: 'changes', message: 'Only updates have a change note.' },
    ]);
    expect(await appRows(APP)).toBe(404);
  });

  it('refuses a viewer, who may not create apps', async () => {
    expect((await submit('/v1/apps', viewer, pkg('1.0.0'), { categories: '["Productivity"]' })).status).toBe(403);
    expect(await appRows(APP)).toBe(404);
  });

  it('answers 200 with the app, its version in the catalogue’s spelling of the categories, its compile job and where to finish it', async () => {
    const res = await submit('/v1/apps', developer, pkg('1.0.0'), { categories: '["productivity","Communication","Productivity"]' });
    expect(res.status).toBe(200);
    expect(res.json.app.appId).toBe(APP);
    expect(res.json.version).toMatchObject({ version: '1.0.0', categories: ['Productivity', 'Communication'] });
    expect(res.json.compileJob).toMatchObject({ appId: APP, internalAppId: res.json.version.internalId });
    expect(res.json.portalUrl).toBe(`${a.base}/publisher/new-extended/app/${APP}/${res.json.version.internalId}`);
    const settled = await a.settled(developer, APP);
    // Compiled: the publisher finishes it in the portal (details, pricing, screenshots) and submits it there.
    expect(settled.latest.status).toBe('compiled');
  });

  it('tells a second submission of the same app to update it instead (409), and another publisher that the id is taken', async () => {
    expect((await submit('/v1/apps', developer, pkg('1.0.0'))).json).toMatchObject({ code: 'app_exists' });
    expect((await submit('/v1/apps', fjord, pkg('1.0.0'))).json).toMatchObject({ code: 'app_id_taken' });
  });
});

describe('POST /v1/apps/:id (a new version from `rc-apps submit --update`)', () => {
  it('lands the new version with its change note and categories', async () => {
    const res = await submit(`/v1/apps/${APP}`, developer, pkg('1.1.0'), { categories: '["Communication"]', changes: 'Standups can now skip weekends.' });
    expect(res.status).toBe(200);
    expect(res.json.version).toMatchObject({ version: '1.1.0', categories: ['Communication'], changesNote: 'Standups can now skip weekends.' });
    expect(res.json.portalUrl).toContain(`/publisher/update-extended/app/${APP}/`);
    const versions = await a.request('GET', `/v1/publisher/apps/${APP}/all`, { token: developer });
    expect(versions.json.map((v: { version: string }) => v.version)).toEqual(['1.1.0', '1.0.0']);
  });

  it('refuses a version that is not newer, with the wizard’s words', async () => {
    const res = await submit(`/v1/apps/${APP}`, developer, pkg('1.0.5'), { changes: 'Older.' });
    expect(res.status).toBe(409);
    expect(res.json).toMatchObject({ code: 'version_not_newer', error: "The update's version 1.0.5 must be greater than 1.1.0." });
  });

  it('answers another publisher as if the app did not exist, and a package of another app with 400', async () => {
    expect((await submit(`/v1/apps/${APP}`, fjord, pkg('2.0.0'))).status).toBe(404);
    const other = await submit(`/v1/apps/${APP}`, developer, pkg('2.0.0', '1d2c3b4a-5e6f-4a7b-8c9d-0e1f2a3b4c5d'));
    expect(other).toMatchObject({ status: 400, json: { code: 'manifest_invalid' } });
  });
});
