import { ExternalLinkIcon } from '@radix-ui/react-icons';
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
  // Onboarding takes this tab (the provider sends the person back here); the dashboard opens in a new one, opened
  // at the click (a tab opened once the address arrives would be a pop-up the browser blocks) and sent there then.
  const onboard = { onSuccess: ({ url }: { url: string }) => window.location.assign(url), onError: (err: unknown) => toast.failure(err) };
  const openDashboard = () => {
    const tab = window.open('', '_blank');
    if (!tab) return void toast.error(infoText.dashboardBlocked);
    tab.opener = null;
    dashboard.mutate(undefined, {
      onSuccess: ({ url }) => void tab.location.replace(url),
      onError: (err) => {
        tab.close();
        toast.failure(err);
      },
    });
  };
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
            {/* Connected: the dashboard only (connecting again would start a second onboarding). */}
            {connected ? (
              <Button variant="solid" loading={dashboard.isPending} onClick={openDashboard} aria-description={infoText.dashboardNewTab}>
                {infoText.stripeDashboard} <ExternalLinkIcon aria-hidden />
              </Button>
            ) : (
              <Button variant="solid" loading={connect.isPending} onClick={() => connect.mutate(undefined, onboard)}>
                {infoText.connectStripe}
              </Button>
            )}
          </Flex>
        )}
      </Flex>
    </Card>
  );
}
