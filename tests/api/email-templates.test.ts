import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TEMPLATE_LIMITS, TEMPLATE_TEXT } from '../../contract/schemas/catalog';
import { notificationKinds } from '../../contract/schemas/notifications';
import { emailTemplates } from '../../server/db/schema';
import { startServer, type TestServer } from '../harness';

let s: TestServer;
let support: string;
let viewer: string;
beforeAll(async () => {
  s = await startServer();
  support = await s.signIn('support');
  viewer = await s.signIn('staffViewer');
});
afterAll(() => s.close());

type Template = { id: string; name: string; layout: string; subject: string; body: string; lastRenderError: { message: string; at: string } | null };
/** HTML nested `n` elements deep (what makes a recursive HTML walk overflow its stack at a few thousand). */
const nested = (n: number) => `${'<div>'.repeat(n)}x${'</div>'.repeat(n)}`;
const list = async () => (await s.request('GET', '/v1/admin/emailTemplates', { token: viewer })).json as Template[];

describe('email templates', () => {
  it('starts with the default layout and one template per notification, each in that layout', async () => {
    const templates = await list();
    expect(templates.map((t) => t.name)).toEqual(expect.arrayContaining(['default-layout', ...notificationKinds]));
    for (const kind of notificationKinds) expect(templates.find((t) => t.name === kind)).toMatchObject({ layout: 'default-layout' });
    // Nothing has been rendered from them yet, so nothing failed.
    expect(templates.every((t) => t.lastRenderError === null)).toBe(true);
  });

  it('creates a template (layout and subject optional) and updates it', async () => {
    const created = await s.request('POST', '/v1/admin/emailTemplates', {
      token: support,
      body: { name: 'Welcome', body: '<p>Hi {{ developer.firstName }}</p>' },
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ name: 'Welcome', layout: '', subject: '', body: '<p>Hi {{ developer.firstName }}</p>' });
    const updated = await s.request('PUT', '/v1/admin/emailTemplates', {
      token: support,
      body: { id: created.json.id, name: 'Welcome', layout: 'default-layout', subject: 'Welcome, {{ developer.firstName }}', body: '<p>Hello</p>' },
    });
    expect(updated.status).toBe(200);
    expect((await list()).find((t) => t.id === created.json.id)).toMatchObject({ layout: 'default-layout', subject: 'Welcome, {{ developer.firstName }}' });
  });

  it('requires a name and a body, with the spec’s rule and clear messages', async () => {
    const res = await s.request('POST', '/v1/admin/emailTemplates', { token: support, body: { name: ' ', body: '' } });
    expect(res.status).toBe(400);
    expect(res.json.fields.map((f: { path: string }) => f.path).sort()).toEqual(['body', 'name']);
  });

  it('refuses a second template of one name, and an update to 404 for an unknown id', async () => {
    const dup = await s.request('POST', '/v1/admin/emailTemplates', { token: support, body: { name: 'version-approved', body: 'x' } });
    expect(dup.status).toBe(409);
    const current = (await list()).find((t) => t.name === 'version-rejected')!;
    const rename = await s.request('PUT', '/v1/admin/emailTemplates', { token: support, body: { ...current, name: 'version-approved' } });
    expect(rename.status).toBe(409);
    const unknown = await s.request('PUT', '/v1/admin/emailTemplates', { token: support, body: { ...current, id: 'no-such-template' } });
    expect(unknown.status).toBe(404);
  });

  it('refuses a template that does not parse, naming the line and the column, and saves nothing', async () => {
    const before = await list();
    const res = await s.request('POST', '/v1/admin/emailTemplates', { token: support, body: { name: 'Broken', body: '<p>ok</p>\n<p>{% if x %}unclosed</p>' } });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('template_error');
    expect(res.json.error).toMatch(/^The body does not parse at line 2, column 4: /);
    const subject = await s.request('POST', '/v1/admin/emailTemplates', { token: support, body: { name: 'Broken', subject: 'Hi {{ name', body: 'x' } });
    expect(subject.status).toBe(400);
    expect(subject.json.fields[0].path).toBe('subject');
    expect(await list()).toEqual(before);
  });

  it.each([
    ['include', "{% include 'secrets' %}"],
    ['render', "{% render '/etc/passwd' %}"],
    ['layout', "{% layout 'x' %}body"],
  ])('refuses a template that tries to read a file (%s)', async (_tag, body) => {
    const res = await s.request('POST', '/v1/admin/emailTemplates', { token: support, body: { name: `Files ${_tag}`, body } });
    expect(res.status).toBe(400);
    expect(res.json.error).toMatch(/cannot read files/);
  });

  it('refuses HTML nested deeper than the bound, naming the field, and changes nothing', async () => {
    const before = await list();
    const tooDeep = { error: TEMPLATE_TEXT.tooDeep('body'), code: 'template_error', fields: [{ path: 'body', message: TEMPLATE_TEXT.tooDeep('body') }] };
    const created = await s.request('POST', '/v1/admin/emailTemplates', { token: support, body: { name: 'Deep', body: nested(3_000) } });
    expect(created.status).toBe(400);
    expect(created.json).toMatchObject(tooDeep);
    expect(created.json.error).toBe('The body nests HTML elements more than 200 deep.');
    const layout = before.find((t) => t.name === 'default-layout')!;
    const updated = await s.request('PUT', '/v1/admin/emailTemplates', { token: support, body: { ...layout, body: nested(TEMPLATE_LIMITS.depth + 1) } });
    expect(updated.status).toBe(400);
    expect(updated.json).toMatchObject(tooDeep);
    expect(await list()).toEqual(before);
    // At the bound it is saved.
    const atBound = await s.request('POST', '/v1/admin/emailTemplates', { token: support, body: { name: 'Deep enough', body: nested(TEMPLATE_LIMITS.depth) } });
    expect(atBound.status).toBe(201);
  });

  it('refuses a body longer than the bound', async () => {
    const res = await s.request('POST', '/v1/admin/emailTemplates', { token: support, body: { name: 'Long', body: 'x'.repeat(TEMPLATE_LIMITS.body + 1) } });
    expect(res.status).toBe(400);
    expect(res.json.fields).toEqual([{ path: 'body', message: 'This must be no more than 100,000 characters.' }]);
  });

  it('refuses a layout that is no template, or the template itself', async () => {
    const missing = await s.request('POST', '/v1/admin/emailTemplates', { token: support, body: { name: 'Orphan', layout: 'no-such-layout', body: 'x' } });
    expect(missing.status).toBe(400);
    expect(missing.json.fields).toEqual([{ path: 'layout', message: 'No email template named "no-such-layout" exists to be the layout.' }]);
    const itself = await s.request('POST', '/v1/admin/emailTemplates', { token: support, body: { name: 'Loop', layout: 'Loop', body: 'x' } });
    expect(itself.status).toBe(400);
  });
});

describe('preview', () => {
  it('renders subject, HTML inside the layout and a text part, with sample data, escaping values', async () => {
    const res = await s.request('POST', '/v1/admin/emailTemplates/preview', {
      token: viewer,
      body: {
        name: 'version-rejected',
        layout: 'default-layout',
        subject: '{{ app.name }}\n{{ version.version }} rejected',
        body: '<p>{{ reason }}</p><p>{{ "<b>x</b>" }}</p>',
      },
    });
    expect(res.status).toBe(200);
    expect(res.json.subject).toBe('Jira Connector 1.2.0 rejected');
    expect(res.json.html).toContain('<p>The app asks for permissions it does not use.</p>');
    expect(res.json.html).toContain('&lt;b&gt;x&lt;/b&gt;');
    expect(res.json.html).toContain('Rocket Marketplace');
    expect(res.json.text).toContain('The app asks for permissions it does not use.');
    expect(res.json.text).not.toContain('<p>');
  });

  it('stops a template that loops without end, or allocates without bound, with a 400', async () => {
    for (const body of [
      '{% for i in (1..100000000) %}{{ i }}{% endfor %}',
      '{% for i in (1..100000000) %}{% endfor %}',
      '{% assign a = "1,2" | split: "," %}{% for i in (1..40) %}{% assign a = a | concat: a %}{% endfor %}{{ a | size }}',
    ]) {
      const res = await s.request('POST', '/v1/admin/emailTemplates/preview', { token: viewer, body: { body } });
      expect(res.status, body).toBe(400);
      expect(res.json.code).toBe('template_error');
    }
  });

  it('answers a 400, never a 500, for HTML nested too deep: in the template, in what it renders, or in a layout stored before the bound', async () => {
    const deep = await s.request('POST', '/v1/admin/emailTemplates/preview', { token: viewer, body: { body: nested(3_000) } });
    expect(deep.status).toBe(400);
    expect(deep.json).toMatchObject({ code: 'template_error', fields: [{ path: 'body', message: TEMPLATE_TEXT.tooDeep('body') }] });
    // One element past the bound: a longer loop only spends more of the render's time limit (on a busy machine
    // 3 000 turns ran out of it before the depth was measured).
    const loop = await s.request('POST', '/v1/admin/emailTemplates/preview', { token: viewer, body: { body: '{% for i in (1..401) %}<div>{% endfor %}' } });
    expect(loop.status).toBe(400);
    expect(loop.json.error).toBe(TEMPLATE_TEXT.renderedTooDeep(''));
    await s.app.db.insert(emailTemplates).values({ id: 'deep-layout', name: 'deep-layout', body: `${'<div>'.repeat(3_000)}{{ content }}` });
    try {
      const inLayout = await s.request('POST', '/v1/admin/emailTemplates/preview', { token: viewer, body: { layout: 'deep-layout', body: '<p>Hi</p>' } });
      expect(inLayout.status).toBe(400);
      expect(inLayout.json.error).toBe('The rendered message (the body inside the layout "deep-layout") nests HTML elements more than 400 deep.');
    } finally {
      await s.app.db.delete(emailTemplates).where(eq(emailTemplates.id, 'deep-layout'));
    }
  });

  it('renders the subject as plain text on one line: no HTML escaping, no line breaks', async () => {
    const res = await s.request('POST', '/v1/admin/emailTemplates/preview', {
      token: viewer,
      body: { subject: `{{ "Tom & Jerry's Tools" }} <b>\r\nBcc: someone@example.com`, body: `<p>{{ "Tom & Jerry's Tools" }}</p>` },
    });
    expect(res.status).toBe(200);
    expect(res.json.subject).toBe("Tom & Jerry's Tools <b> Bcc: someone@example.com");
    expect(res.json.html).toBe('<p>Tom &amp; Jerry&#39;s Tools</p>');
  });

  it('shows where a template fails to parse', async () => {
    const res = await s.request('POST', '/v1/admin/emailTemplates/preview', { token: viewer, body: { body: 'line one\n  {{ oops' } });
    expect(res.status).toBe(400);
    expect(res.json.error).toMatch(/line 2, column 3/);
  });
});
