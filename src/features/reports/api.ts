import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ReportGroup } from '../../../contract/schemas/reports';
import { tsr, unwrap } from '../../lib/api';

/** Whose reports: the signed-in publisher's, or (staff) the marketplace's, optionally one publisher's. */
export type Scope = 'publisher' | 'admin';
/** A report's range, its app and (staff) its publisher. */
export type Range = { from: string; to: string; appId?: string; publisherId?: string };

/** Everything the Reports screens read (under `reports`: what changes sales or installs may refresh it all). */
export const reportKeys = {
  all: ['reports'] as const,
  scope: (scope: Scope) => ['reports', scope] as const,
  of: (scope: Scope, what: string, ...parts: unknown[]) => ['reports', scope, what, ...parts] as const,
};

/** The range as each scope's routes take it: a publisher's know no `publisherId`. */
const rangeOf = (scope: Scope, r: Range) => ({
  from: r.from,
  to: r.to,
  appId: r.appId,
  ...(scope === 'admin' ? { publisherId: r.publisherId } : {}),
});
const pageOf = (page: number, size: number) => ({ limit: size, offset: (page - 1) * size });

export const summaryQuery = (scope: Scope, r: Range, group: ReportGroup) =>
  queryOptions({
    queryKey: reportKeys.of(scope, 'summary', r, group),
    queryFn: async () =>
      unwrap(
        scope === 'admin'
          ? await tsr.admin.reports.summary.query({ query: { ...rangeOf(scope, r), group } })
          : await tsr.reports.summary.query({ query: { ...rangeOf(scope, r), group } }),
      ),
    placeholderData: keepPreviousData,
  });

export const transactionsQuery = (scope: Scope, r: Range, page: number, size: number) =>
  queryOptions({
    queryKey: reportKeys.of(scope, 'transactions', r, page, size),
    queryFn: async () =>
      unwrap(
        scope === 'admin'
          ? await tsr.admin.reports.transactions.query({ query: { ...rangeOf(scope, r), ...pageOf(page, size) } })
          : await tsr.reports.transactions.query({ query: { ...rangeOf(scope, r), ...pageOf(page, size) } }),
      ),
    placeholderData: keepPreviousData,
  });

export const installsQuery = (scope: Scope, r: Range, page: number, size: number) =>
  queryOptions({
    queryKey: reportKeys.of(scope, 'installs', r, page, size),
    queryFn: async () =>
      unwrap(
        scope === 'admin'
          ? await tsr.admin.reports.installs.query({ query: { ...rangeOf(scope, r), ...pageOf(page, size) } })
          : await tsr.reports.installs.query({ query: { ...rangeOf(scope, r), ...pageOf(page, size) } }),
      ),
    placeholderData: keepPreviousData,
  });

export const versionsQuery = (scope: Scope, r: Range) =>
  queryOptions({
    queryKey: reportKeys.of(scope, 'versions', r),
    queryFn: async () =>
      unwrap(
        scope === 'admin'
          ? await tsr.admin.reports.versions.query({ query: rangeOf(scope, r) })
          : await tsr.reports.versions.query({ query: rangeOf(scope, r) }),
      ),
    placeholderData: keepPreviousData,
  });

export const payoutsQuery = (scope: Scope, r: Range, page: number, size: number) =>
  queryOptions({
    queryKey: reportKeys.of(scope, 'payouts', r, page, size),
    queryFn: async () =>
      unwrap(
        scope === 'admin'
          ? await tsr.admin.reports.payouts.query({ query: { ...rangeOf(scope, r), ...pageOf(page, size) } })
          : await tsr.reports.payouts.query({ query: { ...rangeOf(scope, r), ...pageOf(page, size) } }),
      ),
    placeholderData: keepPreviousData,
  });

export const statementQuery = (scope: Scope, id: string) =>
  queryOptions({
    queryKey: reportKeys.of(scope, 'statement', id),
    queryFn: async () =>
      unwrap(scope === 'admin' ? await tsr.admin.reports.statement.query({ params: { id } }) : await tsr.reports.statement.query({ params: { id } })),
    retry: false,
  });

export const statementLinesQuery = (scope: Scope, id: string, page: number, size: number) =>
  queryOptions({
    queryKey: reportKeys.of(scope, 'statement', id, 'lines', page, size),
    queryFn: async () =>
      unwrap(
        scope === 'admin'
          ? await tsr.admin.reports.statementLines.query({ params: { id }, query: pageOf(page, size) })
          : await tsr.reports.statementLines.query({ params: { id }, query: pageOf(page, size) }),
      ),
    placeholderData: keepPreviousData,
  });

/** The apps a filter offers: the publisher's, or (staff) every publisher's — the first 100 of either. */
export const appChoicesQuery = (scope: Scope) =>
  queryOptions({
    queryKey: reportKeys.of(scope, 'apps'),
    queryFn: async () => {
      const page = unwrap(
        scope === 'admin'
          ? await tsr.admin.apps.list.query({ query: { limit: 100, offset: 0 } })
          : await tsr.apps.list.query({ query: { limit: 100, offset: 0 } }),
      );
      return page.data.map((a) => ({ id: a.appId, name: a.latest.name, publisherId: a.publisher.id }));
    },
    staleTime: 60_000,
  });

/** The publishers the staff's filter offers (the first 100, as the list orders them). */
export const publisherChoicesQuery = queryOptions({
  queryKey: reportKeys.of('admin', 'publishers'),
  queryFn: async () => unwrap(await tsr.admin.publishers.list.query({ query: { limit: 100, offset: 0 } })).data.map((p) => ({ id: p._id, name: p.name })),
  staleTime: 60_000,
});

/** The CSV routes (`downloadFile` prefixes /v1): the same range, as a query string. */
export function exportPath(scope: Scope, what: 'summary' | 'transactions' | 'installs', r: Range, group?: ReportGroup) {
  const q = new URLSearchParams({ from: r.from, to: r.to });
  if (r.appId) q.set('appId', r.appId);
  if (scope === 'admin' && r.publisherId) q.set('publisherId', r.publisherId);
  if (what === 'summary' && group) q.set('group', group);
  return `${scope === 'admin' ? '/admin' : '/publisher'}/reports/${what}/export?${q}`;
}

export const statementExportPath = (id: string) => `/publisher/reports/payouts/${encodeURIComponent(id)}/export`;
