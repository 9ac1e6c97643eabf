import { Button, Flex, Text } from '@radix-ui/themes';
import { CHECKOUT_MESSAGES } from '../../../contract/schemas/checkout';
import { AlreadyPurchased } from './AlreadyPurchased';
import { BackToWorkspace } from './BackToWorkspace';
import { ManageSubscription, ReadOnlySubscription } from './ManageSubscription';
import { OfferView, type OfferContext } from './OfferView';
import { holdingOf } from './owned';
import { ResultPanel } from './ResultPanel';
import type { CheckoutSearch } from './search';
import { SubscriptionFacts } from './SubscriptionFacts';
import { checkoutText as T } from './strings';

function DetailsPage({ ctx, appId, search }: { ctx: OfferContext; appId: string; search: CheckoutSearch }) {
  const { offer, nav } = ctx;
  const holding = holdingOf(offer);
  if (holding.kind === 'manage') return <ManageSubscription ctx={ctx} appId={appId} owned={holding.owned} search={search} />;
  if (holding.kind === 'readOnly') return <ReadOnlySubscription ctx={ctx} owned={holding.owned} />;
  if (holding.kind === 'bought') return <AlreadyPurchased ctx={ctx} />;
  // Nothing to change here: say so, and lead to subscribing (or buying).
  const buy = offer.purchaseType === 'buy';
  return (
    <ResultPanel
      title={CHECKOUT_MESSAGES.notSubscribed}
      actions={
        <Flex gap="3" wrap="wrap">
          <Button onClick={() => nav.go(buy ? 'buy' : 'subscribe', { step: undefined, manage: undefined })}>{buy ? T.goBuy : T.goSubscribe}</Button>
          <BackToWorkspace address={offer.workspace.address} result={false} />
        </Flex>
      }
    >
      {holding.kind === 'lapsed' ? (
        <SubscriptionFacts owned={holding.owned} />
      ) : (
        <Text as="p" size="2" color="gray">
          {T.noSubscription}
        </Text>
      )}
    </ResultPanel>
  );
}

/** /apps/{appId}/subscribe/details: the workspace's subscription to the app, to change its seats or cancel it. */
export function SubscriptionDetails({ appId, search }: { appId: string; search: CheckoutSearch }) {
  return (
    <OfferView appId={appId} search={search} page="details" title={(offer) => T.manageTitle(offer.app.name)}>
      {(ctx) => <DetailsPage ctx={ctx} appId={appId} search={search} />}
    </OfferView>
  );
}
