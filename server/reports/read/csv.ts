import { Readable } from 'node:stream';
import { csvField, csvLine } from '../../kernel/csv';
import type { SQL } from 'drizzle-orm';
import type { ReportSummary } from '../../../contract/schemas/reports';
import type { Db } from '../../db/client';
import { eventTexts, type EventText } from './installs';
import { Names } from './names';
import type { ReportScope } from './range';
import { EXPORT_BATCH, lineTexts, type LineText } from './transactions';

/**
 * Reports as CSV (RFC 4180, UTF-8 with a byte order mark so spreadsheets read it as such), streamed batch by
 * batch: memory stays one batch however long the range, and the next batch is read while one is written.
 * Fields are written by server/kernel/csv.ts (formula cells neutralised). Times and amounts are the
 * database's own output (ISO 8601; two decimals, a refund's negative), not text anybody typed: written as they are.
 */
const BOM = '\uFEFF';

/** A stream of CSV text: the header, then each chunk. */
function csvText(header: string[], chunks: AsyncIterable<string>): Readable {
  return Readable.from(
    (async function* () {
      yield `${BOM}${csvLine(header)}`;
      yield* chunks;
    })(),
    // One batch's text waits for the client at a time (the default, 16, would hold sixteen).
    { highWaterMark: 1 },
  );
}

type After = { cursor: string; id: string } | null;

/**
 * Every row a keyset read gives, batch by batch: the next batch is asked for as soon as one arrives (after its
 * last row's position), so the database reads while the batch is written.
 */
async function* keyset<R extends { cursor: string; id: string }>(read: (after: After) => Promise<R[]>, batch: number): AsyncGenerator<R[]> {
  let pending: Promise<R[]> | null = read(null);
  while (pending) {
    const rows: R[] = await pending;
    const last = rows.at(-1);
    pending = rows.length === batch && last ? read({ cursor: last.cursor, id: last.id }) : null;
    // A client that leaves mid-export ends this generator: the read ahead is then never awaited.
    pending?.catch(() => undefined);
    if (rows.length) yield rows;
  }
}

export const TRANSACTION_HEADER = [
  'ID',
  'Date',
  'Kind',
  'Purchase ID',
  'Publisher ID',
  'Workspace ID',
  'Workspace',
  'App ID',
  'App',
  'Plan ID',
  'Plan',
  'Seats',
  'Amount (USD)',
  'Fee (USD)',
  'Net (USD)',
  'Available On',
];
/**
 * The cells of an id and its name (`<id>,<name>`), written once per id for the whole export: a million lines
 * name a few thousand workspaces and apps.
 */
function cellsOf(name: (id: string) => string) {
  const written = new Map<string, string>();
  return (id: string) => {
    let cells = written.get(id);
    if (cells === undefined) written.set(id, (cells = `${csvField(id)},${csvField(name(id))}`));
    return cells;
  };
}

/** Writes sales lines (of one export: `names` read for them first). */
function transactionWriter(names: Names) {
  const [workspace, app, plan] = [cellsOf(names.workspace), cellsOf(names.app), cellsOf(names.plan)];
  return (l: LineText) =>
    `${csvField(l.id)},${l.at_iso},${l.kind},${csvField(l.purchase_id)},${csvField(l.publisher_id)},${workspace(l.workspace_id)},${app(l.app_id)},${plan(l.plan_id)},` +
    `${l.seats},${l.amount},${l.fee},${l.net},${l.available_iso}\r\n`;
}

/** Sales lines as CSV: a range's newest first, or a statement's (`order` available) oldest first. */
export function transactionsCsv(db: Db, where: SQL | undefined, order: 'newest' | 'available', batch = EXPORT_BATCH): Readable {
  return csvText(
    TRANSACTION_HEADER,
    (async function* () {
      const names = new Names(db);
      const line = transactionWriter(names);
      for await (const rows of keyset((after) => lineTexts(db, where, order, after, batch), batch)) {
        await names.load({ apps: rows.map((r) => r.app_id), workspaces: rows.map((r) => r.workspace_id), plans: rows.map((r) => r.plan_id) });
        yield rows.map(line).join('');
      }
    })(),
  );
}

export const INSTALL_HEADER = ['ID', 'Date', 'Action', 'Workspace ID', 'Workspace', 'App ID', 'App', 'Version'];
/** Writes install reports (of one export: `names` read for them first). */
function installWriter(names: Names) {
  const [workspace, app] = [cellsOf(names.workspace), cellsOf(names.app)];
  return (e: EventText) => `${csvField(e.id)},${e.at_iso},${e.action},${workspace(e.workspace_id)},${app(e.app_id)},${csvField(e.app_version)}\r\n`;
}

/** A range's install reports as CSV, newest first. */
export function installsCsv(db: Db, scope: ReportScope, range: { from: string; to: string }, batch = EXPORT_BATCH): Readable {
  return csvText(
    INSTALL_HEADER,
    (async function* () {
      const names = new Names(db);
      const line = installWriter(names);
      for await (const rows of keyset((after) => eventTexts(db, scope, range, after, batch), batch)) {
        await names.load({ apps: rows.map((r) => r.app_id), workspaces: rows.map((r) => r.workspace_id) });
        yield rows.map(line).join('');
      }
    })(),
  );
}

export const SUMMARY_HEADER = [
  'Period',
  'Gross (USD)',
  'Fees (USD)',
  'Refunds (USD)',
  'Net (USD)',
  'Sales',
  'New Subscriptions',
  'Cancelled Subscriptions',
  'Trial Starts',
  'Trial Conversions',
  'Installs',
  'Updates',
  'Uninstalls',
  'Payouts (USD)',
  'MRR (USD)',
  'Active Subscriptions',
  'Trialing Subscriptions',
  'Seats',
  'Active Workspaces',
];
const money = (n: number) => n.toFixed(2);

/** A summary's series as CSV, one row per period (at most a few thousand: written at once). */
export const summaryCsv = (s: ReportSummary) =>
  csvText(
    SUMMARY_HEADER,
    (async function* () {
      yield s.series
        .map(
          (p) =>
            [
              p.period,
              money(p.gross),
              money(p.fees),
              money(p.refunds),
              money(p.net),
              p.sales,
              p.newSubscriptions,
              p.cancelledSubscriptions,
              p.trialStarts,
              p.trialConversions,
              p.installs,
              p.updates,
              p.uninstalls,
              money(p.payouts),
              money(p.mrr),
              p.activeSubscriptions,
              p.trialingSubscriptions,
              p.seats,
              p.activeWorkspaces,
            ].join(',') + '\r\n',
        )
        .join('');
    })(),
  );
