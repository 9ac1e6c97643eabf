// Markdown rendered once, when it is saved (docs/adr/0007-markdown-rendered-at-save.md): a description or change log that cannot be rendered within
// the renderer's limits (nested too deep; too slow) is refused at save with a 400 naming the field and saying what
// to change; what is saved is stored with its HTML, which the catalog serves without rendering. A catalog holding a
// hostile version (text that used to crash the renderer, no HTML yet, a row that cannot be shown) still answers
// every Rocket.Chat server; a version without HTML shows its text escaped until the background backfill renders it.
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARKDOWN_TEXT } from '../../contract/schemas/app';
import { appVersions, apps } from '../../server/db/schema';
import { uuidOf } from '../../server/dev/seed/seed';
import { plainHtml, renderMarkdown } from '../../server/catalog/markdown/markdown';
import { fixtureFiles, withManifest, zip } from '../fixtures/packages';
import { startServer, type TestServer } from '../harness';
import { eventually } from '../eventually';

let s: TestServer;
let owner: string;
let reviewer: string;
beforeAll(async () => {
  s = await startServer({ compileWorker: false });
  [owner, reviewer] = await Promise.all([s.signIn('owner'), s.signIn('reviewer')]);
});
afterAll(() => s?.close());

const hexId = (name: string) => createHash('sha256').update(name).digest('hex').slice(0, 24);
const DEEP_QUOTES = '>'.repeat(5000) + 'a';
const DEEP_LIST = '- '.repeat(2500) + 'a';
const weather = uuidOf('app:Weather Now');
const weatherVersion = hexId('version:Weather Now:0.1.0');
const row = async (internalId: string) => (await s.app.db.select().from(appVersions).where(eq(appVersions.internalId, internalId)))[0]!;
const info = {
  shortDescription: 'Forecasts for any city',
  privacyPolicySummary: 'Sends city names to the weather service.',
  documentationUrl: 'https://northwind.example/docs/weather',
};
const post = (step: 'info' | 'changes', body: unknown) =>
  s.request('POST', `/v1/publisher/apps/${weather}/info/${weatherVersion}/${step}`, { token: owner, body });

describe('Markdown rendered at save', () => {
  it('stores a saved description and change log with their HTML', async () => {
    const description = '# Weather\n\n**Forecasts** for [any city](https://weather.example) <script>x</script>';
    const saved = await post('info', { ...info, description });
    expect(saved.status, saved.text).toBe(200);
    const changes = await post('changes', { changesNote: '- Faster\n- Fewer bugs', internalChangesNote: 'Refactor.' });
    expect(changes.status, changes.text).toBe(200);
    const stored = await row(weatherVersion);
    expect(stored).toMatchObject({
      description,
      descriptionHtml: renderMarkdown(description),
      changesNote: '- Faster\n- Fewer bugs',
      changesNoteHtml: '<ul>\n<li>Faster</li>\n<li>Fewer bugs</li>\n</ul>',
    });
    expect(stored.descriptionHtml).toContain('<h1>Weather</h1>');
    expect(stored.descriptionHtml).not.toContain('<script');
  });

  it.each([
    ['quotes nested 5 000 deep', DEEP_QUOTES, MARKDOWN_TEXT.block('description')],
    ['2 500 list markers', DEEP_LIST, MARKDOWN_TEXT.block('description')],
    ['emphasis opened 1 600 times', '*a '.repeat(1600) + 'b' + ' a*'.repeat(1600), MARKDOWN_TEXT.inline('description')],
  ])('refuses a description of %s: 400 naming it, with what to change, nothing saved', async (_, description, message) => {
    const before = await row(weatherVersion);
    const res = await post('info', { ...info, description });
    expect(res.status, res.text).toBe(400);
    expect(res.json).toMatchObject({ error: message, code: 'validation_error', requestId: expect.any(String), fields: [{ path: 'description', message }] });
    expect(message).toMatch(/^The description nests .* more than 20 levels deep; (flatten|simplify) it\.$/);
    const after = await row(weatherVersion);
    expect([after.description, after.descriptionHtml, after.modifiedDate]).toEqual([before.description, before.descriptionHtml, before.modifiedDate]);
  });

  it('refuses a change log nested too deep, naming it', async () => {
    const res = await post('changes', { changesNote: DEEP_LIST, internalChangesNote: 'x' });
    expect(res.status).toBe(400);
    expect(res.json.fields).toEqual([{ path: 'changesNote', message: MARKDOWN_TEXT.block('change log') }]);
    expect((await row(weatherVersion)).changesNote).toBe('- Faster\n- Fewer bugs');
  });

  it("renders a new version's manifest description at upload, and refuses one nested too deep naming app.json.description", async () => {
    const files = withManifest(fixtureFiles('standup-helper'), {
      id: '3f0a8c52-7d1e-4b9a-9c3f-5e2d8a1b6c70',
      nameSlug: 'standup-deep',
      description: DEEP_QUOTES,
    });
    const appsBefore = (await s.app.db.select({ id: apps.id }).from(apps)).length;
    const refused = await s.upload('POST', '/v1/publisher/apps', owner, [{ field: 'app', filename: 'app.zip', data: zip(files) }]);
    expect(refused.status, refused.text).toBe(400);
    expect(refused.json).toMatchObject({ code: 'manifest_invalid', fields: [{ path: 'app.json.description', message: MARKDOWN_TEXT.block('description') }] });
    expect((await s.app.db.select({ id: apps.id }).from(apps)).length).toBe(appsBefore);
    const ok = await s.upload('POST', '/v1/publisher/apps', owner, [
      { field: 'app', filename: 'app.zip', data: zip(withManifest(files, { description: 'Posts a **daily** prompt.' })) },
    ]);
    expect(ok.status, ok.text).toBe(201);
    const version = (await s.app.db.select().from(appVersions).where(eq(appVersions.appId, ok.json.appId)))[0]!;
    expect([version.descriptionHtml, version.changesNoteHtml]).toEqual(['<p>Posts a <strong>daily</strong> prompt.</p>', '']);
  });
});

describe('a catalog with a hostile element still answers', () => {
  const jira = uuidOf('app:Jira Connector');
  const jira100 = hexId('version:Jira Connector:1.0.0');
  const standup = uuidOf('app:Standup Bot');
  const calendar = uuidOf('app:Calendar Sync');
  const calendar100 = hexId('version:Calendar Sync:1.0.0');
  type Listed = { appId: string; latest: { detailedDescription: { raw: string; rendered: string }; detailedChangelog: { raw: string; rendered: string } } };
  const list = async () => {
    const res = await s.request('GET', '/v1/apps');
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    return res.json as Listed[];
  };
  const one = (listed: Listed[], id: string) => listed.find((a) => a.appId === id);

  beforeAll(async () => {
    const published = await s.request('POST', `/v1/admin/app/${calendar}/version/${calendar100}/publish`, { token: reviewer, body: { action: 'publish' } });
    expect(published.status, published.text).toBe(200);
    for (const section of ['featured', 'new_arrivals']) {
      for (const appId of [jira, standup, calendar]) {
        const added = await s.request('POST', '/v1/admin/featured', { token: reviewer, body: { appId, sectionSlug: section } });
        // (Some are featured in the demo data already.)
        expect([201, 409], added.text).toContain(added.status);
      }
    }
    // Jira: texts that overflowed the renderer's stack, stored (behind the API) without their HTML, as a row older than it.
    await s.app.db.execute(
      sql`UPDATE app_versions SET description = ${DEEP_QUOTES}, description_html = NULL, changes_note = ${DEEP_LIST}, changes_note_html = NULL WHERE internal_id = ${jira100}`,
    );
    // Standup Bot: a row no element can be made of (its author is JSON null).
    await s.app.db.execute(sql`UPDATE app_versions SET author = 'null'::jsonb WHERE app_id = ${standup}`);
    // Calendar Sync: HTML stored at save, served as it is (the catalog never renders).
    await s.app.db.execute(
      sql`UPDATE app_versions SET description = '**raw Markdown**', description_html = '<p>rendered at save</p>' WHERE internal_id = ${calendar100}`,
    );
  });

  it('GET /v1/apps answers 200: the hostile text escaped (never rendered), the broken app alone left out', async () => {
    const listed = await list();
    const j = one(listed, jira)!;
    expect(j.latest.detailedDescription).toEqual({ raw: DEEP_QUOTES, rendered: plainHtml(DEEP_QUOTES) });
    expect(j.latest.detailedChangelog).toEqual({ raw: DEEP_LIST, rendered: plainHtml(DEEP_LIST) });
    expect(one(listed, standup)).toBeUndefined();
    expect(one(listed, calendar)!.latest.detailedDescription).toEqual({ raw: '**raw Markdown**', rendered: '<p>rendered at save</p>' });
  });

  it('GET /v1/featured-apps answers 200 with the others', async () => {
    const res = await s.request('GET', '/v1/featured-apps');
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    const featured = res.json.sections.find((x: { slug: string }) => x.slug === 'featured');
    expect(featured.apps.map((a: { appId: string }) => a.appId).sort()).toEqual([jira, calendar].sort());
  });

  it('GET /v1/apps/{id} answers 200 for the hostile app (its release history and a version)', async () => {
    const releases = await s.request('GET', `/v1/apps/${jira}`);
    expect(releases.status, releases.text.slice(0, 300)).toBe(200);
    expect(releases.json[0].detailedChangelog).toEqual({ raw: DEEP_LIST, rendered: plainHtml(DEEP_LIST) });
    const version = await s.request('GET', `/v1/apps/${jira}?appVersion=1.0.0`);
    expect(version.status, version.text.slice(0, 300)).toBe(200);
    expect(version.json[0].detailedDescription.rendered).toBe(plainHtml(DEEP_QUOTES));
    expect((await s.request('GET', `/v1/apps/${jira}/latest`)).status).toBe(200);
    // The broken app is not listed (404 in Rocket.Chat's terms), not a 500.
    expect((await s.request('GET', `/v1/apps/${standup}`)).status).toBe(404);
  });

  it('renders versions stored without HTML in the background (the unrenderable one stored as its escaped text)', async () => {
    // Polled (no fixed wait): the backfill runs in the background.
    await eventually(
      () => row(jira100),
      (r) => r.descriptionHtml !== null && r.changesNoteHtml !== null,
      { what: 'the backfill to write Jira’s HTML' },
    );
    expect(await row(jira100)).toMatchObject({ descriptionHtml: plainHtml(DEEP_QUOTES), changesNoteHtml: plainHtml(DEEP_LIST) });
    // A renderable text without its HTML: rendered (by the same renderer, off the event loop), then served.
    await s.app.db.execute(sql`UPDATE app_versions SET description = '**bold** text', description_html = NULL WHERE internal_id = ${calendar100}`);
    expect(one(await list(), calendar)!.latest.detailedDescription.rendered).toMatch(/^<p>(\*\*bold\*\* text|<strong>bold<\/strong> text)<\/p>$/);
    const listed = await eventually(list, (l) => one(l, calendar)?.latest.detailedDescription.rendered === '<p><strong>bold</strong> text</p>', {
      what: 'Calendar Sync rendered',
    });
    expect(one(listed, jira)!.latest.detailedDescription.rendered).toBe(plainHtml(DEEP_QUOTES));
  });
});
