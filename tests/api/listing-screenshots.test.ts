// A version's screenshots in the order the publisher puts them, with captions (docs/packages-and-review.md, The
// listing): reordered and captioned where the lifecycle machine offers SAVE_LISTING, refused elsewhere and on bad
// input with nothing changed, carried to an update in their order, served by the catalog in it.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appVersions } from '../../server/db/schema';
import { uuidOf } from '../../server/dev/seed/seed';
import { pngImage } from '../fixtures/images';
import { fixtureFiles, withManifest, zip } from '../fixtures/packages';
import { startServer, type TestServer } from '../harness';
import { screenshotsSchema } from './rocketchat-schemas';

type Shot = { id: string; fileName: string; caption: string; position: number; thumbnailUrl: string };

let s: TestServer;
let owner: string;
let viewer: string;
let lars: string;
beforeAll(async () => {
  s = await startServer();
  [owner, viewer, lars] = await Promise.all([s.signIn('owner'), s.signIn('viewer'), s.signIn('fjordOwner')]);
});
afterAll(() => s?.close());

const latestOf = async (appId: string) =>
  (await s.request('GET', `/v1/publisher/apps/${appId}`, { token: owner })).json.latest as { id: string; status: string };
const base = (appId: string, versionId: string) => `/v1/publisher/apps/${appId}/info/${versionId}`;
const list = async (appId: string, versionId: string, token = owner) =>
  (await s.request('GET', `${base(appId, versionId)}/screenshots`, { token })).json as Shot[];
const names = (shots: Shot[]) => shots.map((x) => x.fileName);
const upload = (appId: string, versionId: string, files: string[]) =>
  s.upload(
    'POST',
    `${base(appId, versionId)}/screenshots`,
    owner,
    files.map((filename, i) => ({ field: 'screenshots', filename, data: pngImage(960, 540, [40 * i, 90, 200 - 40 * i]) })),
  );
const order = (appId: string, versionId: string, ids: unknown, token = owner) =>
  s.request('POST', `${base(appId, versionId)}/screenshots/order`, { token, body: { ids } });
const caption = (appId: string, versionId: string, shotId: string, body: unknown, token = owner) =>
  s.request('PATCH', `${base(appId, versionId)}/screenshots/${shotId}`, { token, body });
const envelope = { error: expect.any(String), code: expect.anything(), requestId: expect.any(String) };

describe('a draft’s screenshots', () => {
  const weather = uuidOf('app:Weather Now');
  let v: string;
  let shots: Shot[];
  beforeAll(async () => {
    v = (await latestOf(weather)).id;
    const res = await upload(weather, v, ['board.png', 'thread.png', 'search.png']);
    expect(res.status, res.text).toBe(201);
    shots = res.json;
  });

  it('lists them as uploaded, without captions, and puts them in a new order', async () => {
    expect((await list(weather, v)).map((x) => [x.fileName, x.position, x.caption])).toEqual([
      ['board.png', 0, ''],
      ['thread.png', 1, ''],
      ['search.png', 2, ''],
    ]);
    const [board, thread, search] = shots.map((x) => x.id);
    const res = await order(weather, v, [search, board, thread]);
    expect(res.status, res.text).toBe(200);
    expect(names(res.json)).toEqual(['search.png', 'board.png', 'thread.png']);
    expect(names(await list(weather, v))).toEqual(['search.png', 'board.png', 'thread.png']);
    expect((await list(weather, v)).map((x) => x.position)).toEqual([0, 1, 2]);
  });

  it('puts new uploads last, whatever the order before', async () => {
    const res = await upload(weather, v, ['settings.png']);
    expect(res.status, res.text).toBe(201);
    expect(names(await list(weather, v))).toEqual(['search.png', 'board.png', 'thread.png', 'settings.png']);
    // Removing one keeps the others’ order.
    expect((await s.request('DELETE', `/v1/apps/${weather}/screenshots/${res.json[0].id}`, { token: owner })).status).toBe(200);
    expect(names(await list(weather, v))).toEqual(['search.png', 'board.png', 'thread.png']);
  });

  it('captions one, trimmed; an empty caption removes it', async () => {
    const board = shots[0]!.id;
    const res = await caption(weather, v, board, { caption: '  Every board at a glance  ' });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ id: board, caption: 'Every board at a glance' });
    expect((await list(weather, v)).find((x) => x.id === board)?.caption).toBe('Every board at a glance');
    // The reviewer sees the same order and captions.
    const reviewer = await s.signIn('reviewer');
    const staff = await s.request('GET', `/v1/admin/app/${weather}/screenshots/${v}`, { token: reviewer });
    expect(staff.json.map((x: Shot) => [x.fileName, x.caption])).toEqual([
      ['search.png', ''],
      ['board.png', 'Every board at a glance'],
      ['thread.png', ''],
    ]);
    expect((await caption(weather, v, board, { caption: '' })).json.caption).toBe('');
    expect((await caption(weather, v, board, { caption: 'Every board at a glance' })).status).toBe(200);
  });

  it('refuses an order that is not exactly the version’s screenshots, each once, and changes nothing', async () => {
    const before = await list(weather, v);
    const [a, b, c] = before.map((x) => x.id) as [string, string, string];
    const other = (await upload(uuidOf('app:Translate Bridge'), (await latestOf(uuidOf('app:Translate Bridge'))).id, ['other.png'])).json[0].id;
    const bad: [what: string, ids: unknown][] = [
      ['one missing', [a, b]],
      ['one too many', [a, b, c, other]],
      ['another version’s', [a, b, other]],
      ['an unknown id', [a, b, 'no-such-screenshot']],
      ['one twice', [a, a, b]],
      ['none', []],
      ['not a list', 'a,b,c'],
      ['not ids', [1, 2, 3]],
    ];
    for (const [what, ids] of bad) {
      const res = await order(weather, v, ids);
      expect([what, res.status, res.json]).toEqual([what, 400, expect.objectContaining(envelope)]);
    }
    const missing = await order(weather, v, [a, b]);
    expect(missing.json).toMatchObject({
      code: 'validation_error',
      error: 'Name each of the version’s screenshots once, in their new order. This version has 3 screenshots.',
      fields: [{ path: 'ids', message: 'Name each of the version’s screenshots once, in their new order. This version has 3 screenshots.' }],
    });
    expect((await order(weather, v, [a, a, b])).json.fields).toEqual([{ path: 'ids', message: 'A screenshot is named more than once.' }]);
    expect(await list(weather, v)).toEqual(before);
  });

  it('refuses a caption too long, on more than one line, or not text, and changes nothing', async () => {
    const before = await list(weather, v);
    const id = before[0]!.id;
    const bad: [what: string, body: unknown, message: string][] = [
      ['too long', { caption: 'x'.repeat(201) }, 'This must be no more than 200 characters.'],
      ['two lines', { caption: 'Boards\nand threads' }, 'A caption is one line of text.'],
      ['a number', { caption: 42 }, 'A caption is one line of text.'],
      ['missing', {}, 'A caption is one line of text.'],
      ['unstorable', { caption: 'a\u0000b' }, 'Text may not contain NUL characters or unpaired surrogates.'],
      ['half a surrogate pair', { caption: 'a\uD800b' }, 'Text may not contain NUL characters or unpaired surrogates.'],
    ];
    for (const [what, body, message] of bad) {
      const res = await caption(weather, v, id, body);
      expect([what, res.status, res.json?.fields?.[0]?.message]).toEqual([what, 400, message]);
      expect(res.json).toMatchObject(envelope);
    }
    expect((await caption(weather, v, id, { caption: 'x'.repeat(200) })).status).toBe(200);
    await caption(weather, v, id, { caption: before[0]!.caption });
    expect(await list(weather, v)).toEqual(before);
  });

  it('is the owner publisher’s to change: another publisher finds nothing, a viewer may not', async () => {
    const before = await list(weather, v);
    const ids = before.map((x) => x.id);
    expect((await order(weather, v, [...ids].reverse(), lars)).status).toBe(404);
    expect((await caption(weather, v, ids[0]!, { caption: 'Mine now' }, lars)).status).toBe(404);
    expect((await order(weather, v, [...ids].reverse(), viewer)).status).toBe(403);
    expect((await caption(weather, v, ids[0]!, { caption: 'Mine now' }, viewer)).status).toBe(403);
    // A screenshot named under another version's path is not there.
    const translate = uuidOf('app:Translate Bridge');
    const other = (await latestOf(translate)).id;
    expect((await caption(weather, other, ids[0]!, { caption: 'Elsewhere' })).status).toBe(404);
    expect((await caption(translate, other, ids[0]!, { caption: 'Elsewhere' })).status).toBe(404);
    expect(await list(weather, v)).toEqual(before);
  });
});

describe('a version waiting for review', () => {
  it('keeps its screenshots as they are: 409 version_locked', async () => {
    const jira = uuidOf('app:Jira Connector');
    const latest = await latestOf(jira);
    expect(latest.status).toBe('author-approved');
    const shots = await list(jira, latest.id);
    const res = await order(
      jira,
      latest.id,
      shots.map((x) => x.id),
    );
    expect([res.status, res.json.code]).toEqual([409, 'version_locked']);
    expect(res.json.error).toBe('Jira Connector v1.1.0 is author approved: its details can no longer change. Upload an update to change them.');
    // A screenshot it has (put there as an earlier upload would have).
    const { screenshots } = await import('../../server/db/schema');
    await s.app.db
      .insert(screenshots)
      .values({ id: 'jira-shot-1', appId: jira, internalId: latest.id, fileName: 'j.png', storagePath: `screenshots/${jira}/jira-shot-1.png` });
    const cap = await caption(jira, latest.id, 'jira-shot-1', { caption: 'Issues from chat' });
    expect([cap.status, cap.json.code]).toEqual([409, 'version_locked']);
    expect((await list(jira, latest.id))[0]!.caption).toBe('');
  });
});

describe('the listing as one thing', () => {
  it('carries the screenshots to an update in their order, with their captions', async () => {
    const id = '3f1c2b7a-8e4d-4c19-a0b2-6d5e4f3a2b20';
    const files = withManifest(fixtureFiles('standup-helper'), { id, nameSlug: 'standup-ordered', name: 'Standup Ordered' });
    expect((await s.upload('POST', '/v1/publisher/apps', owner, [{ field: 'app', filename: 'a.zip', data: zip(files) }])).status).toBe(201);
    await s.settled(owner, id);
    const first = (await latestOf(id)).id;
    const shots = (await upload(id, first, ['one.png', 'two.png', 'three.png'])).json as Shot[];
    const [one, two, three] = shots.map((x) => x.id) as [string, string, string];
    expect((await order(id, first, [three, one, two])).status).toBe(200);
    expect((await caption(id, first, three, { caption: 'Three comes first' })).status).toBe(200);
    expect((await caption(id, first, two, { caption: 'Two comes last' })).status).toBe(200);
    // A removal leaves a gap in the positions; the copy closes it.
    expect((await s.request('DELETE', `/v1/apps/${id}/screenshots/${one}`, { token: owner })).status).toBe(200);

    const next = await s.upload('PUT', `/v1/apps/${id}`, owner, [{ field: 'app', filename: 'u.zip', data: zip(withManifest(files, { version: '1.1.0' })) }]);
    expect(next.status, next.text).toBe(200);
    await s.settled(owner, id);
    const second = (await latestOf(id)).id;
    expect(second).not.toBe(first);
    expect((await list(id, second)).map((x) => [x.fileName, x.caption, x.position])).toEqual([
      ['three.png', 'Three comes first', 0],
      ['two.png', 'Two comes last', 1],
    ]);
    // Each version's own: a new caption on the update leaves the earlier version's.
    const copied = await list(id, second);
    expect((await caption(id, second, copied[0]!.id, { caption: 'Three, renamed' })).status).toBe(200);
    expect((await list(id, first)).map((x) => x.caption)).toEqual(['Three comes first', 'Two comes last']);

    // The preview: the listing's fields as the catalog serves them, the description rendered, the screenshots in order.
    const info = {
      shortDescription: 'Standups without a meeting',
      description: 'Type **/standup** in a room.',
      privacyPolicySummary: 'Keeps answers.',
      documentationUrl: 'https://northwind.example/docs',
    };
    expect((await s.request('POST', `${base(id, second)}/info`, { token: owner, body: info })).status).toBe(200);
    const preview = await s.request('GET', `${base(id, second)}/listing`, { token: owner });
    expect(preview.status, preview.text).toBe(200);
    expect(preview.json).toMatchObject({
      appId: id,
      internalId: second,
      name: 'Standup Ordered',
      version: '1.1.0',
      shortDescription: info.shortDescription,
      detailedDescription: { raw: info.description, rendered: '<p>Type <strong>/standup</strong> in a room.</p>' },
      privacyPolicySummary: info.privacyPolicySummary,
      documentationUrl: info.documentationUrl,
    });
    expect(preview.json.screenshots.map((x: Shot) => x.caption)).toEqual(['Three, renamed', 'Two comes last']);
    expect((await s.request('GET', `${base(id, second)}/listing`, { token: lars })).status).toBe(404);
  });

  it('changes on a live version until an update is on its way, which carries it from then on (the old text would come back)', async () => {
    const id = '3f1c2b7a-8e4d-4c19-a0b2-6d5e4f3a2b21';
    const files = withManifest(fixtureFiles('standup-helper'), { id, nameSlug: 'standup-live', name: 'Standup Live' });
    expect((await s.upload('POST', '/v1/publisher/apps', owner, [{ field: 'app', filename: 'a.zip', data: zip(files) }])).status).toBe(201);
    await s.settled(owner, id);
    const live = (await latestOf(id)).id;
    await s.app.db.update(appVersions).set({ status: 'published' }).where(eq(appVersions.internalId, live));
    const info = { shortDescription: 'Standups, live and fixed', description: 'D', privacyPolicySummary: 'P', documentationUrl: 'https://d.example' };
    expect((await s.request('POST', `${base(id, live)}/info`, { token: owner, body: info })).status).toBe(200);

    const next = await s.upload('PUT', `/v1/apps/${id}`, owner, [{ field: 'app', filename: 'u.zip', data: zip(withManifest(files, { version: '1.1.0' })) }]);
    expect(next.status, next.text).toBe(200);
    await s.settled(owner, id);
    const refused = await s.request('POST', `${base(id, live)}/info`, { token: owner, body: { ...info, shortDescription: 'Too late for this one' } });
    expect([refused.status, refused.json.code, refused.json.error]).toEqual([
      409,
      'version_locked',
      'Standup Live v1.0.0 is published, and v1.1.0 carries its listing from here on: change the listing there.',
    ]);
    expect((await upload(id, live, ['late.png'])).status).toBe(409);
    // The update carries the live text, and takes the change.
    const update = (await latestOf(id)).id;
    expect((await s.request('GET', base(id, update), { token: owner })).json.shortDescription).toBe('Standups, live and fixed');
    expect((await s.request('POST', `${base(id, update)}/info`, { token: owner, body: { ...info, shortDescription: 'Too late for this one' } })).status).toBe(
      200,
    );
  });

  it('is served by the catalog in the publisher’s order, with captions Rocket.Chat’s schema takes', async () => {
    const standup = uuidOf('app:Standup Bot');
    const live = await latestOf(standup);
    expect(live.status).toBe('published');
    const shots = (await upload(standup, live.id, ['standup.png', 'answers.png'])).json as Shot[];
    expect((await order(standup, live.id, [shots[1]!.id, shots[0]!.id])).status).toBe(200);
    expect((await caption(standup, live.id, shots[0]!.id, { caption: 'The standup in a thread' })).status).toBe(200);
    const res = await s.request('GET', `/v1/apps/${standup}/screenshots`);
    expect(res.status).toBe(200);
    expect(screenshotsSchema.safeParse(res.json).success).toBe(true);
    expect(res.json.map((x: { fileName: string; caption: string }) => [x.fileName, x.caption])).toEqual([
      ['answers.png', ''],
      ['standup.png', 'The standup in a thread'],
    ]);
  });
});
