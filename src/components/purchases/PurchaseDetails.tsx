import { DataList, Link, Text } from '@radix-ui/themes';
import type { z } from 'zod';
import type { PurchaseDetail } from '../../../contract/schemas/commerce';
import { formatDateTime, formatMoney } from '../../lib/format';
import { SubscriptionStatus, seatsText } from './PricingInfo';

type Detail = z.infer<typeof PurchaseDetail>;

/** The cloud admin's pages of an account and a workspace (SPEC §3: both link there). */
export const cloudAdminUrl = (cloudUrl: string, kind: 'accounts' | 'workspaces', id: string) =>
  `${cloudUrl.replace(/\/$/, '')}/admin/${kind}/${encodeURIComponent(id)}`;

/** SPEC §3 Purchase Record Information: every field of the record, its app, account and workspace. */
export function PurchaseDetails({ detail, cloudUrl }: { detail: Detail; cloudUrl: string }) {
  const r = detail.purchaseRecord;
  const info = r.subscriptionInfo;
  return (
    <DataList.Root size="2" orientation={{ initial: 'vertical', sm: 'horizontal' }}>
      <DataList.Item>
        <DataList.Label>App</DataList.Label>
        <DataList.Value>{detail.app.name}</DataList.Value>
      </DataList.Item>
      <DataList.Item>
        <DataList.Label>Account</DataList.Label>
        <DataList.Value>
          <Link href={cloudAdminUrl(cloudUrl, 'accounts', detail.account.id)} target="_blank" rel="noreferrer">
            {detail.account.name || detail.account.id}
          </Link>
        </DataList.Value>
      </DataList.Item>
      <DataList.Item>
        <DataList.Label>Workspace</DataList.Label>
        <DataList.Value>
          <Link href={cloudAdminUrl(cloudUrl, 'workspaces', detail.workspace.id)} target="_blank" rel="noreferrer">
            {detail.workspace.nickname || detail.workspace.id}
          </Link>
        </DataList.Value>
      </DataList.Item>
      <DataList.Item>
        <DataList.Label>Purchase date</DataList.Label>
        <DataList.Value>{formatDateTime(r.date)}</DataList.Value>
      </DataList.Item>
      <DataList.Item>
        <DataList.Label>Purchase type</DataList.Label>
        <DataList.Value>{r.purchaseType === 'buy' ? 'One-time' : 'Subscription'}</DataList.Value>
      </DataList.Item>
      <DataList.Item>
        <DataList.Label>Is bundle</DataList.Label>
        <DataList.Value>{r.isBundle ? 'Yes' : 'No'}</DataList.Value>
      </DataList.Item>
      {r.purchaseType === 'buy' && (
        <DataList.Item>
          <DataList.Label>Price</DataList.Label>
          <DataList.Value>{r.price === 0 ? 'Free' : formatMoney(r.price)}</DataList.Value>
        </DataList.Item>
      )}
      {r.purchaseType === 'subscription' && info && (
        <>
          <DataList.Item>
            <DataList.Label>Status</DataList.Label>
            <DataList.Value>
              <SubscriptionStatus status={info.status} />
            </DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>Period end</DataList.Label>
            <DataList.Value>{formatDateTime(info.periodEnd)}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>Seats</DataList.Label>
            <DataList.Value>{seatsText(info)}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>Externally managed</DataList.Label>
            <DataList.Value>{info.externallyManaged ? 'Yes' : 'No'}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>Calculated price</DataList.Label>
            <DataList.Value>{formatMoney(r.price)}</DataList.Value>
          </DataList.Item>
        </>
      )}
      <DataList.Item>
        <DataList.Label>Billed through</DataList.Label>
        <DataList.Value>
          {detail.billing.provider === 'stripe' ? 'Stripe' : detail.billing.provider === 'sandbox' ? 'Payments sandbox' : 'Not billed by the marketplace'}
        </DataList.Value>
      </DataList.Item>
      {detail.billing.refundedAt && (
        <DataList.Item>
          <DataList.Label>Refunded</DataList.Label>
          <DataList.Value>
            {formatMoney(detail.billing.refundedAmount)} on {formatDateTime(detail.billing.refundedAt)}
          </DataList.Value>
        </DataList.Item>
      )}
      {r.purchaseType === 'subscription' && !info && (
        <DataList.Item>
          <DataList.Label>Subscription</DataList.Label>
          <DataList.Value>
            <Text color="gray">No subscription information</Text>
          </DataList.Value>
        </DataList.Item>
      )}
    </DataList.Root>
  );
}
