import { Badge, DataList } from '@radix-ui/themes';
import type { OwnedPurchase } from '../../../contract/schemas/checkout';
import { formatDate, formatMoney } from '../../lib/format';
import { checkoutText as T } from './strings';

const statusColor = { active: 'green', owned: 'green', trialing: 'blue', cancelling: 'amber', pastDue: 'red', cancelled: 'gray', refunded: 'gray' } as const;

const periodEndLabel = (status: OwnedPurchase['status']) =>
  status === 'active'
    ? T.periodEnd.active
    : status === 'trialing'
      ? T.periodEnd.trialing
      : status === 'cancelling'
        ? T.periodEnd.cancelling
        : T.periodEnd.other;

/** The workspace's subscription as it stands: plan, seats (per-seat plans), status, period end and price. */
export function SubscriptionFacts({ owned }: { owned: OwnedPurchase }) {
  const per = owned.strategy ? T.per[owned.strategy] : null;
  return (
    <DataList.Root orientation={{ initial: 'vertical', sm: 'horizontal' }}>
      {owned.strategy && (
        <DataList.Item>
          <DataList.Label>{T.plan}</DataList.Label>
          <DataList.Value>{owned.isSeatBased ? `${T.strategy[owned.strategy]} · ${T.perSeat}` : T.strategy[owned.strategy]}</DataList.Value>
        </DataList.Item>
      )}
      {owned.isSeatBased && (
        <DataList.Item>
          <DataList.Label>{T.seats}</DataList.Label>
          <DataList.Value>{T.seatsOf(owned.seats)}</DataList.Value>
        </DataList.Item>
      )}
      <DataList.Item>
        <DataList.Label>{T.statusLabel}</DataList.Label>
        <DataList.Value>
          <Badge color={statusColor[owned.status]} highContrast>
            {T.status[owned.status]}
          </Badge>
        </DataList.Value>
      </DataList.Item>
      {owned.periodEnd && (
        <DataList.Item>
          <DataList.Label>{periodEndLabel(owned.status)}</DataList.Label>
          <DataList.Value>{formatDate(owned.periodEnd)}</DataList.Value>
        </DataList.Item>
      )}
      <DataList.Item>
        <DataList.Label>{T.price}</DataList.Label>
        <DataList.Value>{per ? T.every(formatMoney(owned.price), per) : formatMoney(owned.price)}</DataList.Value>
      </DataList.Item>
    </DataList.Root>
  );
}
