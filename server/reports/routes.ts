import { initServer } from '@ts-rest/fastify';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { contract } from '../../contract';
import { requireDeveloper, resourceOf } from '../kernel/plugins/access';
import { installsCsv, summaryCsv, transactionsCsv } from './read/csv';
import { dashboard } from './read/dashboard';
import { installsPage, versions } from './read/installs';
import { payoutsPage, statement, statementLines } from './read/payouts';
import { checkScope, type ReportScope } from './read/range';
import { summary } from './read/summary';
import { inRange, statementLinesPage, transactionsPage } from './read/transactions';

/**
 * Reports (docs/reports.md): a publisher's own — the caller's publisher, an app of it — and staff's, of the
 * marketplace, one publisher or one app. Every range was checked by the contract (days that exist, from ≤ to,
 * at most ten years); the scope is checked here (an app not the publisher's, a publisher that does not exist: 404).
 */
const s = initServer();

type Reply = { header(key: string, value: string): unknown };
const csvReply = (reply: Reply, name: string) => {
  reply.header('content-disposition', `attachment; filename="${name}.csv"`);
  reply.header('cache-control', 'no-store');
};
const rangeName = (q: { from: string; to: string }) => `${q.from}-to-${q.to}`;

/** A read beside its scope's check (one round trip, not two): its answer once the check has passed. */
const checked = async <T>(app: FastifyInstance, scope: ReportScope, ownPublisher: boolean, read: () => Promise<T>) =>
  (await Promise.all([checkScope(app.db, scope, ownPublisher), read()]))[1];

export const publisherReportsRoutes = (app: FastifyInstance) => {
  const own = (request: FastifyRequest, appId?: string): ReportScope => ({ publisherId: requireDeveloper(request).publisherId, appId });
  /** A read of the caller's publisher (or one app of it). */
  const read = <T>(scope: ReportScope, fn: (scope: ReportScope) => Promise<T>) => checked(app, scope, true, () => fn(scope));
  return {
    summary: s.route(contract.reports.summary, async ({ request, query }) => ({
      status: 200,
      body: await read(own(request, query.appId), (scope) => summary(app.db, scope, query)),
    })),
    summaryExport: s.route(contract.reports.summaryExport, async ({ request, query, reply }) => {
      const report = await read(own(request, query.appId), (scope) => summary(app.db, scope, query));
      csvReply(reply, `report-${query.group}-${rangeName(query)}`);
      return { status: 200, body: summaryCsv(report) as never };
    }),
    transactions: s.route(contract.reports.transactions, async ({ request, query }) => ({
      status: 200,
      body: await read(own(request, query.appId), (scope) => transactionsPage(app.db, scope, query)),
    })),
    // An export starts streaming once its scope is checked (a 404 is still an answer of its own).
    transactionsExport: s.route(contract.reports.transactionsExport, async ({ request, query, reply }) => {
      const scope = own(request, query.appId);
      await checkScope(app.db, scope, true);
      csvReply(reply, `transactions-${rangeName(query)}`);
      return { status: 200, body: transactionsCsv(app.db, inRange(scope, query), 'newest') as never };
    }),
    installs: s.route(contract.reports.installs, async ({ request, query }) => ({
      status: 200,
      body: await read(own(request, query.appId), (scope) => installsPage(app.db, scope, query)),
    })),
    installsExport: s.route(contract.reports.installsExport, async ({ request, query, reply }) => {
      const scope = own(request, query.appId);
      await checkScope(app.db, scope, true);
      csvReply(reply, `installs-${rangeName(query)}`);
      return { status: 200, body: installsCsv(app.db, scope, query) as never };
    }),
    versions: s.route(contract.reports.versions, async ({ request, query }) => ({
      status: 200,
      body: { data: await read(own(request, query.appId), (scope) => versions(app.db, scope, query)) },
    })),
    payouts: s.route(contract.reports.payouts, async ({ request, query }) => ({
      status: 200,
      body: await read(own(request, query.appId), (scope) => payoutsPage(app.db, scope, query)),
    })),
    // The gate loaded the payout the path names, and found it the caller's publisher's (else 404).
    statement: s.route(contract.reports.statement, async ({ request }) => ({
      status: 200,
      body: await statement(app.db, resourceOf(request, 'payout')),
    })),
    statementLines: s.route(contract.reports.statementLines, async ({ request, query }) => ({
      status: 200,
      body: await statementLinesPage(app.db, await statementLines(app.db, resourceOf(request, 'payout')), query),
    })),
    statementExport: s.route(contract.reports.statementExport, async ({ request, reply }) => {
      const payout = resourceOf(request, 'payout');
      const where = await statementLines(app.db, payout);
      csvReply(reply, `payout-${payout.createdAt.toISOString().slice(0, 10)}-${payout.id}`);
      return { status: 200, body: transactionsCsv(app.db, where, 'available') as never };
    }),
  };
};

export const adminReportsRoutes = (app: FastifyInstance) => {
  const scopeOf = (q: { publisherId?: string; appId?: string }): ReportScope => ({ publisherId: q.publisherId, appId: q.appId });
  /** A read of the marketplace, one publisher or one app. */
  const read = <T>(q: { publisherId?: string; appId?: string }, fn: (scope: ReportScope) => Promise<T>) =>
    checked(app, scopeOf(q), false, () => fn(scopeOf(q)));
  return {
    dashboard: s.route(contract.admin.reports.dashboard, async () => ({ status: 200, body: await dashboard(app.db) })),
    summary: s.route(contract.admin.reports.summary, async ({ query }) => ({ status: 200, body: await read(query, (scope) => summary(app.db, scope, query)) })),
    summaryExport: s.route(contract.admin.reports.summaryExport, async ({ query, reply }) => {
      const report = await read(query, (scope) => summary(app.db, scope, query));
      csvReply(reply, `marketplace-report-${query.group}-${rangeName(query)}`);
      return { status: 200, body: summaryCsv(report) as never };
    }),
    transactions: s.route(contract.admin.reports.transactions, async ({ query }) => ({
      status: 200,
      body: await read(query, (scope) => transactionsPage(app.db, scope, query)),
    })),
    transactionsExport: s.route(contract.admin.reports.transactionsExport, async ({ query, reply }) => {
      const scope = scopeOf(query);
      await checkScope(app.db, scope, false);
      csvReply(reply, `marketplace-transactions-${rangeName(query)}`);
      return { status: 200, body: transactionsCsv(app.db, inRange(scope, query), 'newest') as never };
    }),
    installs: s.route(contract.admin.reports.installs, async ({ query }) => ({
      status: 200,
      body: await read(query, (scope) => installsPage(app.db, scope, query)),
    })),
    installsExport: s.route(contract.admin.reports.installsExport, async ({ query, reply }) => {
      const scope = scopeOf(query);
      await checkScope(app.db, scope, false);
      csvReply(reply, `marketplace-installs-${rangeName(query)}`);
      return { status: 200, body: installsCsv(app.db, scope, query) as never };
    }),
    versions: s.route(contract.admin.reports.versions, async ({ query }) => ({
      status: 200,
      body: { data: await read(query, (scope) => versions(app.db, scope, query)) },
    })),
    payouts: s.route(contract.admin.reports.payouts, async ({ query }) => ({
      status: 200,
      body: await read(query, (scope) => payoutsPage(app.db, scope, query)),
    })),
    statement: s.route(contract.admin.reports.statement, async ({ request }) => ({
      status: 200,
      body: await statement(app.db, resourceOf(request, 'payout')),
    })),
    statementLines: s.route(contract.admin.reports.statementLines, async ({ request, query }) => ({
      status: 200,
      body: await statementLinesPage(app.db, await statementLines(app.db, resourceOf(request, 'payout')), query),
    })),
  };
};
