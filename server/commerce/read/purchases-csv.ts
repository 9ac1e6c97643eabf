import { Readable } from 'node:stream';
import type { Purchase } from '../sales/events';
import { csvLine } from '../../kernel/csv';

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
