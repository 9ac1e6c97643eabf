import { Badge, Table, Text } from '@radix-ui/themes';
import type { z } from 'zod';
import type { Price } from '../../../contract/schemas/price';
import { DataTable } from '../DataTable';
import { formatDate } from '../../lib/format';
import { priceSummary } from './price-summary';

export function PricesTable({ prices }: { prices: z.infer<typeof Price>[] }) {
  if (!prices.length) return <Text color="gray">No prices yet.</Text>;
  return (
    <DataTable caption="Prices">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell>Price</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Active subscriptions</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Created</Table.ColumnHeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {prices.map((p) => (
          <Table.Row key={p.id}>
            <Table.RowHeaderCell>{priceSummary(p, { status: false })}</Table.RowHeaderCell>
            <Table.Cell>
              <Badge color={p.active ? 'green' : 'gray'} highContrast>
                {p.active ? 'Active' : 'Legacy'}
              </Badge>
            </Table.Cell>
            <Table.Cell>{p.actives}</Table.Cell>
            <Table.Cell>{formatDate(p.createdDate)}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </DataTable>
  );
}
