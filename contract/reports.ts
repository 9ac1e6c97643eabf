import { z } from 'zod';
import { can, canOn, forTokens } from './access';
import { c } from './c';
import { errorsOf, paged } from './common';
import {
  AdminDashboard,
  AdminReportPageQuery,
  AdminReportQuery,
  AdminReportRange,
  PayoutStatement,
  ReportInstallEvent,
  ReportPageQuery,
  ReportPayout,
  ReportQuery,
  ReportRange,
  ReportSummary,
  ReportTransaction,
  ReportVersion,
} from './schemas/reports';

/**
 * Reports (docs/reports.md): JSON pages and streamed CSV of the same tables. A publisher's need its `publisher`
 * read permission — the purchases list's — or an API token with `reports:read`; staff's the administration's.
 * An `appId` of another publisher is a 404, as its figures do not exist for the caller.
 */
const csv = c.otherResponse({ contentType: 'text/csv; charset=utf-8', body: z.string() });
const payoutId = z.object({ id: z.string() });
const publisherRead = forTokens('reports:read', can('publisher', 'read'));
const staffRead = can('system:administration', 'read');

export const publisherReports = c.router({
  summary: {
    method: 'GET',
    path: '/publisher/reports/summary',
    query: ReportQuery,
    responses: { 200: ReportSummary, ...errorsOf('feature') },
    metadata: publisherRead,
    summary: 'The figures of a range: totals and one point per day, week or month',
  },
  summaryExport: {
    method: 'GET',
    path: '/publisher/reports/summary/export',
    query: ReportQuery,
    responses: { 200: csv, ...errorsOf('feature') },
    metadata: publisherRead,
    summary: 'The figures of a range per day, week or month, as CSV',
  },
  transactions: {
    method: 'GET',
    path: '/publisher/reports/transactions',
    query: ReportPageQuery,
    responses: { 200: paged(ReportTransaction), ...errorsOf('feature') },
    metadata: publisherRead,
    summary: 'The sales, renewals and refunds of a range, newest first',
  },
  transactionsExport: {
    method: 'GET',
    path: '/publisher/reports/transactions/export',
    query: ReportRange,
    responses: { 200: csv, ...errorsOf('feature') },
    metadata: publisherRead,
    summary: 'The sales, renewals and refunds of a range as CSV, streamed, newest first',
  },
  installs: {
    method: 'GET',
    path: '/publisher/reports/installs',
    query: ReportPageQuery,
    responses: { 200: paged(ReportInstallEvent), ...errorsOf('feature') },
    metadata: publisherRead,
    summary: 'The installs, updates and uninstalls workspaces reported in a range, newest first',
  },
  installsExport: {
    method: 'GET',
    path: '/publisher/reports/installs/export',
    query: ReportRange,
    responses: { 200: csv, ...errorsOf('feature') },
    metadata: publisherRead,
    summary: 'The install reports of a range as CSV, streamed, newest first',
  },
  versions: {
    method: 'GET',
    path: '/publisher/reports/versions',
    query: ReportRange,
    responses: { 200: z.object({ data: z.array(ReportVersion) }), ...errorsOf('feature') },
    metadata: publisherRead,
    summary: 'Per app version: the workspaces running it at the range’s end, and its installs, updates and uninstalls in the range',
  },
  payouts: {
    method: 'GET',
    path: '/publisher/reports/payouts',
    query: ReportPageQuery,
    responses: { 200: paged(ReportPayout), ...errorsOf('feature') },
    metadata: publisherRead,
    summary: 'The payouts of a range, newest first',
  },
  statement: {
    method: 'GET',
    path: '/publisher/reports/payouts/:id',
    pathParams: payoutId,
    responses: { 200: PayoutStatement, ...errorsOf('feature', { params: true }) },
    metadata: forTokens('reports:read', canOn('payout', 'publisher', 'read')),
    summary: 'A payout’s statement: the balance carried in, what became available since the previous payout, and what is left',
  },
  statementLines: {
    method: 'GET',
    path: '/publisher/reports/payouts/:id/lines',
    pathParams: payoutId,
    query: z.object({ limit: ReportPageQuery.shape.limit, offset: ReportPageQuery.shape.offset }),
    responses: { 200: paged(ReportTransaction), ...errorsOf('feature', { params: true }) },
    metadata: forTokens('reports:read', canOn('payout', 'publisher', 'read')),
    summary: 'The sales, renewals and refunds a payout’s statement covers, oldest first',
  },
  statementExport: {
    method: 'GET',
    path: '/publisher/reports/payouts/:id/export',
    pathParams: payoutId,
    responses: { 200: csv, ...errorsOf('feature', { params: true }) },
    metadata: forTokens('reports:read', canOn('payout', 'publisher', 'read')),
    summary: 'A payout’s statement lines as CSV, streamed, oldest first',
  },
});

export const adminReports = c.router({
  dashboard: {
    method: 'GET',
    path: '/admin/dashboard',
    responses: { 200: AdminDashboard, ...errorsOf('feature') },
    metadata: staffRead,
    summary: 'The marketplace at a glance: the review queue, today’s compile failures, installs and sales, this month’s sales and top apps',
  },
  summary: {
    method: 'GET',
    path: '/admin/reports/summary',
    query: AdminReportQuery,
    responses: { 200: ReportSummary, ...errorsOf('feature') },
    metadata: staffRead,
    summary: 'The marketplace’s figures of a range (or one publisher’s, or one app’s)',
  },
  summaryExport: {
    method: 'GET',
    path: '/admin/reports/summary/export',
    query: AdminReportQuery,
    responses: { 200: csv, ...errorsOf('feature') },
    metadata: staffRead,
    summary: 'The marketplace’s figures of a range per day, week or month, as CSV',
  },
  transactions: {
    method: 'GET',
    path: '/admin/reports/transactions',
    query: AdminReportPageQuery,
    responses: { 200: paged(ReportTransaction), ...errorsOf('feature') },
    metadata: staffRead,
    summary: 'The marketplace’s sales, renewals and refunds of a range, newest first',
  },
  transactionsExport: {
    method: 'GET',
    path: '/admin/reports/transactions/export',
    query: AdminReportRange,
    responses: { 200: csv, ...errorsOf('feature') },
    metadata: staffRead,
    summary: 'The marketplace’s sales, renewals and refunds of a range as CSV, streamed',
  },
  installs: {
    method: 'GET',
    path: '/admin/reports/installs',
    query: AdminReportPageQuery,
    responses: { 200: paged(ReportInstallEvent), ...errorsOf('feature') },
    metadata: staffRead,
    summary: 'The install reports of a range across the marketplace, newest first',
  },
  installsExport: {
    method: 'GET',
    path: '/admin/reports/installs/export',
    query: AdminReportRange,
    responses: { 200: csv, ...errorsOf('feature') },
    metadata: staffRead,
    summary: 'The install reports of a range across the marketplace as CSV, streamed',
  },
  versions: {
    method: 'GET',
    path: '/admin/reports/versions',
    query: AdminReportRange,
    responses: { 200: z.object({ data: z.array(ReportVersion) }), ...errorsOf('feature') },
    metadata: staffRead,
    summary: 'Per app version across the marketplace: active workspaces at the range’s end, and installs, updates and uninstalls in it',
  },
  payouts: {
    method: 'GET',
    path: '/admin/reports/payouts',
    query: AdminReportPageQuery,
    responses: { 200: paged(ReportPayout), ...errorsOf('feature') },
    metadata: staffRead,
    summary: 'The payouts of a range across the marketplace, newest first',
  },
  statement: {
    method: 'GET',
    path: '/admin/reports/payouts/:id',
    pathParams: payoutId,
    responses: { 200: PayoutStatement, ...errorsOf('feature', { params: true }) },
    metadata: canOn('payout', 'system:administration', 'read'),
    summary: 'Any payout’s statement',
  },
  statementLines: {
    method: 'GET',
    path: '/admin/reports/payouts/:id/lines',
    pathParams: payoutId,
    query: z.object({ limit: ReportPageQuery.shape.limit, offset: ReportPageQuery.shape.offset }),
    responses: { 200: paged(ReportTransaction), ...errorsOf('feature', { params: true }) },
    metadata: canOn('payout', 'system:administration', 'read'),
    summary: 'The lines of any payout’s statement, oldest first',
  },
});
