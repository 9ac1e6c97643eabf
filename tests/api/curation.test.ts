import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidOf } from '../../server/dev/seed/seed';
import { startServer, type TestServer } from '../harness';

let s: TestServer;
let reviewer: string;
let viewer: string;
beforeAll(async () => {
  s = await startServer();
  reviewer = await s.signIn('reviewer');
  viewer = await s.signIn('staffViewer');
});
afterAll(() => s.close());

describe('categories', () => {
  it('lists every category by title, with its dates', async () => {
    const res = await s.request('GET', '/v1/admin/categories', { token: viewer });
    expect(res.status).toBe(200);
    const titles = res.json.map((c: { title: string }) => c.title);
    expect(titles).toEqual([...titles].sort((a: string, b: string) => a.localeCompare(b)));
    expect(titles).toContain('Productivity');
    expect(res.json[0]).toMatchObject({ id: expect.any(String), createdDate: expect.any(String), modifiedDate: expect.any(String) });
  });

  it('creates one (trimmed) that the publisher side and its wizard list at once', async () => {
    const created = await s.request('POST', '/v1/admin/categories', { token: reviewer, body: { title: '  Customer Success  ' } });
    expect(created.status).toBe(201);
    expect(created.json.title).toBe('Customer Success');
    const publisherSide = await s.request('GET', '/v1/categories', { token: await s.signIn('owner') });
    expect(publisherSide.json.map((c: { title: string }) => c.title)).toContain('Customer Success');
  });

  it.each([
    ['missing', {}],
    ['empty', { title: '' }],
    ['whitespace only', { title: '   \t ' }],
  ])('refuses a %s title with the spec’s message, creating nothing', async (_name, body) => {
    const before = (await s.request('GET', '/v1/admin/categories', { token: viewer })).json.length;
    const res = await s.request('POST', '/v1/admin/categories', { token: reviewer, body });
    expect(res.status).toBe(400);
    expect(res.json.fields).toContainEqual({ path: 'title', message: 'Please state the title of the category' });
    expect((await s.request('GET', '/v1/admin/categories', { token: viewer })).json.length).toBe(before);
  });

  it('refuses a title that exists already, whatever its case', async () => {
    for (const title of ['Productivity', 'productivity', ' PRODUCTIVITY ']) {
      const res = await s.request('POST', '/v1/admin/categories', { token: reviewer, body: { title } });
      expect(res.status, title).toBe(409);
      expect(res.json).toMatchObject({ code: 'duplicate_category', error: `A category titled "${title.trim()}" already exists.` });
    }
  });

  it('lets two concurrent creates of one title make one category', async () => {
    const results = await Promise.all([0, 1, 2].map(() => s.request('POST', '/v1/admin/categories', { token: reviewer, body: { title: 'Race Condition' } })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
  });
});

describe('featured sections', () => {
  const jira = uuidOf('app:Jira Connector');
  const standup = uuidOf('app:Standup Bot');
  const poll = uuidOf('app:Poll Master');

  it('lists the sections by slug with each app’s published name and icon', async () => {
    const res = await s.request('GET', '/v1/admin/featured', { token: viewer });
    expect(res.status).toBe(200);
    const featured = res.json.sections.find((x: { slug: string }) => x.slug === 'featured');
    expect(featured.apps).toContainEqual({ appId: jira, name: 'Jira Connector', iconFileData: expect.stringMatching(/^data:image\//) });
  });

  it('offers only published apps in the drawer, by name, filtered', async () => {
    const all = (await s.request('GET', '/v1/admin/featured/apps', { token: reviewer })).json as { appId: string; name: string }[];
    expect(all.map((a) => a.appId)).toContain(jira);
    expect(all.map((a) => a.appId)).not.toContain(poll);
    expect(all.map((a) => a.name)).toEqual([...all.map((a) => a.name)].sort((a, b) => a.localeCompare(b)));
    const some = (await s.request('GET', '/v1/admin/featured/apps?q=STAND', { token: reviewer })).json as { appId: string }[];
    expect(some.map((a) => a.appId)).toEqual([standup]);
  });

  it('features a published app in a section, once', async () => {
    const res = await s.request('POST', '/v1/admin/featured', { token: reviewer, body: { appId: standup, sectionSlug: 'trending' } });
    expect(res.status).toBe(201);
    expect(res.json.sections.find((x: { slug: string }) => x.slug === 'trending').apps.map((a: { appId: string }) => a.appId)).toContain(standup);
    const again = await s.request('POST', '/v1/admin/featured', { token: reviewer, body: { appId: standup, sectionSlug: 'trending' } });
    expect(again.status).toBe(409);
    expect(again.json.error).toBe('This app is already featured in that section.');
  });

  it('refuses an app that is not published, and the spec’s messages for missing fields', async () => {
    const unpublished = await s.request('POST', '/v1/admin/featured', { token: reviewer, body: { appId: poll, sectionSlug: 'social' } });
    expect(unpublished.status).toBe(400);
    expect(unpublished.json.error).toBe('Only a published app can be featured.');
    const missing = await s.request('POST', '/v1/admin/featured', { token: reviewer, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.json.fields).toEqual(
      expect.arrayContaining([
        { path: 'appId', message: 'Select the App which will be featured.' },
        { path: 'sectionSlug', message: 'The section slug is required in order to make it featured' },
      ]),
    );
    const badSlug = await s.request('POST', '/v1/admin/featured', { token: reviewer, body: { appId: standup, sectionSlug: 'front_page' } });
    expect(badSlug.status).toBe(400);
  });

  it('removes an app from a section, and answers 404 for one that is not there', async () => {
    await s.request('POST', '/v1/admin/featured', { token: reviewer, body: { appId: standup, sectionSlug: 'social' } });
    const removed = await s.request('DELETE', `/v1/admin/featured/social/${standup}`, { token: reviewer });
    expect(removed.status).toBe(200);
    const sections = (await s.request('GET', '/v1/admin/featured', { token: viewer })).json.sections as { slug: string; apps: { appId: string }[] }[];
    expect(sections.find((x) => x.slug === 'social')?.apps.map((a) => a.appId) ?? []).not.toContain(standup);
    expect((await s.request('DELETE', `/v1/admin/featured/social/${standup}`, { token: reviewer })).status).toBe(404);
  });

  it('takes an app out of every section when it stops being published', async () => {
    await s.request('POST', '/v1/admin/featured', { token: reviewer, body: { appId: standup, sectionSlug: 'recommended' } });
    const versions = (await s.request('GET', `/v1/admin/app/${standup}/all`, { token: reviewer })).json as { internalId: string; status: string }[];
    const published = versions.find((v) => v.status === 'published')!;
    const res = await s.request('POST', `/v1/admin/app/${standup}/version/${published.internalId}/unpublish`, {
      token: reviewer,
      body: { action: 'unpublish' },
    });
    expect(res.status, res.text).toBe(200);
    const sections = (await s.request('GET', '/v1/admin/featured', { token: viewer })).json.sections as { apps: { appId: string }[] }[];
    expect(sections.flatMap((x) => x.apps.map((a) => a.appId))).not.toContain(standup);
    expect((await s.request('GET', '/v1/admin/featured/apps', { token: reviewer })).json.map((a: { appId: string }) => a.appId)).not.toContain(standup);
  });
});
