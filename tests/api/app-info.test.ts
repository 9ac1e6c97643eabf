import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { appVersions } from '../../server/db/schema';
import { uuidOf } from '../../server/dev/seed/seed';
import sharp from 'sharp';
import { TRAILER, contains, imageOf, jpegWithGps, pngBomb, pngImage } from '../fixtures/images';
import { startServer, type TestServer } from '../harness';

let s: TestServer;
let owner: string;
let viewer: string;
let lars: string;
beforeAll(async () => {
  s = await startServer();
  [owner, viewer, lars] = await Promise.all([s.signIn('owner'), s.signIn('viewer'), s.signIn('fjordOwner')]);
});
afterAll(() => s.close());

const appId = (name: string) => uuidOf(`app:${name}`);
const latest = async (name: string, token = owner) => (await s.request('GET', `/v1/publisher/apps/${appId(name)}`, { token })).json.latest;
const post = async (name: string, step: string, body: unknown, token = owner) =>
  s.request('POST', `/v1/publisher/apps/${appId(name)}/info/${(await latest(name, token === lars ? owner : token)).id}/${step}`, { token, body });
const fields = (res: { json: { fields?: { path: string; message: string }[] } }) => Object.fromEntries((res.json.fields ?? []).map((f) => [f.path, f.message]));

describe('App details (categories and languages)', () => {
  it('saves them; the spec’s messages when either is empty', async () => {
    const ok = await post('Weather Now', 'details', { categories: ['Social', 'Productivity'], languages: ['en', 'pt-BR'] });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json).toMatchObject({ categories: ['Social', 'Productivity'], languages: ['en', 'pt-BR'] });
    const empty = await post('Weather Now', 'details', { categories: [], languages: [] });
    expect(empty.status).toBe(400);
    expect(fields(empty)).toEqual({
      categories: 'Please select at least one category.',
      languages: 'Please indicate which language(s) your app currently supports.',
    });
    expect((await latest('Weather Now')).categories).toEqual(['Social', 'Productivity']);
  });

  it('refuses Enterprise, unknown categories and unknown languages', async () => {
    expect(fields(await post('Weather Now', 'details', { categories: ['Enterprise'], languages: ['en'] }))).toEqual({
      'categories.0': 'Enterprise is not a category you can choose.',
    });
    expect((await post('Weather Now', 'details', { categories: ['Gardening'], languages: ['en'] })).json.error).toBe('Unknown categories: Gardening.');
    expect(fields(await post('Weather Now', 'details', { categories: ['Social'], languages: ['klingon'] }))).toEqual({
      'languages.0': 'Choose languages from the list.',
    });
  });

  it('is for the app’s own publisher with app update permission', async () => {
    expect((await post('Weather Now', 'details', { categories: ['Social'], languages: ['en'] }, viewer)).status).toBe(403);
    expect((await post('Weather Now', 'details', { categories: ['Social'], languages: ['en'] }, lars)).status).toBe(404);
  });
});

describe('App info and change log', () => {
  const info = {
    shortDescription: 'Forecasts for any city',
    description: 'Type /weather Oslo.',
    privacyPolicySummary: 'Sends city names to the weather service.',
    documentationUrl: 'https://northwind.example/docs/weather',
  };
  it('gives each short-description rule its message', async () => {
    const say = async (shortDescription: string) => fields(await post('Weather Now', 'info', { ...info, shortDescription }));
    expect(await say('')).toEqual({ shortDescription: 'Please provide a concise short description (max of 45 characters).' });
    expect(await say('Too short')).toEqual({
      shortDescription: 'While the short description must be short, it needs to provide value to the customer (more than 10 characters).',
    });
    expect(await say('x'.repeat(46))).toEqual({ shortDescription: 'The short description must be no more than 45 characters.' });
  });
  it('requires the description, the privacy summary and a documentation URL', async () => {
    const res = await post('Weather Now', 'info', {
      shortDescription: 'Forecasts for any city',
      description: ' ',
      privacyPolicySummary: '',
      documentationUrl: 'not a url',
    });
    expect(fields(res)).toEqual({
      description: 'Description is required.',
      privacyPolicySummary: 'Privacy Policy Summary is required.',
      documentationUrl: "You must provide a url to your app's documentation.",
    });
    const ok = await post('Weather Now', 'info', info);
    expect(ok.json).toMatchObject(info);
  });
  it('requires public and internal changes', async () => {
    expect(fields(await post('Weather Now', 'changes', { changesNote: '', internalChangesNote: '' }))).toEqual({
      changesNote: 'Public changes are required.',
      internalChangesNote: 'Internal changes are required.',
    });
    expect((await post('Weather Now', 'changes', { changesNote: '* New: hourly forecasts', internalChangesNote: 'Cache per city.' })).json).toMatchObject({
      changesNote: '* New: hourly forecasts',
    });
  });
});

describe('Submit for review', () => {
  it('applies the same rules when asked for through the status call (Submit for review on a version)', async () => {
    const v = await latest('Translate Bridge');
    await s.app.db.update(appVersions).set({ documentationUrl: '' }).where(eq(appVersions.internalId, v.id));
    const res = await s.request('POST', `/v1/publisher/apps/${appId('Translate Bridge')}/status/${v.id}`, {
      token: owner,
      body: { status: 'author-approved', appId: appId('Translate Bridge'), versionId: v.id },
    });
    expect([res.status, fields(res)]).toEqual([400, { documentationUrl: "You must provide a url to your app's documentation." }]);
    expect((await latest('Translate Bridge')).status).toBe('compiled');
    await s.app.db.update(appVersions).set({ documentationUrl: v.documentationUrl }).where(eq(appVersions.internalId, v.id));
  });

  it('submits a complete compiled version through the lifecycle (author-approved)', async () => {
    const res = await post('Translate Bridge', 'submit', undefined);
    expect(res.status, res.text).toBe(200);
    expect(res.json.status).toBe('author-approved');
    expect((await post('Translate Bridge', 'submit', undefined)).status).toBe(409);
  });
  it('refuses a version that is still compiling, or not complete', async () => {
    const meetingNotes = (await latest('Meeting Notes AI', lars)).id;
    await s.app.db.update(appVersions).set({ status: 'compiling' }).where(eq(appVersions.internalId, meetingNotes));
    const compiling = await s.request('POST', `/v1/publisher/apps/${appId('Meeting Notes AI')}/info/${meetingNotes}/submit`, { token: lars });
    expect(compiling.json.code).toBe('still_compiling');
    await post('Weather Now', 'info', {
      shortDescription: 'Forecasts for any city',
      description: 'x',
      privacyPolicySummary: 'y',
      documentationUrl: 'https://x.example',
    });
    const draft = await post('Weather Now', 'submit', undefined);
    // A draft has not compiled: the machine refuses SUBMIT for it.
    expect(draft.status).toBe(409);
  });
});

const png = pngImage;

describe('Screenshots', () => {
  const base = async () => `/v1/publisher/apps/${appId('Weather Now')}/info/${(await latest('Weather Now')).id}/screenshots`;
  const upload = async (files: { filename: string; data: Buffer }[], token = owner) =>
    s.upload(
      'POST',
      await base(),
      token,
      files.map((f) => ({ field: 'screenshots', ...f })),
    );
  const served = async (url: string) => {
    const res = await fetch(s.base + url);
    return { status: res.status, type: res.headers.get('content-type'), data: Buffer.from(await res.arrayBuffer()) };
  };

  it('takes PNG and JPEG by their bytes, lists them and serves them', async () => {
    const res = await upload([
      { filename: 'rooms.png', data: png(960, 540) },
      { filename: 'named-wrong.png', data: await jpegWithGps(1920, 1080) },
    ]);
    expect(res.status, res.text).toBe(201);
    expect(res.json.map((x: { fileName: string }) => x.fileName)).toEqual(['rooms.png', 'named-wrong.png']);
    expect(res.json[1].thumbnailUrl).toMatch(/\.jpg$/);
    const list = await s.request('GET', await base(), { token: owner });
    expect(list.json).toHaveLength(2);
    // Reviewers see the same, in the same order, on the staff's side.
    const reviewer = await s.signIn('reviewer');
    const staff = await s.request('GET', `/v1/admin/app/${appId('Weather Now')}/screenshots/${(await latest('Weather Now')).id}`, { token: reviewer });
    expect([staff.status, staff.json]).toEqual([200, list.json]);
    const image = await served(res.json[0].thumbnailUrl);
    expect([image.status, image.type]).toEqual([200, 'image/png']);
    expect(await sharp(image.data).metadata()).toMatchObject({ format: 'png', width: 960, height: 540 });
  });

  it('serves what it re-encoded: no EXIF or GPS, nothing appended after the image', async () => {
    const phone = await jpegWithGps(1280, 720);
    expect((await sharp(phone).metadata()).exif).toBeDefined();
    const res = await upload([
      { filename: 'phone.jpg', data: Buffer.concat([phone, TRAILER]) },
      { filename: 'polyglot.png', data: Buffer.concat([png(960, 540), TRAILER]) },
    ]);
    expect(res.status, res.text).toBe(201);
    const [jpeg, pngBack] = await Promise.all(res.json.map((x: { thumbnailUrl: string }) => served(x.thumbnailUrl)));
    expect(jpeg!.type).toBe('image/jpeg');
    const meta = await sharp(jpeg!.data).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 1280, height: 720 });
    expect([meta.exif, meta.xmp]).toEqual([undefined, undefined]);
    expect(contains(jpeg!.data, 'Exif')).toBe(false);
    expect(contains(jpeg!.data, 'PhoneMaker')).toBe(false);
    expect([...jpeg!.data.subarray(-2)]).toEqual([0xff, 0xd9]);
    expect(contains(jpeg!.data, TRAILER)).toBe(false);
    expect(pngBack!.type).toBe('image/png');
    expect(pngBack!.data.subarray(-8, -4).toString('latin1')).toBe('IEND');
    expect(contains(pngBack!.data, TRAILER)).toBe(false);
    for (const x of res.json) expect((await s.request('DELETE', `/v1/apps/${appId('Weather Now')}/screenshots/${x.id}`, { token: owner })).status).toBe(200);
  });

  it('refuses what is not a PNG or JPEG, truncated files, wrong sizes and too many files; nothing is stored', async () => {
    const before = (await s.request('GET', await base(), { token: owner })).json.length;
    const gif = await upload([{ filename: 'cat.png', data: Buffer.from('GIF89a' + 'x'.repeat(40)) }]);
    expect([gif.status, gif.json.error]).toEqual([400, 'cat.png is not a PNG or JPEG image.']);
    const realGif = await upload([
      { filename: 'ok.png', data: png(960, 540) },
      { filename: 'real.gif', data: await imageOf('gif', 960, 540) },
    ]);
    expect([realGif.status, realGif.json.error, realGif.json.fields[0].path]).toEqual([400, 'real.gif is not a PNG or JPEG image.', 'screenshots.1']);
    const text = await upload([{ filename: 'notes.png', data: Buffer.from('not an image at all, only text') }]);
    expect([text.status, text.json.error]).toEqual([400, 'notes.png is not a PNG or JPEG image.']);
    const whole = png(960, 540);
    const truncated = await upload([
      { filename: 'ok.png', data: png(960, 540) },
      { filename: 'cut.png', data: whole.subarray(0, whole.length - 40) },
    ]);
    expect([truncated.status, truncated.json.error, truncated.json.fields[0].path]).toEqual([400, 'cut.png is not a PNG or JPEG image.', 'screenshots.1']);
    const started = performance.now();
    const huge = await upload([
      { filename: 'ok.png', data: png(960, 540) },
      { filename: 'bomb.png', data: pngBomb(60000, 60000) },
    ]);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(huge.status).toBe(400);
    expect(huge.json.fields[0]).toEqual({
      path: 'screenshots.1',
      message: 'bomb.png is 60000×60000; screenshots are 160 to 7680 pixels a side (960×540 or another 16:9 size is best).',
    });
    const tiny = await upload([{ filename: 'tiny.png', data: png(100, 100) }]);
    expect(tiny.json.error).toBe('tiny.png is 100×100; screenshots are 160 to 7680 pixels a side (960×540 or another 16:9 size is best).');
    const eleven = await upload(Array.from({ length: 11 }, (_, i) => ({ filename: `${i}.png`, data: png(960, 540) })));
    expect([eleven.status, eleven.json.code]).toEqual([413, 'too_many_files']);
    expect((await s.request('GET', await base(), { token: owner })).json.length).toBe(before);
    expect((await upload([{ filename: 'a.png', data: png(960, 540) }], viewer)).status).toBe(403);
  });

  it('deletes a screenshot of the publisher’s own app only', async () => {
    const [first] = (await s.request('GET', await base(), { token: owner })).json;
    expect((await s.request('DELETE', `/v1/apps/${appId('Weather Now')}/screenshots/${first.id}`, { token: lars })).status).toBe(404);
    expect((await s.request('DELETE', `/v1/apps/${appId('Weather Now')}/screenshots/${first.id}`, { token: owner })).json).toEqual({ success: true });
    expect((await fetch(s.base + first.thumbnailUrl)).status).toBe(404);
    expect((await s.request('DELETE', `/v1/apps/${appId('Weather Now')}/screenshots/${first.id}`, { token: owner })).status).toBe(404);
  });
});
