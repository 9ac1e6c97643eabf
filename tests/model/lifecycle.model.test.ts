import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getNextSnapshot } from 'xstate';
import { type VersionStatus } from '../../contract/schemas/app';
import { appVersionLifecycle, lifecycleSnapshot, type LifecycleActor, type LifecycleEvent } from '../../machines/app-version-lifecycle';
import { newId } from '../../server/db/ids';
import { appVersions, apps } from '../../server/db/schema';
import { uuidOf } from '../../server/dev/seed/seed';
import { demoBundle } from '../../server/dev/seed/seed-data';
import { compileNext } from '../../server/apps/plugins/workers';
import { brokenFiles, fixtureFiles, withManifest, zip } from '../fixtures/packages';
import { startServer, type TestServer } from '../harness';
import { ModelCoverage } from './coverage';
import { lifecycleEvents } from './lifecycle-spec';
import { edgeCount, generatedPaths, type ActorModel, type ModelStep } from './actor-model';

/**
 * The lifecycle machine drives the real server. Every walk generated from the machine (covering walks, every
 * edge at least once, from a version that does not exist yet, for apps; from a draft bundle, for bundles) runs
 * against the API with real publisher and staff tokens, and the compile worker's own code does the
 * system's part (the worker is off, so a version stays compiling until the path says the compile ends).
 * After each step the stored status is the machine's; in every status reached, every event the machine
 * refuses there, sent by the publisher and by staff, answers 409 and changes nothing.
 */
type Kind = 'app' | 'bundle';
type Version = { status: VersionStatus; exists: boolean };
type Step = ModelStep<Version, { who: LifecycleActor; event: LifecycleEvent }>;

const actors: LifecycleActor[] = ['publisher', 'staff', 'system'];
const ctx = (who: LifecycleActor, kind: Kind) => ({ actor: who, isBundle: kind === 'bundle' });

/** What the machine lets happen to a stored version, as the model's events (the server cannot ask the system to compile a stored draft: an upload is a new version). */
function modelOf(kind: Kind, start: Version): ActorModel<Version, { who: LifecycleActor; event: LifecycleEvent }> {
  return {
    start,
    events: (v) =>
      v.exists
        ? actors.flatMap((who) =>
            lifecycleEvents
              .filter((event) => !(who === 'system' && event.type === 'COMPILE') && lifecycleSnapshot(v.status, ctx(who, kind)).can(event))
              .map((event) => ({ who, event })),
          )
        : [{ who: 'system' as const, event: { type: 'COMPILE' } }],
    next: (v, { who, event }) => {
      const snapshot = lifecycleSnapshot(v.status, ctx(who, kind));
      return { status: getNextSnapshot(appVersionLifecycle, snapshot, event).value as VersionStatus, exists: true };
    },
    name: ({ who, event }) => `${who}.${event.type}`,
  };
}

let s: TestServer;
let owner: string;
let staff: string;
const coverage = new ModelCoverage('app-version-lifecycle', appVersionLifecycle, 'server');
beforeAll(async () => {
  s = await startServer({}, { COMPILE_WORKER: 'false' });
  owner = await s.signIn('owner');
  staff = await s.signIn('reviewer');
});
afterAll(async () => {
  coverage.report();
  await s.close();
});

const base = (v: { appId: string; versionId: string }) => `/v1/publisher/apps/${v.appId}/info/${v.versionId}`;
const packages = (id: string) => {
  const good = withManifest(fixtureFiles('standup-helper'), { id, version: '1.0.0' });
  return { good: zip(good), broken: zip(brokenFiles(good)) };
};
/** A 1×1 PNG: the bundle icon the create route checks by its bytes. */
const bundleIcon = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGNgYGAAAAAEAAH2FzhVAAAAAElFTkSuQmCC';
const info = {
  shortDescription: 'Standup prompts in a thread',
  description: 'Posts a daily standup prompt.',
  privacyPolicySummary: 'Keeps answers in the room only.',
  documentationUrl: 'https://northwind.example/standup',
};

/** One version on the server, and how each event of the model is asked of it. */
function versionOnServer(kind: Kind) {
  const v = { appId: '', versionId: '' };
  const stored = async () => {
    const res = await s.request('GET', base(v), { token: owner });
    expect(res.status, res.text).toBe(200);
    return res.json.status as VersionStatus;
  };
  const publisher = (status: string, extra: Record<string, string> = {}) =>
    s.request('POST', `/v1/publisher/apps/${v.appId}/status/${v.versionId}`, {
      token: owner,
      body: { status, appId: v.appId, versionId: v.versionId, ...extra },
    });
  const admin = (action: string, extra: Record<string, string> = {}) =>
    s.request('POST', `/v1/admin/app/${v.appId}/version/${v.versionId}/${action}`, { token: staff, body: { action, ...extra } });
  const upload = (data: Buffer) => s.upload('PUT', `/v1/apps/${v.appId}`, owner, [{ field: 'app', filename: 'app.zip', data }]);

  /** The request for `who` sending `event` (undefined: an action that only opens a screen, or the worker's). */
  const requestFor = (who: LifecycleActor, event: LifecycleEvent, compileFails: boolean) => {
    const pkg = packages(v.appId);
    if (who === 'publisher') {
      switch (event.type) {
        case 'SUBMIT':
          return () => s.request('POST', `${base(v)}/submit`, { token: owner });
        case 'REJECT':
          return () => publisher('rejected', { rejectionReason: 'Not ready yet.' });
        case 'PUBLISH':
          return () => publisher('published');
        case 'UNPUBLISH':
          return () => publisher('unpublished');
        case 'UPLOAD_REVISION':
          return () => upload(compileFails ? pkg.broken : pkg.good);
        case 'SAVE':
          return () => s.request('POST', `${base(v)}/changes`, { token: owner, body: { changesNote: 'Faster prompts.', internalChangesNote: 'Cache.' } });
        case 'SAVE_LISTING':
          return () => s.request('POST', `${base(v)}/info`, { token: owner, body: info });
        // Screens: what they load answers.
        case 'EDIT':
        case 'EDIT_INFO':
          return () => s.request('GET', base(v), { token: owner });
        case 'VIEW_DIAGNOSTICS':
          return () => s.request('GET', `/v1/publisher/apps/${v.appId}/jobs`, { token: owner });
      }
    }
    if (who === 'staff') {
      switch (event.type) {
        case 'REJECT':
          return () => admin('reject', { rejectionReason: 'Stores tokens in messages.' });
        case 'REVIEW':
          return () => admin('review', { reviewNote: 'Add a privacy summary.' });
        case 'APPROVE':
          return () => admin('approve');
        case 'MAKE_DRAFT':
          return () => admin('make-draft');
        case 'PUBLISH':
          return () => admin('publish');
        case 'UNPUBLISH':
          return () => admin('unpublish');
        case 'COMPILE':
          return async () => {
            // Which compile outcome the path asks for: the stored package is swapped for one that gives it.
            const [row] = await s.app.db.select({ path: appVersions.packagePath }).from(appVersions).where(eq(appVersions.internalId, v.versionId));
            if (row?.path) await s.app.storage.put(row.path, compileFails ? pkg.broken : pkg.good);
            return admin('compile');
          };
        case 'VIEW_DIAGNOSTICS':
          return () => s.request('GET', `/v1/admin/app/${v.appId}/jobs`, { token: staff });
      }
    }
    return undefined;
  };

  return {
    v,
    stored,
    requestFor,
    /** POST /v1/publisher/bundles: a new bundle, its first version submitted by the machine. */
    async createBundle() {
      const bundleInfo = {
        name: `Bundle ${randomUUID().slice(0, 8)}`,
        description: 'Two apps, one price.',
        version: '1.0.0',
        categories: ['Productivity'],
        requiredApiVersion: s.config.engineVersion,
        iconFileData: bundleIcon,
        purchaseType: 'buy',
        price: 0,
        pricingPlans: [],
      };
      const res = await s.form('POST', '/v1/publisher/bundles', owner, {
        bundleInfo: JSON.stringify(bundleInfo),
        appIds: JSON.stringify([uuidOf('app:Jira Connector')]),
      });
      expect(res.status, res.text).toBe(201);
      v.appId = res.json.appId;
      const [row] = await s.app.db.select({ id: appVersions.internalId }).from(appVersions).where(eq(appVersions.appId, v.appId));
      v.versionId = row!.id;
    },
    async create(compileFails: boolean) {
      if (kind === 'bundle') {
        // A draft bundle as the server stores it before its first submission (the create route submits
        // at once: paths from draft whose first step is the publisher's SUBMIT take that route instead).
        v.appId = randomUUID();
        v.versionId = newId();
        const [seeded] = await s.app.db
          .select({ publisherId: apps.publisherId })
          .from(apps)
          .where(eq(apps.id, uuidOf(`bundle:${demoBundle.name}`)));
        await s.app.db.insert(apps).values({ id: v.appId, publisherId: seeded!.publisherId, isBundle: true, purchaseType: 'buy', price: 0 });
        await s.app.db.insert(appVersions).values({
          internalId: v.versionId,
          appId: v.appId,
          version: '1.0.0',
          name: `Bundle ${v.appId.slice(0, 8)}`,
          status: 'draft',
          categories: ['Productivity'],
          languages: ['en'],
          author: { name: 'Northwind Integrations' },
          requiredApiVersion: '1.66.0',
          ...info,
        });
        return;
      }
      v.appId = randomUUID();
      const pkg = packages(v.appId);
      const res = await s.upload('POST', '/v1/publisher/apps', owner, [{ field: 'app', filename: 'app.zip', data: compileFails ? pkg.broken : pkg.good }]);
      expect(res.status, res.text).toBe(201);
      v.versionId = res.json.latest.id;
      // What the wizard's next steps write while the package compiles, so that it can be submitted.
      expect((await s.request('POST', `${base(v)}/details`, { token: owner, body: { categories: ['Productivity'], languages: ['en'] } })).status).toBe(200);
      expect((await s.request('POST', `${base(v)}/info`, { token: owner, body: info })).status).toBe(200);
    },
  };
}

/**
 * Events that only open a screen (the request is a read): the server performs no transition for them, so they
 * count for nothing in the coverage of what the server did.
 */
const SCREEN_EVENTS = new Set(['EDIT', 'EDIT_INFO', 'VIEW_DIAGNOSTICS']);

/** Statuses whose refusals were checked already (the answer does not depend on which version it is). */
const refusalsChecked = new Set<string>();

async function checkRefusals(kind: Kind, server: ReturnType<typeof versionOnServer>, status: VersionStatus) {
  if (refusalsChecked.has(`${kind} ${status}`)) return;
  refusalsChecked.add(`${kind} ${status}`);
  for (const who of ['publisher', 'staff'] as const) {
    for (const event of lifecycleEvents) {
      const request = server.requestFor(who, event, false);
      if (!request || ['EDIT', 'EDIT_INFO', 'VIEW_DIAGNOSTICS'].includes(event.type)) continue;
      if (lifecycleSnapshot(status, ctx(who, kind)).can(event)) continue;
      const res = await request();
      expect([res.status, res.json?.code !== undefined], `${who} ${event.type} in ${status}: ${res.text}`).toEqual([409, true]);
      expect(await server.stored(), `${who} ${event.type} in ${status} changed the status`).toBe(status);
    }
  }
}

async function run(kind: Kind, path: Step[], start: Version) {
  const server = versionOnServer(kind);
  let at = start;
  const first = path[0]?.event;
  if (kind === 'bundle' && start.status === 'draft' && first?.who === 'publisher' && first.event.type === 'SUBMIT') {
    // The publisher's first submission of a bundle is its creation: the real route, not a stored draft.
    await server.createBundle();
    expect(await server.stored()).toBe(path[0]!.state.status);
    coverage.visit(lifecycleSnapshot(start.status, ctx('publisher', kind)));
    coverage.step(lifecycleSnapshot(start.status, ctx('publisher', kind)), first.event, lifecycleSnapshot(path[0]!.state.status, ctx('publisher', kind)));
    at = path[0]!.state;
    path = path.slice(1);
    await checkRefusals(kind, server, at.status);
  } else if (start.exists) {
    await server.create(false);
    expect(await server.stored()).toBe(start.status);
    coverage.visit(lifecycleSnapshot(start.status, ctx('publisher', kind)));
  }
  for (const [i, step] of path.entries()) {
    const { who, event } = step.event;
    const next = path[i + 1]?.event;
    const compileFails = next?.event.type === 'COMPILE_FAILED';
    const label = `${who} ${event.type} in ${at.status}`;
    if (!at.exists) {
      await server.create(compileFails);
    } else if (who === 'system') {
      const job = await compileNext(s.app);
      expect(job, label).not.toBeNull();
    } else {
      const res = await server.requestFor(who, event, compileFails)!();
      expect(res.status, `${label}: ${res.text}`).toBeLessThan(300);
      if (event.type === 'VIEW_DIAGNOSTICS') expect(res.json[0].diagnostics.length, label).toBeGreaterThan(0);
    }
    expect(await server.stored(), label).toBe(step.state.status);
    // Counted where the server performed the event: a write it applied through the machine (the stored status
    // is the machine's next one; a new upload is the system's COMPILE of a draft, asked of the machine).
    if (!SCREEN_EVENTS.has(event.type))
      coverage.step(lifecycleSnapshot(at.status, ctx(who, kind)), event, lifecycleSnapshot(step.state.status, ctx(who, kind)));
    at = step.state;
    await checkRefusals(kind, server, at.status);
  }
  // A compile the path leaves queued is not left to the next path.
  while (await compileNext(s.app));
}

const models: [Kind, Version][] = [
  ['app', { status: 'draft', exists: false }],
  ['bundle', { status: 'draft', exists: true }],
];
for (const [kind, start] of models) {
  describe(`the lifecycle of ${kind === 'app' ? 'an app' : 'a bundle'} version, on the server`, () => {
    const model = modelOf(kind, start);
    const paths = generatedPaths(model);
    it('has generated paths that walk every edge of the model', () => {
      const walked = new Set(paths.flatMap((p) => p.steps.map((st, i) => `${JSON.stringify(i ? p.steps[i - 1]!.state : start)} ${st.event.type}`)));
      expect(walked.size).toBe(edgeCount(model));
      expect(walked.size).toBeGreaterThan(kind === 'app' ? 15 : 5);
    });
    for (const path of paths) {
      it(path.description, async () => run(kind, path.steps, start));
    }
  });
}
