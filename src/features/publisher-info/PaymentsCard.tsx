import { Button, Card, DataList, Flex, Heading, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import type { Publisher } from '../../../contract/schemas/publisher';
import { formatMoney } from '../../lib/format';
import { toast } from '../../lib/toast';
import { balanceQuery, useStripeConnectUrl, useStripeDashboardUrl } from './api';
import { infoText } from './strings';

/**
 * Balances in USD and the payment provider (SPEC §2): Connect Stripe starts the provider's onboarding
 * (it comes back to /publisher/oauth/stripe); Stripe Dashboard opens the connected account's dashboard.
 */
export function PaymentsCard({ publisher, canUpdate }: { publisher: Publisher; canUpdate: boolean }) {
  const connected = !!publisher.stripeAccountId;
  // The last known balances show at once; the provider's current ones replace them when they arrive.
  const fresh = useQuery({ ...balanceQuery, enabled: connected });
  const available = fresh.data?.available ?? publisher.stripeAvailableBalance;
  const pending = fresh.data?.pending ?? publisher.stripePendingBalance;
  const connect = useStripeConnectUrl();
  const dashboard = useStripeDashboardUrl();
  // Either address is the provider's: the browser goes there.
  const go = { onSuccess: ({ url }: { url: string }) => window.location.assign(url), onError: (err: unknown) => toast.failure(err) };
  return (
    <Card size="3">
      <Flex direction="column" gap="3">
        <Heading as="h2" size="4">
          Payouts
        </Heading>
        <DataList.Root orientation={{ initial: 'vertical', sm: 'horizontal' }}>
          <DataList.Item>
            <DataList.Label>Available balance</DataList.Label>
            <DataList.Value>{formatMoney(available)}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>Pending balance</DataList.Label>
            <DataList.Value>{formatMoney(pending)}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>Payment account</DataList.Label>
            <DataList.Value>{connected ? publisher.stripeAccountId : <Text color="gray">Not connected</Text>}</DataList.Value>
          </DataList.Item>
        </DataList.Root>
        {canUpdate && (
          <Flex gap="2" wrap="wrap">
            <Button variant={connected ? 'soft' : 'solid'} loading={connect.isPending} onClick={() => connect.mutate(undefined, go)}>
              {infoText.connectStripe}
            </Button>
            {connected && (
              <Button variant="solid" loading={dashboard.isPending} onClick={() => dashboard.mutate(undefined, go)}>
                {infoText.stripeDashboard}
              </Button>
            )}
          </Flex>
        )}
      </Flex>
    </Card>
  );
}
