import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { versionStatuses, type VersionStatus } from '../../contract/schemas/app';
import { lifecycleSnapshot, type LifecycleEvent } from '../../machines/app-version-lifecycle';
import { appVersions, screenshots } from '../../server/db/schema';
import { uuidOf } from '../../server/dev/seed/seed';
import { pngImage } from '../fixtures/images';
import { startServer, type TestServer } from '../harness';

/**
 * Every write to a version, in every status, against what the lifecycle machine answers (not a table
 * written here): the publisher's listing writes ask SAVE_LISTING, the change log SAVE, submit SUBMIT, staff actions their events.
 * Where the machine refuses, the server answers 409 and nothing changes; where it accepts, never 409.
 */
let s: TestServer;
let owner: string;
let admin: string;
const appId = uuidOf('app:Weather Now');
let versionId: string;
beforeAll(async () => {
  s = await startServer();
  [owner, admin] = await Promise.all([s.signIn('owner'), s.signIn('admin')]);
  versionId = (await s.request('GET', `/v1/publisher/apps/${appId}`, { token: owner })).json.latest.id;
});
afterAll(() => s.close());

const setStatus = (status: VersionStatus) => s.app.db.update(appVersions).set({ status }).where(eq(appVersions.internalId, versionId));
const stored = async () => (await s.app.db.select().from(appVersions).where(eq(appVersions.internalId, versionId)))[0]!;
const machineAllows = (status: VersionStatus, actor: 'publisher' | 'staff', event: LifecycleEvent) =>
  lifecycleSnapshot(status, { actor, isBundle: false }).can(event);

const base = () => `/v1/publisher/apps/${appId}/info/${versionId}`;
const publisherWrites: [name: string, event: LifecycleEvent, call: () => Promise<{ status: number; json: any }>][] = [
  ['details', { type: 'SAVE_LISTING' }, () => s.request('POST', `${base()}/details`, { token: owner, body: { categories: ['Social'], languages: ['en'] } })],
  [
    'info',
    { type: 'SAVE_LISTING' },
    () =>
      s.request('POST', `${base()}/info`, {
        token: owner,
        body: {
          shortDescription: 'Forecasts for any city',
          description: 'Any city.',
          privacyPolicySummary: 'None kept.',
          documentationUrl: 'https://w.example/docs',
        },
      }),
  ],
  [
    'change log',
    { type: 'SAVE' },
    () => s.request('POST', `${base()}/changes`, { token: owner, body: { changesNote: 'Faster', internalChangesNote: 'Cache' } }),
  ],
  [
    'screenshot upload',
    { type: 'SAVE_LISTING' },
    () => s.upload('POST', `${base()}/screenshots`, owner, [{ field: 'screenshots', filename: 'a.png', data: pngImage(960, 540) }]),
  ],
  [
    'screenshot delete',
    { type: 'SAVE_LISTING' },
    async () => {
      const id = `shot-${Math.random().toString(36).slice(2)}`;
      await s.app.db.insert(screenshots).values({ id, appId, internalId: versionId, fileName: 'x.png', storagePath: `screenshots/${appId}/${id}.png` });
      return s.request('DELETE', `/v1/apps/${appId}/screenshots/${id}`, { token: owner });
    },
  ],
  [
    'screenshot order',
    { type: 'SAVE_LISTING' },
    async () => {
      const ids = (await s.app.db.select({ id: screenshots.id }).from(screenshots).where(eq(screenshots.internalId, versionId))).map((r) => r.id);
      return s.request('POST', `${base()}/screenshots/order`, { token: owner, body: { ids: ids.reverse() } });
    },
  ],
  [
    'screenshot caption',
    { type: 'SAVE_LISTING' },
    async () => {
      const id = `shot-${Math.random().toString(36).slice(2)}`;
      await s.app.db.insert(screenshots).values({ id, appId, internalId: versionId, fileName: 'x.png', storagePath: `screenshots/${appId}/${id}.png` });
      const res = await s.request('PATCH', `${base()}/screenshots/${id}`, { token: owner, body: { caption: 'The board' } });
      // Not one more for the uploads to count against the version's limit.
      await s.app.db.delete(screenshots).where(eq(screenshots.id, id));
      return res;
    },
  ],
  ['submit', { type: 'SUBMIT' }, () => s.request('POST', `${base()}/submit`, { token: owner })],
];

describe('the publisher’s writes to a version, in every status', () => {
  const cases = versionStatuses.flatMap((status) => publisherWrites.map(([name, event, call]) => [status, name, event, call] as const));
  it.each(cases)('%s: %s', async (status, _name, event, call) => {
    await setStatus(status);
    const before = await stored();
    const res = await call();
    if (machineAllows(status, 'publisher', event)) {
      // Accepted, or (submit) refused for being incomplete: never the lifecycle's 409.
      expect(event.type === 'SUBMIT' ? [200, 400] : [200, 201], JSON.stringify(res.json)).toContain(res.status);
    } else {
      expect(res.status).toBe(409);
      expect(res.json).toMatchObject({ code: expect.any(String), error: expect.any(String), requestId: expect.any(String) });
      const after = await stored();
      expect({ ...after, modifiedDate: null }).toEqual({ ...before, modifiedDate: null });
    }
  });
});

const staffActions: [action: string, event: LifecycleEvent, extra: Record<string, string>][] = [
  ['approve', { type: 'APPROVE' }, {}],
  ['reject', { type: 'REJECT', reason: 'No.' }, { rejectionReason: 'No.' }],
  ['review', { type: 'REVIEW', note: 'Change it.' }, { reviewNote: 'Change it.' }],
  ['publish', { type: 'PUBLISH' }, {}],
  ['unpublish', { type: 'UNPUBLISH' }, {}],
  ['make-draft', { type: 'MAKE_DRAFT' }, {}],
];

describe('staff actions on a version, in every status', () => {
  const cases = versionStatuses.flatMap((status) => staffActions.map(([action, event, extra]) => [status, action, event, extra] as const));
  it.each(cases)('%s: %s', async (status, action, event, extra) => {
    await setStatus(status);
    const res = await s.request('POST', `/v1/admin/app/${appId}/version/${versionId}/${action}`, { token: admin, body: { action, ...extra } });
    if (machineAllows(status, 'staff', event)) {
      expect(res.status, JSON.stringify(res.json)).toBe(200);
    } else {
      expect(res.status).toBe(409);
      expect((await stored()).status).toBe(status);
    }
  });
});
