import { Badge, Flex, Text } from '@radix-ui/themes';
import type { z } from 'zod';
import type { PurchaseRecord } from '../../../contract/schemas/commerce';
import { formatMoney } from '../../lib/format';

type Purchase = Pick<z.infer<typeof PurchaseRecord>, 'purchaseType' | 'price' | 'subscriptionInfo'>;

export const statusLabels = { active: 'Active', trialing: 'Trialing', pastDue: 'Past due', cancelled: 'Cancelled', cancelling: 'Cancelling' } as const;

/** SPEC §4: a subscription's status, 'active' green and any other magenta. */
export function SubscriptionStatus({ status }: { status: keyof typeof statusLabels }) {
  return (
    <Badge color={status === 'active' ? 'green' : 'plum'} highContrast>
      {statusLabels[status]}
    </Badge>
  );
}

/** Seats as used/max, or 'n/a' when the subscription is not seat based (SPEC §3). */
export const seatsText = (info: { isSeatBased: boolean; seats: number; maxSeats: number }) => (info.isSeatBased ? `${info.seats}/${info.maxSeats}` : 'n/a');

/** The Pricing Info column: free, a one-time price, or the subscription's price, status and seats. */
export function PricingInfo({ purchase: p }: { purchase: Purchase }) {
  if (p.purchaseType === 'buy') return <Text>{p.price === 0 ? 'Free' : `${formatMoney(p.price)} one-time`}</Text>;
  const info = p.subscriptionInfo;
  return (
    <Flex gap="2" align="center" wrap="wrap">
      <Text>{formatMoney(p.price)} subscription</Text>
      {info && <SubscriptionStatus status={info.status} />}
      {info?.isSeatBased && <Text color="gray">{seatsText(info)} seats</Text>}
    </Flex>
  );
}
