import { Readable } from 'node:stream';
import type { Purchase } from '../sales/events';

const HEADER = [
  'Purchase ID',
  'App ID',
  'App Name',
  'Bundle',
  'Created',
  'Purchase Type',
  'Price (USD)',
  'Status',
  'Period End',
  'Seats',
  'Max Seats',
  'Externally Managed',
];

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break; a text starting like a
 * spreadsheet formula (= + - @, tab, carriage return) is prefixed with an apostrophe so that opening the
 * export never runs what a publisher typed into an app name.
 */
export function csvField(value: string | number | boolean | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (fields: (string | number | boolean | null | undefined)[]) => `${fields.map(csvField).join(',')}\r\n`;

export const purchaseLine = (p: Purchase) =>
  csvLine([
    p._id,
    p.appId,
    p.appName,
    p.isBundle ? 'yes' : 'no',
    p.date,
    p.purchaseType,
    p.price.toFixed(2),
    p.subscriptionInfo?.status ?? '',
    p.subscriptionInfo?.periodEnd ?? '',
    p.subscriptionInfo?.seats ?? '',
    p.subscriptionInfo?.maxSeats ?? '',
    p.subscriptionInfo ? (p.subscriptionInfo.externallyManaged ? 'yes' : 'no') : '',
  ]);

/** The whole list as a stream of CSV text, batch by batch (memory stays one batch however long the list). */
export function purchasesCsv(batches: AsyncIterable<Purchase[]>): Readable {
  return Readable.from(
    (async function* () {
      yield `\uFEFF${csvLine(HEADER)}`;
      for await (const batch of batches) yield batch.map(purchaseLine).join('');
    })(),
  );
}
