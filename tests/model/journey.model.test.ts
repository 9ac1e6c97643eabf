import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getNextSnapshot } from 'xstate';
import { PURCHASE_SCOPE } from '../../contract/checkout';
import type { VersionStatus } from '../../contract/schemas/app';
import {
  appVersionLifecycle,
  contentEditable,
  lifecycleSnapshot,
  type LifecycleActor,
  type LifecycleEvent,
  type VersionAction,
} from '../../machines/app-version-lifecycle';
import { noFacts, versionActionsFor, type VersionFacts } from '../../machines/version-actions';
import { pricingMachine, type PricingEvent, type PurchaseChoice } from '../../machines/pricing';
import { newSubscription } from '../../machines/subscription';
import { publishers } from '../../server/db/schema';
import { demoPublishers } from '../../server/dev/seed/seed-data';
import { ROCKET_CHAT_DEFAULT_SCOPES } from '../../server/workspaces/scopes';
import { pngImage } from '../fixtures/images';
import { fixtureFiles, withManifest, zip } from '../fixtures/packages';
import { startServer, type TestServer } from '../harness';
import { registerWorkspace, type RegisteredWorkspace } from '../registered-workspace';
import { edgeCount, generatedPaths, type ActorModel } from './actor-model';
import { ModelCoverage } from './coverage';

/**
 * A version's whole life across the people who hand it on (docs/testing.md, Journeys): the publisher uploads,
 * prices (one-time or a subscription plan, as the pricing machine takes them), writes the listing, submits, revises, withdraws and publishes; staff review, reject with citations,
 * approve, publish and feature; a workspace buys and syncs its licence; staff refund. The moves come from the
 * lifecycle machine and the one rule of a version's actions (machines/version-actions.ts) over the journey's own
 * facts (a check blocks the package, the listing is complete, the app is paid, its publisher can take payments).
 * Every generated walk runs against the real server, and at every hand-off the invariants hold:
 * - what the rule holds back is refused by the server with the rule's code, and changes nothing;
 * - the facts the server reports are the journey's; every action a walk takes was offered, and succeeds;
 * - an update starts from the listing before it (categories, languages, texts, screenshots);
 * - the catalog answers, with the app exactly while it is live; a live paid app can be bought, once per workspace;
 * - a bought app's licence syncs; a refund ends it.
 * Coverage (coverage/model/journey-lifecycle.json) counts only lifecycle transitions the server performed.
 */
type Bought = 'no' | 'live' | 'refunded';
type J = {
  v: VersionStatus | 'none';
  /** Versions uploaded (the first, then one update). */
  n: number;
  blocked: boolean;
  listed: boolean;
  /** The app's purchase type, as the pricing machine (machines/pricing.ts) has it. */
  pricing: PurchaseChoice;
  payouts: boolean;
  live: boolean;
  featured: boolean;
  bought: Bought;
};
/** A move of the journey (`move`: the generated paths name each step in `type`). */
type Move =
  | { who: 'publisher'; move: 'UPLOAD'; clean: boolean }
  | { who: 'publisher'; move: 'WRITE' | 'CONNECT' }
  | { who: 'publisher'; move: 'PRICE'; event: PricingEvent }
  | { who: LifecycleActor; move: 'LIFECYCLE'; action: VersionAction }
  | { who: 'staff'; move: 'FEATURE' | 'REFUND' }
  | { who: 'workspace'; move: 'BUY' | 'SYNC' };

const paid = (j: J) => j.pricing !== 'free';
/** The choices of a paid purchase type the journey offers the pricing machine (Northwind may create paid apps). */
const priceChoices: PricingEvent[] = [
  { type: 'CHOOSE_BUY', price: 5 },
  { type: 'CHOOSE_SUBSCRIPTION', planId: 'team' },
];
const pricingOf = (current: PurchaseChoice) =>
  pricingMachine.resolveState({ value: current, context: { current, canCreatePaidApps: true, activeSubscriptions: 0, price: 0, planId: '' } });

/** What the rule is asked on the journey's facts (the server computes its own; the invariants compare them). */
const factsOf = (j: J): VersionFacts => ({
  ...noFacts,
  blockedBy: j.blocked && (j.v === 'compiled' || j.v === 'author-approved') ? 'blocked' : null,
  incomplete: j.listed ? null : 'incomplete',
  // The listing is written with the first version and carried to the update (whose change log is `listed`).
  unlisted: j.listed || j.n > 1 ? null : 'unlisted',
  cannotSell: paid(j) && !j.payouts ? 'cannot sell' : null,
});
/** The lifecycle moves a journey walks (screens, compiles queued by staff and drafts are the lifecycle model's). */
const walked: Partial<Record<LifecycleActor, VersionAction[]>> = {
  publisher: ['SUBMIT', 'REJECT', 'UPLOAD_REVISION', 'PUBLISH'],
  staff: ['REVIEW', 'APPROVE', 'REJECT', 'PUBLISH'],
};
const settle = (v: VersionStatus): VersionStatus => (v === 'compiling' ? 'compiled' : v);

export const journey: ActorModel<J, Move> = {
  start: { v: 'none', n: 0, blocked: false, listed: false, pricing: 'free', payouts: false, live: false, featured: false, bought: 'no' },
  events: (j) => {
    const moves: Move[] = [];
    if (j.v === 'none') return [true, false].map((clean) => ({ who: 'publisher', move: 'UPLOAD', clean }));
    const v = j.v;
    if (!j.listed && contentEditable(v)) moves.push({ who: 'publisher', move: 'WRITE' });
    // Priced once, while the first version is compiled: the choices the pricing machine accepts from free.
    if (j.n === 1 && !paid(j) && v === 'compiled')
      for (const event of priceChoices) if (pricingOf(j.pricing).can(event)) moves.push({ who: 'publisher', move: 'PRICE', event });
    if (paid(j) && !j.payouts && (v === 'author-approved' || v === 'compiled')) moves.push({ who: 'publisher', move: 'CONNECT' });
    for (const who of ['publisher', 'staff'] as const) {
      const { offered } = versionActionsFor(v, { actor: who, isBundle: false }, factsOf(j));
      for (const action of offered) if (walked[who]!.includes(action)) moves.push({ who, move: 'LIFECYCLE', action });
    }
    // Featuring does not depend on how the app is sold: walked with a one-time price (fewer walks to run).
    if (j.live && !j.featured && j.n === 1 && j.pricing !== 'subscription') moves.push({ who: 'staff', move: 'FEATURE' });
    if (j.live && paid(j) && j.bought === 'no') moves.push({ who: 'workspace', move: 'BUY' });
    if (j.bought === 'live' && j.n === 1) moves.push({ who: 'workspace', move: 'SYNC' });
    // The update comes once the app has sold; the refund ends the journey once the update is live.
    if (j.n === 1 && j.bought === 'live' && v === 'published') moves.push({ who: 'publisher', move: 'UPLOAD', clean: true });
    if (j.bought === 'live' && j.n === 2 && v === 'published') moves.push({ who: 'staff', move: 'REFUND' });
    return moves;
  },
  next: (j, m) => {
    switch (m.move) {
      case 'UPLOAD':
        return { ...j, v: 'compiled', n: j.n + 1, blocked: !m.clean, listed: false };
      case 'WRITE':
        return { ...j, listed: true };
      case 'PRICE':
        return { ...j, pricing: getNextSnapshot(pricingMachine, pricingOf(j.pricing), m.event).value as PurchaseChoice };
      case 'CONNECT':
        return { ...j, payouts: true };
      case 'FEATURE':
        return { ...j, featured: true };
      case 'BUY':
        return { ...j, bought: 'live' };
      case 'SYNC':
        return j;
      case 'REFUND':
        return { ...j, bought: 'refunded' };
      case 'LIFECYCLE': {
        const snapshot = lifecycleSnapshot(j.v as VersionStatus, { actor: m.who, isBundle: false });
        const v = settle(getNextSnapshot(appVersionLifecycle, snapshot, probeOf(m.action)).value as VersionStatus);
        // A revision is a clean package (the fix); it keeps the listing.
        return { ...j, v, blocked: m.action === 'UPLOAD_REVISION' ? false : j.blocked, live: j.live || v === 'published' };
      }
    }
  },
  name: (m) =>
    `${m.who}.${m.move === 'LIFECYCLE' ? m.action : m.move === 'UPLOAD' ? (m.clean ? 'UPLOAD' : 'UPLOAD_BLOCKED') : m.move === 'PRICE' ? m.event.type : m.move}`,
};

function probeOf(action: VersionAction) {
  if (action === 'REJECT') return { type: 'REJECT', reason: 'x' } as const;
  if (action === 'REVIEW') return { type: 'REVIEW', note: 'x' } as const;
  return { type: action } as { type: Exclude<VersionAction, 'REJECT' | 'REVIEW'> };
}

let s: TestServer;
let owner: string;
let staff: string;
let admin: string;
const northwind = demoPublishers.find((p) => p.key === 'northwind')!;
const coverage = new ModelCoverage('journey-lifecycle', appVersionLifecycle, 'server');
beforeAll(async () => {
  s = await startServer();
  [owner, staff, admin] = await Promise.all([s.signIn('owner'), s.signIn('reviewer'), s.signIn('admin')]);
});
afterAll(async () => {
  coverage.report();
  await s?.app.db.update(publishers).set({ stripeAccountId: northwind.stripe }).where(eq(publishers.id, northwind.id));
  await s.close();
});

const listing = {
  categories: ['Productivity'],
  languages: ['en', 'de'],
  info: {
    shortDescription: 'Standup prompts in a thread',
    description: 'Posts a **daily** standup prompt.',
    privacyPolicySummary: 'Keeps answers in the room only.',
    documentationUrl: 'https://northwind.example/standup',
  },
};
const listingFields = ['categories', 'languages', 'shortDescription', 'description', 'privacyPolicySummary', 'documentationUrl'] as const;

/** One app's journey on the server: its requests, and what the server says of it. */
function appOnServer() {
  const appId = randomUUID();
  let ws: RegisteredWorkspace | undefined;
  const pkg = (version: string, clean: boolean) => {
    const files = withManifest(fixtureFiles('standup-helper'), { id: appId, version });
    const leak = fixtureFiles('leaky-key')['keys/service-account.pem']!;
    return zip(clean ? files : { ...files, 'keys/service-account.pem': leak });
  };
  const versionNumber = (n: number) => `1.${n - 1}.0`;
  const versions = async (token = owner) => {
    const res = await s.request('GET', token === owner ? `/v1/publisher/apps/${appId}/all` : `/v1/admin/app/${appId}/all`, { token });
    expect(res.status, res.text).toBe(200);
    return res.json as { id: string; version: string; status: VersionStatus; facts: Omit<VersionFacts, 'cannotSell'> }[];
  };
  const latest = async (token = owner) => (await versions(token))[0]!;
  const base = async () => `/v1/publisher/apps/${appId}/info/${(await latest()).id}`;
  const publisherStatus = async (status: string, extra: Record<string, string> = {}) => {
    const id = (await latest()).id;
    return s.request('POST', `/v1/publisher/apps/${appId}/status/${id}`, { token: owner, body: { status, appId, versionId: id, ...extra } });
  };
  const staffAction = async (action: string, extra: Record<string, unknown> = {}) => {
    const id = (await latest(staff)).id;
    return s.request('POST', `/v1/admin/app/${appId}/version/${id}/${action}`, { token: action === 'publish' ? admin : staff, body: { action, ...extra } });
  };
  const buyer = async () => {
    ws ??= await registerWorkspace(s, admin, `Journey ${appId.slice(0, 8)}`);
    return { ws, token: await ws.token(PURCHASE_SCOPE) };
  };
  const purchaseRecord = async () => {
    const res = await s.request('GET', `/v1/admin/purchases?limit=50&offset=0`, { token: admin });
    return (res.json.data as { _id: string; appId: string }[]).find((p) => p.appId === appId);
  };

  /** The request of a lifecycle action (the ones the journey walks, and the ones it checks refused). */
  const lifecycleRequest = (who: LifecycleActor, action: VersionAction): (() => Promise<{ status: number; json: any; text: string }>) | undefined => {
    if (who === 'publisher') {
      if (action === 'SUBMIT') return async () => s.request('POST', `${await base()}/submit`, { token: owner });
      if (action === 'REJECT') return () => publisherStatus('rejected', { rejectionReason: 'Not ready yet.' });
      if (action === 'PUBLISH') return () => publisherStatus('published');
      if (action === 'UPLOAD_REVISION') {
        return async () => s.upload('PUT', `/v1/apps/${appId}`, owner, [{ field: 'app', filename: 'app.zip', data: pkg((await latest()).version, true) }]);
      }
    }
    if (who === 'staff') {
      if (action === 'REVIEW') return () => staffAction('review', { reviewNote: 'Say why it needs networking.' });
      if (action === 'APPROVE') return () => staffAction('approve');
      if (action === 'PUBLISH') return () => staffAction('publish');
      if (action === 'REJECT') {
        // Cites the manifest's first line, as a reviewer picks it in the diff.
        return () =>
          staffAction('reject', {
            rejectionReason: 'Explain the networking permission.',
            citations: [{ kind: 'line', path: 'app.json', side: 'new', line: 1, text: '{' }],
          });
      }
    }
    return undefined;
  };

  return {
    appId,
    versions,
    latest,
    lifecycleRequest,
    async upload(n: number, clean: boolean) {
      const data = pkg(versionNumber(n), clean);
      const res =
        n === 1
          ? await s.upload('POST', '/v1/publisher/apps', owner, [{ field: 'app', filename: 'app.zip', data }])
          : await s.upload('PUT', `/v1/apps/${appId}`, owner, [{ field: 'app', filename: 'app.zip', data }]);
      expect(res.status, res.text).toBeLessThan(300);
      expect(res.json.appId).toBe(appId);
      await s.settled(owner, appId);
    },
    async write(n: number) {
      const at = await base();
      if (n === 1) {
        expect(
          (await s.request('POST', `${at}/details`, { token: owner, body: { categories: listing.categories, languages: listing.languages } })).status,
        ).toBe(200);
        expect((await s.request('POST', `${at}/info`, { token: owner, body: listing.info })).status).toBe(200);
        const shot = await s.upload('POST', `${at}/screenshots`, owner, [{ field: 'screenshots', filename: 'room.png', data: pngImage(960, 540) }]);
        expect(shot.status, shot.text).toBeLessThan(300);
      } else {
        const res = await s.request('POST', `${at}/changes`, {
          token: owner,
          body: { changesNote: 'Faster prompts.', internalChangesNote: 'Networking is for the calendar.' },
        });
        expect(res.status, res.text).toBe(200);
      }
    },
    /** The pricing machine's choice, as the Change Pricing drawer and the plan drawer send it. */
    async price(event: PricingEvent) {
      const term = (enabled: boolean, price: number) => ({ enabled, price, isSeatBased: false, tiers: [] });
      const res =
        event.type === 'CHOOSE_SUBSCRIPTION'
          ? await s.request('POST', `/v1/publisher/apps/${appId}/prices`, {
              token: owner,
              body: { name: 'Team', trialEnabled: false, monthly: term(true, 4), yearly: term(false, 0) },
            })
          : await s.request('POST', `/v1/publisher/apps/${appId}/pricing`, { token: owner, body: { type: 'buy', buyPrice: 5 } });
      expect(res.status, res.text).toBeLessThan(300);
    },
    async feature() {
      const res = await s.request('POST', '/v1/admin/featured', { token: staff, body: { appId, sectionSlug: 'trending' } });
      expect(res.status, res.text).toBe(201);
    },
    /** Buys the app, or subscribes to its plan (its first, 5 seats), on the sandbox provider's card page. */
    async buy() {
      const b = await buyer();
      const offer = await s.request('GET', `/v1/checkout/apps/${appId}?workspaceId=${b.ws.id}`, { token: b.token });
      expect(offer.status, offer.text).toBe(200);
      const plan = (offer.json.plans as { id: string }[])[0];
      const session = await s.request('POST', `/v1/checkout/apps/${appId}/sessions`, {
        token: b.token,
        body: { workspaceId: b.ws.id, acceptTerms: true, ...(plan ? { planId: plan.id, seats: 5 } : {}) },
      });
      expect(session.status, session.text).toBe(201);
      const paid = await fetch(`${s.base}/dev-payments/checkout`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          t: new URL(session.json.url, s.base).searchParams.get('t')!,
          number: '4242 4242 4242 4242',
          expiry: '12/40',
          cvc: '123',
          action: 'pay',
        }),
      });
      expect(paid.status).toBe(303);
    },
    async licence() {
      return s.request('GET', `/v1/workspaces/${ws!.id}/apps/${appId}`, { token: await ws!.token(ROCKET_CHAT_DEFAULT_SCOPES.join(' ')) });
    },
    /** One live purchase per workspace: a second checkout of what it holds is refused. */
    async buyAgain() {
      const b = await buyer();
      return s.request('POST', `/v1/checkout/apps/${appId}/sessions`, { token: b.token, body: { workspaceId: b.ws.id, acceptTerms: true } });
    },
    async refund() {
      const record = await purchaseRecord();
      expect(record, 'the purchase record').toBeDefined();
      const res = await s.request('POST', `/v1/admin/purchases/${record!._id}/refund`, { token: admin, body: { reason: 'The journey ends.' } });
      expect(res.status, res.text).toBe(200);
    },
    async screenshots(versionId: string) {
      return (await s.request('GET', `/v1/publisher/apps/${appId}/info/${versionId}/screenshots`, { token: owner })).json as { fileName: string }[];
    },
  };
}

type App = ReturnType<typeof appOnServer>;

const refusalsChecked = new Set<string>();

/** The invariants of every hand-off (see above). */
async function handOff(app: App, j: J, label: string) {
  const [mine, theirs] = await Promise.all([app.versions(owner), app.versions(staff)]);
  const v = mine[0]!;
  expect(v.status, label).toBe(j.v);
  // The facts the server reports are the journey's, and the same for publisher and staff.
  expect(theirs[0]!.facts, label).toEqual(v.facts);
  expect(v.facts.blockedBy !== null, `${label}: blocked`).toBe(factsOf(j).blockedBy !== null);
  expect(v.facts.incomplete === null, `${label}: ready for review (${v.facts.incomplete})`).toBe(j.listed);
  expect(v.facts.unlisted === null, `${label}: listing complete (${v.facts.unlisted})`).toBe(factsOf(j).unlisted === null);
  const detail = (await s.request('GET', `/v1/publisher/apps/${app.appId}`, { token: owner })).json as { cannotSell: string | null };
  expect(detail.cannotSell !== null, `${label}: cannot sell`).toBe(paid(j) && !j.payouts);
  // What the rule holds back, the server refuses with the rule's code; nothing changes (once per status and facts:
  // the answer does not depend on which app it is).
  const facts = { ...v.facts, cannotSell: detail.cannotSell };
  const key = JSON.stringify([v.status, facts]);
  for (const who of refusalsChecked.has(key) ? [] : (['publisher', 'staff'] as const)) {
    for (const held of versionActionsFor(v.status, { actor: who, isBundle: false }, facts).withheld) {
      const request = app.lifecycleRequest(who, held.action);
      if (!request) continue;
      const res = await request();
      expect([res.status, res.json?.code], `${label}: ${who} ${held.action} held back (${held.reason})`).toEqual([
        held.action === 'SUBMIT' && held.code === 'listing_incomplete' ? 400 : 409,
        held.code,
      ]);
      expect((await app.latest()).status, `${label}: ${who} ${held.action} changed the status`).toBe(v.status);
    }
  }
  refusalsChecked.add(key);
  // The catalog answers, with the app exactly while it is live.
  const catalog = await s.request('GET', '/v1/apps');
  expect(catalog.status).toBe(200);
  expect(
    (catalog.json as { appId: string }[]).some((a) => a.appId === app.appId),
    `${label}: in the catalog`,
  ).toBe(j.live);
  if (j.featured) {
    const featured = (await s.request('GET', '/v1/featured-apps')).json as { sections: { apps: { appId: string }[] }[] };
    expect(
      featured.sections.flatMap((x) => x.apps.map((a) => a.appId)),
      `${label}: featured`,
    ).toContain(app.appId);
  }
  if (j.bought === 'live') {
    const again = await app.buyAgain();
    expect(again.status, `${label}: a second purchase`).toBe(409);
  }
}

/** Counts a lifecycle transition the server performed (coverage/model/journey-lifecycle.json). */
function performed(who: LifecycleActor, from: VersionStatus, event: LifecycleEvent) {
  const ctx = { actor: who, isBundle: false };
  const before = lifecycleSnapshot(from, ctx);
  coverage.visit(before);
  coverage.step(before, event, lifecycleSnapshot(getNextSnapshot(appVersionLifecycle, before, event).value as VersionStatus, ctx));
}

async function run(steps: { event: Move & { type: string }; state: J }[]) {
  await s.app.db.update(publishers).set({ stripeAccountId: '' }).where(eq(publishers.id, northwind.id));
  const app = appOnServer();
  let j = journey.start;
  for (const { event, state } of steps) {
    const m = event as Move;
    const label = `${journey.name(m)} at ${JSON.stringify(j)}`;
    switch (m.move) {
      case 'UPLOAD': {
        const before = j.n ? await app.latest() : undefined;
        await app.upload(state.n, m.clean);
        // The server stored a draft, compiled by the system, and the compile succeeded.
        performed('system', 'draft', { type: 'COMPILE' });
        performed('system', 'compiling', { type: 'COMPILE_SUCCEEDED' });
        if (before) {
          // The update starts from the listing before it.
          const [now, was] = (await app.versions()) as unknown as Record<string, unknown>[];
          for (const f of listingFields) expect(now![f], `${label}: ${f} carried`).toEqual(was![f]);
          expect(
            (await app.screenshots(now!.id as string)).map((x) => x.fileName),
            `${label}: screenshots carried`,
          ).toEqual((await app.screenshots(before.id)).map((x) => x.fileName));
        }
        break;
      }
      case 'WRITE':
        await app.write(j.n);
        break;
      case 'PRICE':
        await app.price(m.event);
        break;
      case 'CONNECT':
        await s.app.db.update(publishers).set({ stripeAccountId: northwind.stripe }).where(eq(publishers.id, northwind.id));
        break;
      case 'FEATURE':
        await app.feature();
        break;
      case 'BUY':
        await app.buy();
        break;
      case 'SYNC': {
        const res = await app.licence();
        expect(res.status, res.text).toBe(200);
        // A one-time purchase holds the app (Rocket.Chat's sync reads `isPurchased`); a subscription also carries its
        // licence, in the state the subscription machine (machines/subscription.ts) starts a paid one in.
        expect(res.json.latest.isPurchased, label).toBe(true);
        if (j.pricing === 'subscription') {
          // A plan without a trial, paid at checkout: where the machine starts it.
          const started = newSubscription({ paid: true, perSeat: false, seats: 5 });
          expect(res.json.latest.subscriptionInfo.status, label).toBe(started.value);
          expect(res.json.latest.subscriptionInfo.license.license, label).toBeTruthy();
        }
        break;
      }
      case 'REFUND':
        await app.refund();
        break;
      case 'LIFECYCLE': {
        const from = j.v as VersionStatus;
        const res = await app.lifecycleRequest(m.who, m.action)!();
        expect(res.status, `${label}: ${res.text}`).toBeLessThan(300);
        performed(m.who, from, probeOf(m.action));
        if (m.action === 'UPLOAD_REVISION') {
          await s.settled(owner, app.appId);
          performed('system', 'compiling', { type: 'COMPILE_SUCCEEDED' });
        }
        break;
      }
    }
    j = state;
    await handOff(app, j, label);
  }
  if (j.bought === 'refunded') {
    // The refund ended the purchase: the workspace's sync no longer has it.
    const res = await app.licence();
    expect(res.status === 200 ? res.json.latest.isPurchased : false).toBe(false);
  }
}

describe('journeys: a version’s life across publisher, reviewer, staff and workspace, on the server', () => {
  const paths = generatedPaths(journey);
  it('has generated paths that walk every move of the journey', () => {
    const walkedMoves = new Set(paths.flatMap((p) => p.steps.map((st, i) => `${JSON.stringify(i ? p.steps[i - 1]!.state : journey.start)} ${st.event.type}`)));
    expect(walkedMoves.size).toBe(edgeCount(journey));
    // Each hand-off of the issue is walked: revise in place, reject with citations, approve, publish, feature, buy, sync, update, refund.
    const names = new Set(paths.flatMap((p) => p.steps.map((st) => st.event.type)));
    for (const n of [
      'publisher.UPLOAD_BLOCKED',
      'publisher.UPLOAD_REVISION',
      'staff.REJECT',
      'staff.REVIEW',
      'staff.APPROVE',
      'publisher.PUBLISH',
      'staff.FEATURE',
      'workspace.BUY',
      'workspace.SYNC',
      'staff.REFUND',
    ])
      expect(names, n).toContain(n);
  });
  for (const path of paths) it(path.description, async () => run(path.steps), 120_000);
});
