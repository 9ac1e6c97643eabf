// An update starts from the listing of the version before it (docs/packages-and-review.md, The listing): the
// categories, languages, privacy summary, documentation URL, the descriptions the publisher wrote and the
// screenshots carry over; a description the publisher never wrote follows the new manifest.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureFiles, withManifest, zip } from '../fixtures/packages';
import { pngImage } from '../fixtures/images';
import { startServer, type TestServer } from '../harness';

let s: TestServer;
let owner: string;
beforeAll(async () => {
  s = await startServer();
  owner = await s.signIn('owner');
});
afterAll(() => s?.close());

type Version = {
  id: string;
  version: string;
  categories: string[];
  languages: string[];
  shortDescription: string;
  description: string;
  privacyPolicySummary: string;
  documentationUrl: string;
};
const app = async (id: string) => (await s.request('GET', `/v1/publisher/apps/${id}`, { token: owner })).json as { latest: Version };
const step = (id: string, versionId: string, name: string, body: unknown) =>
  s.request('POST', `/v1/publisher/apps/${id}/info/${versionId}/${name}`, { token: owner, body });
const shots = async (id: string, versionId: string) =>
  (await s.request('GET', `/v1/publisher/apps/${id}/info/${versionId}/screenshots`, { token: owner })).json as {
    id: string;
    fileName: string;
    thumbnailUrl: string;
  }[];
const bytes = async (url: string) => Buffer.from(await (await fetch(s.base + url)).arrayBuffer());
const update = (id: string, files: Record<string, Uint8Array | string>) =>
  s.upload('PUT', `/v1/apps/${id}`, owner, [{ field: 'app', filename: 'u.zip', data: zip(files) }]);

describe('an update’s listing', () => {
  it('carries over what the publisher wrote, and the screenshots, each stored anew', async () => {
    const id = '3f1c2b7a-8e4d-4c19-a0b2-6d5e4f3a2b10';
    const files = withManifest(fixtureFiles('standup-helper'), { id, nameSlug: 'standup-listing', name: 'Standup Listing' });
    const made = await s.upload('POST', '/v1/publisher/apps', owner, [{ field: 'app', filename: 'a.zip', data: zip(files) }]);
    expect(made.status, made.text).toBe(201);
    // The compile first: a write while it runs may meet its status change (409 status_changed).
    await s.settled(owner, id);
    const first = (await app(id)).latest;
    expect((await step(id, first.id, 'details', { categories: ['Productivity', 'Social'], languages: ['en', 'de'] })).status).toBe(200);
    const info = {
      shortDescription: 'Standups without a meeting',
      description: 'Type **/standup** in a room.',
      privacyPolicySummary: 'Keeps answers in the workspace.',
      documentationUrl: 'https://northwind.example/docs/standup',
    };
    expect((await step(id, first.id, 'info', info)).status).toBe(200);
    const uploaded = await s.upload('POST', `/v1/publisher/apps/${id}/info/${first.id}/screenshots`, owner, [
      { field: 'screenshots', filename: 'board.png', data: pngImage(960, 540, [200, 30, 30]) },
      { field: 'screenshots', filename: 'thread.png', data: pngImage(960, 540, [30, 200, 30]) },
    ]);
    expect(uploaded.status, uploaded.text).toBe(201);

    const next = await update(id, withManifest(files, { version: '1.1.0' }));
    expect(next.status, next.text).toBe(200);
    await s.settled(owner, id);
    const second = (await app(id)).latest;
    expect(second.version).toBe('1.1.0');
    expect(second).toMatchObject({ categories: ['Productivity', 'Social'], languages: ['en', 'de'], ...info });
    const before = await shots(id, first.id);
    expect(before.map((x) => x.fileName)).toEqual(['board.png', 'thread.png']);
    const after = await shots(id, second.id);
    expect(after.map((x) => x.fileName)).toEqual(['board.png', 'thread.png']);
    expect(after.map((x) => x.id)).not.toEqual(before.map((x) => x.id));
    for (const [i, x] of after.entries()) expect((await bytes(x.thumbnailUrl)).equals(await bytes(before[i]!.thumbnailUrl))).toBe(true);
    // Removing one from the new version leaves the earlier version's.
    expect((await s.request('DELETE', `/v1/apps/${id}/screenshots/${after[0]!.id}`, { token: owner })).status).toBe(200);
    expect((await shots(id, second.id)).map((x) => x.fileName)).toEqual(['thread.png']);
    expect((await shots(id, first.id)).map((x) => x.fileName)).toEqual(['board.png', 'thread.png']);
    expect((await fetch(s.base + before[0]!.thumbnailUrl)).status).toBe(200);
  });

  it('follows the new manifest where the publisher never wrote a description', async () => {
    const id = '3f1c2b7a-8e4d-4c19-a0b2-6d5e4f3a2b11';
    const files = withManifest(fixtureFiles('standup-helper'), { id, nameSlug: 'standup-manifest', name: 'Standup Manifest' });
    expect((await s.upload('POST', '/v1/publisher/apps', owner, [{ field: 'app', filename: 'a.zip', data: zip(files) }])).status).toBe(201);
    await s.settled(owner, id);
    const first = (await app(id)).latest;
    expect((await step(id, first.id, 'details', { categories: ['Productivity'], languages: ['en'] })).status).toBe(200);
    const next = await update(id, withManifest(files, { version: '1.1.0', description: 'Standups in threads, now with reminders for late answers.' }));
    expect(next.status, next.text).toBe(200);
    const second = (await app(id)).latest;
    expect(second).toMatchObject({
      version: '1.1.0',
      categories: ['Productivity'],
      description: 'Standups in threads, now with reminders for late answers.',
      shortDescription: 'Standups in threads, now with reminders for',
    });
  });
});
