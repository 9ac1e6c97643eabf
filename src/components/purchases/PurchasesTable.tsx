import { Button, Table } from '@radix-ui/themes';
import { ArrowDownIcon, ArrowUpIcon } from '@radix-ui/react-icons';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import type { PurchaseRecord } from '../../../contract/schemas/commerce';
import { formatDateTime } from '../../lib/format';
import { DataTable } from '../DataTable';
import { PricingInfo } from './PricingInfo';

type Purchase = Omit<z.infer<typeof PurchaseRecord>, 'isBundle'> & { isBundle?: boolean };

/**
 * Purchase records as the lists show them (SPEC §3): App Name, the date, Pricing Info and, for staff, a
 * Details link. With `sort`, the date's header toggles newest / oldest first.
 */
export function PurchasesTable({
  caption,
  purchases,
  dateHeader = 'Created',
  sort,
  details,
}: {
  caption: string;
  purchases: Purchase[];
  dateHeader?: string;
  sort?: { order: 'desc' | 'asc'; onToggle: () => void };
  details?: (p: Purchase) => ReactNode;
}) {
  return (
    <DataTable caption={caption}>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell>App Name</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell aria-sort={sort ? (sort.order === 'desc' ? 'descending' : 'ascending') : undefined}>
            {sort ? (
              <Button
                variant="ghost"
                size="2"
                onClick={sort.onToggle}
                aria-label={`${dateHeader}: ${sort.order === 'desc' ? 'newest first, sort oldest first' : 'oldest first, sort newest first'}`}
              >
                {dateHeader}
                {sort.order === 'desc' ? <ArrowDownIcon aria-hidden /> : <ArrowUpIcon aria-hidden />}
              </Button>
            ) : (
              dateHeader
            )}
          </Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Pricing Info</Table.ColumnHeaderCell>
          {details && <Table.ColumnHeaderCell>Details</Table.ColumnHeaderCell>}
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {purchases.map((p) => (
          <Table.Row key={p._id}>
            <Table.RowHeaderCell>{p.appName || p.appId}</Table.RowHeaderCell>
            <Table.Cell style={{ whiteSpace: 'nowrap' }}>{formatDateTime(p.date)}</Table.Cell>
            <Table.Cell>
              <PricingInfo purchase={p} />
            </Table.Cell>
            {details && <Table.Cell>{details(p)}</Table.Cell>}
          </Table.Row>
        ))}
      </Table.Body>
    </DataTable>
  );
}
