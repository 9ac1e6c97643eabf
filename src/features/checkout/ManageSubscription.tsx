import { Button, Callout, Card, Flex } from '@radix-ui/themes';
import type { OwnedPurchase } from '../../../contract/schemas/checkout';
import { formatDate } from '../../lib/format';
import { BackToWorkspace } from './BackToWorkspace';
import { CancelDialog } from './CancelDialog';
import { ChangeSeatsDialog } from './ChangeSeatsDialog';
import type { OfferContext } from './OfferView';
import type { CheckoutSearch } from './search';
import { SubscriptionFacts } from './SubscriptionFacts';
import { checkoutText as T } from './strings';

/**
 * The workspace's running subscription, changed here (the same on /subscribe and /subscribe/details): its facts,
 * Change seats (per-seat plans) and Cancel subscription, each a dialog the address keeps (`manage=`).
 */
export function ManageSubscription({ ctx, appId, owned, search }: { ctx: OfferContext; appId: string; owned: OwnedPurchase; search: CheckoutSearch }) {
  const { offer, nav } = ctx;
  const plan = offer.plans.find((p) => p.id === owned.planId);
  const ending = owned.status === 'cancelling';
  const canChangeSeats = owned.isSeatBased && !ending;
  const close = () => nav.setSearch({ manage: undefined }, { replace: true });
  return (
    <Flex direction="column" gap="4">
      <Card size={{ initial: '2', sm: '3' }}>
        <SubscriptionFacts owned={owned} />
      </Card>
      {ending && owned.periodEnd && (
        <Callout.Root color="amber" highContrast role="status">
          <Callout.Text>{T.cancelling(formatDate(owned.periodEnd))}</Callout.Text>
        </Callout.Root>
      )}
      <Flex gap="3" justify="end" wrap="wrap-reverse">
        <BackToWorkspace address={offer.workspace.address} result={false} />
        {!ending && (
          <Button variant="soft" color="red" onClick={() => nav.setSearch({ manage: 'cancel' })}>
            {T.cancelSubscription}
          </Button>
        )}
        {canChangeSeats && <Button onClick={() => nav.setSearch({ manage: 'seats' })}>{T.changeSeats}</Button>}
      </Flex>
      {search.manage === 'seats' && canChangeSeats && <ChangeSeatsDialog ctx={ctx} appId={appId} owned={owned} plan={plan} suggested={search.seats} onClose={close} />}
      {search.manage === 'cancel' && !ending && <CancelDialog ctx={ctx} appId={appId} owned={owned} onClose={close} />}
    </Flex>
  );
}

/** A running subscription that is changed elsewhere (a bundle's, or billed outside the checkout): read only, and why. */
export function ReadOnlySubscription({ ctx, owned }: { ctx: OfferContext; owned: OwnedPurchase }) {
  return (
    <Flex direction="column" gap="4">
      <Card size={{ initial: '2', sm: '3' }}>
        <SubscriptionFacts owned={owned} />
      </Card>
      <Callout.Root color="gray" highContrast role="note">
        <Callout.Text>{owned.viaBundle ? T.viaBundle : T.notManageable}</Callout.Text>
      </Callout.Root>
      <Flex justify="end">
        <BackToWorkspace address={ctx.offer.workspace.address} result={false} />
      </Flex>
    </Flex>
  );
}
