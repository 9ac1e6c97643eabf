import { Table, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { DataTable } from '../DataTable';
import { formatMoney } from '../../lib/format';

type Plan = {
  strategy: 'monthly' | 'yearly';
  trialDays?: number;
  price?: number;
  isPerSeat: boolean;
  tiers?: { price: number; perUnit: boolean; minimum: number; maximum: number }[];
};

const tierText = (t: NonNullable<Plan['tiers']>[number]) =>
  `${t.minimum}–${t.maximum === -1 ? '∞' : t.maximum} seats: ${t.price === 0 ? 'free' : `${formatMoney(t.price)}${t.perUnit ? ' per seat' : ''}`}`;

/** SPEC §3 pricing plans viewer: strategy, trial, and the flat price or the seat tiers of each plan. */
export function PlansTable({ plans, action }: { plans: Plan[]; action?: (plan: Plan, index: number) => ReactNode }) {
  if (plans.length === 0) return <Text color="gray">No pricing plans.</Text>;
  return (
    <DataTable caption="Pricing plans">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell>Strategy</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Trial</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Price</Table.ColumnHeaderCell>
          {action && <Table.ColumnHeaderCell>Actions</Table.ColumnHeaderCell>}
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {plans.map((p, i) => (
          <Table.Row key={p.strategy}>
            <Table.RowHeaderCell>{p.strategy === 'monthly' ? 'Monthly' : 'Yearly'}</Table.RowHeaderCell>
            <Table.Cell>{p.trialDays ? `${p.trialDays} days` : 'None'}</Table.Cell>
            <Table.Cell>
              {p.isPerSeat ? (
                <ul style={{ margin: 0, paddingLeft: '1.1em' }}>
                  {(p.tiers ?? []).map((t) => (
                    <li key={t.minimum}>{tierText(t)}</li>
                  ))}
                </ul>
              ) : (
                formatMoney(p.price ?? 0)
              )}
            </Table.Cell>
            {action && <Table.Cell>{action(p, i)}</Table.Cell>}
          </Table.Row>
        ))}
      </Table.Body>
    </DataTable>
  );
}
