import { ensureDefaultTemplates } from '../../db/seed-templates';
import { createHash } from 'node:crypto';
import { count, sql } from 'drizzle-orm';
import { zipSync } from 'fflate';
import type { Db } from '../../db/client';
import type { Storage } from '../../kernel/storage';
import { DELIVER_JOB } from '../../kernel/job-kinds';
import { JOB_SCHEMA, enqueue } from '../../kernel/jobs';
import * as t from '../../db/schema';
import type { PriceTerm } from '../../db/schema';
import { demoApps, demoBundle, demoCategories, demoMoreBundles, demoPublishers, demoUsers } from './seed-data';
import { renderMarkdown } from '../../catalog/markdown/markdown';
import { rollUpPurchases } from '../../reports/rollups';

/**
 * A demo version's texts with their HTML, as a save stores them (catalog/markdown/markdown-texts.ts); rendered here in the
 * process, not on the rendering thread: these are the portal's own short texts, not a publisher's.
 */
const withHtml = (t: { description: string; changesNote?: string }) => ({
  description: t.description,
  descriptionHtml: renderMarkdown(t.description),
  changesNote: t.changesNote ?? '',
  changesNoteHtml: renderMarkdown(t.changesNote ?? ''),
});

/** A stable UUID from a name, so the demo world is the same on every machine. */
export const uuidOf = (name: string) => {
  const h = createHash('sha256').update(name).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
};
const hexId = (name: string) => createHash('sha256').update(name).digest('hex').slice(0, 24);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);
const daysAhead = (n: number) => new Date(Date.now() + n * 86_400_000);

/** A square SVG icon with the app's initials, as a data URL (what iconFileData holds). */
export const iconFor = (name: string, color: string) => {
  const initials = name
    .split(/\s+/)
    .map((w) => w[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" rx="14" fill="${color}"/><text x="32" y="41" font-family="Arial" font-size="24" font-weight="700" fill="#fff" text-anchor="middle">${initials}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
};

const term = (enabled: boolean, price: number) => ({ enabled, price, stripePriceId: '', isSeatBased: false, tiers: [] as PriceTerm['tiers'] });
const standupTiers: PriceTerm['tiers'] = [
  { price: 4, perUnit: true, minimum: 1, maximum: 50 },
  { price: 3.5, perUnit: true, minimum: 51, maximum: 150 },
];

export async function seedIfEmpty(db: Db, storage?: Storage): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(t.publishers);
  if ((row?.n ?? 0) > 0) return false;
  await seed(db, storage);
  return true;
}

/**
 * The compiled package of a demo version, as Rocket.Chat installs one: app.json, the app's class compiled to
 * JavaScript, its icon and the packager's mark (what server/apps/packages/compiled.ts makes of a real
 * upload). The demo's published versions carry one, so workspaces can download and install them.
 */
export function demoPackage(a: {
  id: string;
  name: string;
  version: string;
  short: string;
  author: { name: string; support: string; homepage: string };
  icon: string;
}) {
  const className = `${a.name.replace(/[^A-Za-z0-9]/g, '')}App`;
  const manifest = {
    id: a.id,
    version: a.version,
    requiredApiVersion: '^1.40.0',
    iconFile: 'icon.svg',
    author: a.author,
    name: a.name,
    nameSlug: a.name.toLowerCase().replace(/\s+/g, '-'),
    classFile: `${className}.ts`,
    description: a.short,
    implements: [],
  };
  const js = [
    '"use strict";',
    'Object.defineProperty(exports, "__esModule", { value: true });',
    `exports.${className} = void 0;`,
    'const App_1 = require("@rocket.chat/apps-engine/definition/App");',
    `class ${className} extends App_1.App {`,
    '    constructor(info, logger, accessors) {',
    '        super(info, logger, accessors);',
    '    }',
    '}',
    `exports.${className} = ${className};`,
    '',
  ].join('\n');
  const text = (value: string) => new TextEncoder().encode(value);
  return Buffer.from(
    zipSync({
      'app.json': text(JSON.stringify(manifest, null, 2)),
      [`${className}.js`]: text(js),
      'icon.svg': Buffer.from(a.icon.slice(a.icon.indexOf(',') + 1), 'base64'),
      '.packagedby': text(JSON.stringify({ name: 'marketplace-portal demo', version: '0.1.0', typescript: '5.9.3' }, null, 2)),
    }),
  );
}

/** Every table, child tables first, so a reset leaves an empty schema. */
const resetOrder = [
  t.featuredApps,
  t.activityLogs,
  t.usageRecords,
  t.webhookActivities,
  t.webhooks,
  t.purchaseRecords,
  t.checkoutSessions,
  t.stripeEvents,
  t.appInstallEvents,
  t.workspaceTokens,
  t.workspaces,
  t.accounts,
  t.screenshots,
  t.bundleApps,
  t.bundlePlans,
  t.prices,
  t.compileJobs,
  t.appVersions,
  t.trustPolicies,
  t.apiTokens,
  t.apps,
  t.payouts,
  t.publisherActivity,
  t.paymentConnects,
  t.sandboxLedger,
  t.sandboxAccounts,
  t.developers,
  t.publishers,
  t.sessions,
  t.cloudTokens,
  t.cloudRefreshTokens,
  t.authCodes,
  t.cloudUsers,
  t.categories,
  t.emailTemplates,
  t.mailSends,
  t.templateRenders,
  t.settings,
  t.rowCounts,
  t.appListDays,
];

export async function resetDatabase(db: Db) {
  await db.transaction(async (tx) => {
    for (const table of resetOrder) await tx.delete(table);
    // And every job (of every queue): the work of the rows just removed.
    await tx.execute(sql`DELETE FROM ${sql.identifier(JOB_SCHEMA)}.job`);
  });
}

/**
 * The demo world. With `storage`, the published (and once published) demo versions get their compiled
 * packages in it, so that they can be downloaded. Every number the portal shows of installs, downloads and
 * usage comes from the events workspaces cause (the workspace simulator plays them on the demo: see
 * server/dev/simulators/workspace-simulator.ts); none is written here.
 */
export async function seed(db: Db, storage?: Storage) {
  await db.transaction(async (tx) => {
    const pubId = Object.fromEntries(demoPublishers.map((p) => [p.key, p.id]));
    await tx.insert(t.publishers).values(
      demoPublishers.map((p) => ({
        id: p.id,
        name: p.name,
        city: p.city,
        state: p.state,
        country: p.country,
        tosLink: p.registered ? `https://${p.key}.example/terms` : '',
        privacyLink: p.registered ? `https://${p.key}.example/privacy` : '',
        webhookLink: p.webhooks ? `https://${p.key}.example/hooks/marketplace` : '',
        accountId: hexId(`account:${p.key}`),
        stripeAccountId: p.stripe,
        stripeAvailableBalance: p.available,
        stripePendingBalance: p.pending,
        canCreatePaidApps: p.paid,
        canCreateBundles: p.bundles,
        canUseNPMModules: p.npm,
        canUseWebhooks: p.webhooks,
        isRegistered: p.registered,
      })),
    );
    // The sandbox payment provider's side of the connected publishers: an onboarded account whose ledger
    // holds the balances (available now, pending for a week).
    const connected = demoPublishers.filter((p) => p.stripe);
    if (connected.length) {
      await tx.insert(t.sandboxAccounts).values(connected.map((p) => ({ id: p.stripe, businessName: p.name, onboarded: true })));
      await tx.insert(t.sandboxLedger).values(
        connected.flatMap((p) => [
          {
            id: hexId(`ledger:${p.key}:available`),
            accountId: p.stripe,
            kind: 'credit' as const,
            amount: p.available,
            availableOn: daysAgo(3),
            description: 'Sales',
          },
          {
            id: hexId(`ledger:${p.key}:pending`),
            accountId: p.stripe,
            kind: 'credit' as const,
            amount: p.pending,
            availableOn: daysAgo(-7),
            description: 'Sales (pending)',
          },
        ]),
      );
    }
    const users = Object.values(demoUsers);
    await tx.insert(t.cloudUsers).values(
      users.map((x) => ({
        id: x.id,
        email: x.email,
        firstName: x.firstName,
        lastName: x.lastName,
        username: x.email.split('@')[0]!,
        // Each person belongs to a cloud account: their publisher's, or the one they are about to join.
        accountId: hexId(`account:${x.account ?? x.publisher ?? x.key}`),
      })),
    );
    await tx.insert(t.developers).values(
      users
        .filter((x) => x.publisher || x.systemRole)
        .map((x, i) => ({
          id: hexId(`developer:${x.key}`),
          publisherId: x.publisher ? pubId[x.publisher]! : null,
          firstName: x.firstName,
          lastName: x.lastName,
          email: x.email,
          emailVerified: true,
          chatUsername: `${x.firstName}.${x.lastName}`
            .toLowerCase()
            .normalize('NFD')
            .replace(/[^a-z.]/g, ''),
          cloudUserId: x.id,
          role: x.role ?? 'viewer',
          systemRole: x.systemRole ?? 'user',
          lastActivityDate: daysAgo(i % 9),
        })),
    );
    await tx
      .insert(t.categories)
      .values(demoCategories.map((title, i) => ({ id: hexId(`category:${title}`), title, createdDate: daysAgo(400 - i), modifiedDate: daysAgo(30 - i) })));

    const appIds: Record<string, string> = {};
    let appIndex = 0;
    for (const a of demoApps) {
      const appId = uuidOf(`app:${a.name}`);
      appIds[a.name] = appId;
      const priceId = hexId(`price:${a.name}`);
      const isSub = a.pricing === 'subscription';
      const buyPrice = a.pricing === 'buy' ? 4.99 + appIndex : 0;
      await tx.insert(t.apps).values({
        id: appId,
        publisherId: pubId[a.publisher]!,
        purchaseType: isSub ? 'subscription' : 'buy',
        price: buyPrice,
        currentPricingId: priceId,
        createdAt: daysAgo(200 - appIndex * 7),
        modifiedAt: daysAgo(20 - appIndex),
      });
      if (isSub) {
        // A legacy plan first, then the active one: "a new price makes the previous legacy".
        await tx.insert(t.prices).values({
          id: hexId(`price-legacy:${a.name}`),
          appId,
          name: 'Launch pricing',
          type: 'subscription',
          active: false,
          monthly: term(true, 2),
          yearly: term(true, 20),
          createdDate: daysAgo(150),
        });
      }
      await tx.insert(t.prices).values({
        id: priceId,
        appId,
        name: isSub ? 'Team' : a.pricing === 'buy' ? 'One-time' : 'Free',
        type: a.pricing,
        active: true,
        buyPrice,
        // Standup Bot bills its monthly plan per seat, in two tiers (the per-seat purchase records below).
        monthly: a.name === 'Standup Bot' ? { ...term(true, 0), isSeatBased: true, tiers: standupTiers } : term(isSub, isSub ? 4 : 0),
        yearly: term(isSub, isSub ? 40 : 0),
        trialEnabled: isSub,
        trialDuration: isSub ? 14 : 0,
        createdDate: daysAgo(60),
      });
      let vIndex = 0;
      for (const [version, status] of a.versions) {
        const internalId = hexId(`version:${a.name}:${version}`);
        const created = daysAgo(90 - appIndex * 3 - vIndex * 20);
        const hasJob = status !== 'draft';
        const jobId = hasJob ? hexId(`job:${a.name}:${version}`) : '';
        const author = {
          name: demoPublishers.find((p) => p.key === a.publisher)!.name,
          support: `support@${a.publisher}.example`,
          homepage: `https://${a.publisher}.example`,
        };
        // What workspaces can download: the compiled package of each version that is (or was) published.
        let compiledPath = '';
        if (storage && ['published', 'unpublished'].includes(status)) {
          compiledPath = `packages/${appId}/${internalId}.demo.compiled.zip`;
          await storage.put(compiledPath, demoPackage({ id: appId, name: a.name, version, short: a.short, author, icon: iconFor(a.name, a.color) }));
        }
        await tx.insert(t.appVersions).values({
          internalId,
          appId,
          version,
          name: a.name,
          nameSlug: a.name.toLowerCase().replace(/\s+/g, '-'),
          status,
          shortDescription: a.short,
          ...withHtml({
            description: `${a.short}. ${a.name} brings the tools your team already uses into its rooms, with slash commands, notifications and a settings page for workspace admins.`,
          }),
          categories: a.categories,
          languages: ['en', 'de', 'pt-BR'],
          iconFileData: iconFor(a.name, a.color),
          iconThumbData: iconFor(a.name, a.color),
          author,
          requiredApiVersion: '^1.40.0',
          compiled: ['compiled', 'author-approved', 'submitted', 'reviewed', 'approved', 'published', 'unpublished', 'rejected', 'author-rejected'].includes(
            status,
          ),
          internalChangesNote: 'Dependencies updated.',
          rejectionNote: status === 'rejected' ? 'The app stores API keys in plain text in room messages. Please move them to app settings.' : '',
          reviewedNote:
            status === 'reviewed'
              ? 'Please add a privacy policy summary that mentions the GitLab token scope.'
              : status === 'compiler-error'
                ? 'The package did not compile; see the diagnostics.'
                : '',
          privacyPolicySummary: 'Stores only the settings a workspace admin enters; no message content leaves the workspace.',
          documentationUrl: `https://${a.publisher}.example/docs/${a.name.toLowerCase().replace(/\s+/g, '-')}`,
          compileJobId: jobId,
          compiledPath,
          createdDate: created,
          modifiedDate: created,
        });
        if (hasJob) {
          // No demo version is compiling: a queued job without a stored package could never run.
          const failed = status === 'compiler-error';
          const running = false;
          await tx.insert(t.compileJobs).values({
            id: jobId,
            internalAppId: internalId,
            appId,
            typeScriptVersion: running ? '' : '5.9.3',
            engineVersion: running ? '' : '1.66.0',
            status: running ? 'queued' : failed ? 'failed' : 'succeeded',
            durationMs: running ? 0 : 1400 + appIndex * 113,
            requestedAt: created,
            finishedAt: running ? null : new Date(created.getTime() + 1500),
            diagnostics: failed
              ? [
                  { file: 'PollMasterApp.ts', line: 42, character: 17, message: "Property 'getRoom' does not exist on type 'IRead'." },
                  { file: 'commands/PollCommand.ts', line: 8, character: 5, message: "Type 'string' is not assignable to type 'number'." },
                ]
              : [],
          });
        }
        vIndex++;
      }
      appIndex++;
    }

    const bundleId = uuidOf(`bundle:${demoBundle.name}`);
    await tx.insert(t.apps).values({ id: bundleId, publisherId: pubId[demoBundle.publisher]!, isBundle: true, purchaseType: 'subscription' });
    await tx.insert(t.appVersions).values({
      internalId: hexId(`version:${demoBundle.name}`),
      appId: bundleId,
      version: '1.0.0',
      name: demoBundle.name,
      nameSlug: 'northwind-productivity-pack',
      status: 'published',
      shortDescription: 'Jira, standups and calendars together',
      ...withHtml({ description: 'Everything a product team needs in one subscription.' }),
      categories: ['Productivity'],
      iconFileData: iconFor(demoBundle.name, demoBundle.color),
      iconThumbData: iconFor(demoBundle.name, demoBundle.color),
      author: { name: 'Northwind Integrations' },
      requiredApiVersion: '1.66.0',
      compiled: true,
    });
    await tx.insert(t.bundleApps).values(demoBundle.apps.map((name) => ({ bundleId, appId: appIds[name]! })));
    await tx.insert(t.bundlePlans).values([
      { id: hexId('plan:bundle:monthly'), bundleId, strategy: 'monthly', trialDays: 14, price: 12, isPerSeat: false },
      {
        id: hexId('plan:bundle:yearly'),
        bundleId,
        strategy: 'yearly',
        trialDays: 14,
        price: 0,
        isPerSeat: true,
        tiers: [
          { price: 100, perUnit: true, minimum: 1, maximum: 50 },
          { price: 80, perUnit: true, minimum: 51, maximum: 150 },
        ],
      },
    ]);

    // More bundles, one in each status staff act on: submitted (to review), approved (to publish), rejected.
    for (const b of demoMoreBundles) {
      const id = uuidOf(`bundle:${b.name}`);
      await tx.insert(t.apps).values({ id, publisherId: pubId.northwind!, isBundle: true, purchaseType: b.purchaseType, price: b.price });
      await tx.insert(t.appVersions).values({
        internalId: hexId(`version:${b.name}`),
        appId: id,
        version: '1.0.0',
        name: b.name,
        nameSlug: b.name
          .toLowerCase()
          .replace(/ /g, '-')
          .replace(/[^a-z-]/g, ''),
        status: b.status,
        shortDescription: b.short,
        ...withHtml({ description: `${b.short}. ${b.apps.join(', ')} in one bundle.` }),
        categories: ['Productivity'],
        iconFileData: iconFor(b.name, b.color),
        iconThumbData: iconFor(b.name, b.color),
        author: { name: 'Northwind Integrations' },
        requiredApiVersion: '1.66.0',
        rejectionNote: b.status === 'rejected' ? 'The description does not say what the bundle saves over buying the apps.' : '',
        compiled: true,
      });
      await tx.insert(t.bundleApps).values(b.apps.map((name) => ({ bundleId: id, appId: appIds[name]! })));
      if (b.plans.length) await tx.insert(t.bundlePlans).values(b.plans.map((p) => ({ id: hexId(`plan:${b.name}:${p.strategy}`), bundleId: id, ...p })));
    }

    const accounts = [
      { id: hexId('account:acme'), name: 'Acme Logistics' },
      { id: hexId('account:globex'), name: 'Globex Health' },
      { id: hexId('account:initech'), name: 'Initech Schools' },
    ];
    await tx.insert(t.accounts).values(accounts);
    const ws = [
      { id: hexId('ws:acme-hq'), accountId: accounts[0]!.id, nickname: 'Acme HQ', address: 'https://chat.acme-logistics.example' },
      { id: hexId('ws:acme-eu'), accountId: accounts[0]!.id, nickname: 'Acme Europe', address: 'https://eu.chat.acme-logistics.example' },
      { id: hexId('ws:globex'), accountId: accounts[1]!.id, nickname: 'Globex Care Team', address: 'https://team.globex-health.example' },
      { id: hexId('ws:initech'), accountId: accounts[2]!.id, nickname: 'Initech Teachers', address: 'https://chat.initech-schools.example' },
    ];
    await tx.insert(t.workspaces).values(ws);
    const purchases: (typeof t.purchaseRecords.$inferInsert)[] = [
      { appId: appIds['Jira Connector']!, w: 0, type: 'buy', price: 4.99, days: 80 },
      { appId: appIds['Jira Connector']!, w: 2, type: 'buy', price: 4.99, days: 41 },
      { appId: appIds['Standup Bot']!, w: 0, type: 'subscription', price: 140, days: 70, status: 'active', seats: 35, max: 50, seatBased: true },
      { appId: appIds['Standup Bot']!, w: 1, type: 'subscription', price: 4, days: 33, status: 'trialing', seats: 0, max: 0 },
      { appId: appIds['Standup Bot']!, w: 3, type: 'subscription', price: 4, days: 120, status: 'pastDue', seats: 0, max: 0 },
      { appId: appIds['Zendesk Helpdesk']!, w: 2, type: 'subscription', price: 4, days: 200, status: 'cancelled', seats: 0, max: 0 },
      { appId: appIds['Standup Bot']!, w: 2, type: 'subscription', price: 4, days: 12, status: 'active', seats: 0, max: 0, external: true },
      { appId: bundleId, w: 3, type: 'subscription', price: 12, days: 5, status: 'cancelling', seats: 0, max: 0 },
    ].map((p, i) => ({
      id: hexId(`purchase:${i}`),
      appId: p.appId,
      publisherId: p.appId === bundleId ? pubId[demoBundle.publisher]! : pubId[demoApps.find((a) => appIds[a.name] === p.appId)!.publisher]!,
      endedAt: p.status === 'cancelled' || p.status === 'pastDue' ? daysAgo(Math.max(0, p.days - 30)) : null,
      workspaceId: ws[p.w]!.id,
      accountId: ws[p.w]!.accountId,
      date: daysAgo(p.days),
      purchaseType: p.type as 'buy' | 'subscription',
      price: p.price,
      // Subscriptions of an app are on its active price's monthly plan (commerce/sales/plans.ts names them).
      planId: p.type === 'subscription' && p.appId !== bundleId ? `${hexId(`price:${demoApps.find((a) => appIds[a.name] === p.appId)!.name}`)}:monthly` : '',
      subscriptionStatus: (p.status ?? null) as 'active' | null,
      periodEnd: p.status ? daysAhead(30 - (i % 20)) : null,
      isSeatBased: p.seatBased ?? false,
      seats: p.seats ?? 0,
      maxSeats: p.max ?? 0,
      externallyManaged: p.external ?? false,
    }));
    const made = await tx.insert(t.purchaseRecords).values(purchases).returning();
    // Kept in the reports' roll-ups as the code keeps every record (reports/rollups.ts): made on its day (a trial,
    // or active), and ended on its day where it ended — so a later change to a seeded record moves figures that
    // counted it. The seed's records were not billed by the marketplace: no money moved, no sales line.
    for (const row of made) {
      const started = row.subscriptionStatus === 'trialing' ? row : { ...row, subscriptionStatus: row.subscriptionStatus && ('active' as const) };
      await rollUpPurchases(tx, [{ before: null, after: started }], row.date);
      if (row.subscriptionStatus !== started.subscriptionStatus) await rollUpPurchases(tx, [{ before: started, after: row }], row.endedAt ?? row.date);
    }

    const webhookId = hexId('webhook:northwind');
    await tx.insert(t.webhooks).values({
      id: webhookId,
      publisherId: pubId.northwind!,
      label: 'Billing events',
      url: 'https://northwind.example/hooks/marketplace',
      events: ['app.purchase.created', 'app.subscription.created', 'app.subscription.cancelled'],
      secret: `whsec_${createHash('sha256').update('webhook-secret:northwind').digest('base64')}`,
      createdAt: daysAgo(60),
    });
    const outcomes = [
      ['delivered', 200, '{"received":true}'],
      ['delivered', 200, '{"received":true}'],
      ['failure', 500, 'Internal Server Error'],
      ['timeout', 0, ''],
      ['delivered', 204, ''],
      ['internal-error', 0, ''],
      ['created', 0, ''],
    ] as const;
    await tx.insert(t.webhookActivities).values(
      outcomes.map(([status, code, body], i) => ({
        id: hexId(`activity:${i}`),
        webhookId,
        status,
        eventId: uuidOf(`event:${i}`),
        eventType: i % 3 === 0 ? 'app.purchase.created' : i % 3 === 1 ? 'app.subscription.created' : 'app.subscription.cancelled',
        payload: { appId: appIds['Standup Bot'], workspaceId: ws[i % 4]!.id, occurredAt: daysAgo(i).toISOString() },
        responseStatusCode: code,
        responseBody: body,
        responseType: body.startsWith('{') ? 'application/json' : 'text/plain',
        resent: i === 1,
        attempts: status === 'created' ? [] : [{ at: daysAgo(i).toISOString(), status, statusCode: code, ms: 80 + i * 37 }],
        createdAt: daysAgo(i),
      })),
    );
    // The delivery not attempted yet is on its way, as any other would be.
    await enqueue(tx, DELIVER_JOB, { activityId: hexId('activity:6') });

    await ensureDefaultTemplates(tx);
    const reviewer = demoUsers.reviewer;
    await tx.insert(t.activityLogs).values(
      ['compile', 'review', 'approve', 'publish', 'unpublish', 'publish'].map((action, i) => ({
        id: hexId(`log:${i}`),
        appId: appIds['Jira Connector']!,
        userId: hexId(`developer:${reviewer.key}`),
        userName: `${reviewer.firstName} ${reviewer.lastName}`,
        action,
        when: daysAgo(60 - i * 5),
        actionExtra: action === 'review' ? { reviewNote: 'Looks good after the settings fix.' } : { version: '1.0.0' },
      })),
    );
    await tx.insert(t.featuredApps).values([
      { sectionSlug: 'featured', appId: appIds['Jira Connector']! },
      { sectionSlug: 'featured', appId: appIds['Standup Bot']! },
      { sectionSlug: 'new_arrivals', appId: appIds['Standup Bot']! },
    ]);
    // The demo's history was written out of order: number the lists by when things happened.
    await tx.execute(sql`SELECT portal_recount()`);
  });
}
