import { Badge, Flex, Table } from '@radix-ui/themes';
import type { CheckoutPlan } from '../../../contract/schemas/checkout';
import { DataTable } from '../../components/DataTable';
import { tierFor } from './price';
import { checkoutText as T } from './strings';

/** A per-seat plan's tiers: the seats each covers and its price (per seat, or for all of them); the buyer's tier marked. */
export function TierTable({ plan, seats }: { plan: CheckoutPlan; seats: number }) {
  const current = tierFor(plan.tiers, seats);
  return (
    <DataTable caption={T.tiersCaption}>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell>{T.tierSeats}</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>{T.tierPrice}</Table.ColumnHeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {plan.tiers.map((t) => (
          <Table.Row key={t.minimum} aria-current={t === current ? 'true' : undefined}>
            <Table.RowHeaderCell>
              <Flex gap="2" align="center" wrap="wrap">
                {T.tierRange(t.minimum, t.maximum)}
                {t === current && (
                  <Badge color="indigo" variant="soft">
                    {T.yourTier}
                  </Badge>
                )}
              </Flex>
            </Table.RowHeaderCell>
            <Table.Cell>{T.tierCost(t.price, t.perUnit)}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </DataTable>
  );
}
