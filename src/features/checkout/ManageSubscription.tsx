import { Button, Callout, Card, Flex } from '@radix-ui/themes';
import type { OwnedPurchase } from '../../../contract/schemas/checkout';
import { subscriptionAllows, type SubscriptionInput } from '../../../machines/subscription';
import { formatDate } from '../../lib/format';
import { toast } from '../../lib/toast';
import { useResumeSubscription } from './api';
import { ApiErrorNote } from '../../components/ApiErrorNote';
import { notifyWorkspace } from './parent';
import { BackToWorkspace } from './BackToWorkspace';
import { CancelDialog } from './CancelDialog';
import { ChangeSeatsDialog } from './ChangeSeatsDialog';
import type { OfferContext } from './OfferView';
import type { CheckoutSearch } from './search';
import { SubscriptionFacts } from './SubscriptionFacts';
import { checkoutText as T } from './strings';

/** The subscription machine where the workspace's subscription is (machines/subscription.ts). */
export const machineInput = (owned: OwnedPurchase): SubscriptionInput => ({
  status: owned.status === 'owned' || owned.status === 'refunded' ? 'cancelled' : owned.status,
  paid: owned.paid,
  perSeat: owned.isSeatBased,
  seats: owned.seats,
});

/**
 * The workspace's running subscription, changed here (the same on /subscribe and /subscribe/details): its facts,
 * Change seats (per-seat plans) and Cancel subscription, each a dialog the address keeps (`manage=`), and Resume
 * subscription when it ends at the period's end — each where the subscription machine takes it.
 */
export function ManageSubscription({ ctx, appId, owned, search }: { ctx: OfferContext; appId: string; owned: OwnedPurchase; search: CheckoutSearch }) {
  const { offer, nav, buyer } = ctx;
  const plan = offer.plans.find((p) => p.id === owned.planId);
  const input = machineInput(owned);
  const ending = owned.status === 'cancelling';
  const canChangeSeats = subscriptionAllows(input, { type: 'CHANGE_SEATS', seats: owned.seats + 1 });
  const canCancel = subscriptionAllows(input, { type: 'CANCEL_NOW' });
  const canResume = subscriptionAllows(input, { type: 'RESUME' });
  const close = () => nav.setSearch({ manage: undefined }, { replace: true });
  const resume = useResumeSubscription(appId, buyer);
  const resumeNow = () =>
    resume.mutate(owned.purchaseId, {
      onSuccess: (next) => {
        notifyWorkspace(true);
        toast.success(next.periodEnd ? T.resumed(formatDate(next.periodEnd)) : T.resumedNoDate);
      },
    });
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
      {resume.error && <ApiErrorNote error={resume.error} />}
      <Flex gap="3" justify="end" wrap="wrap-reverse">
        <BackToWorkspace address={offer.workspace.address} result={false} />
        {canCancel && (
          <Button variant="soft" color="red" onClick={() => nav.setSearch({ manage: 'cancel' })}>
            {T.cancelSubscription}
          </Button>
        )}
        {canChangeSeats && <Button onClick={() => nav.setSearch({ manage: 'seats' })}>{T.changeSeats}</Button>}
        {canResume && (
          <Button loading={resume.isPending} onClick={resumeNow}>
            {T.resume}
          </Button>
        )}
      </Flex>
      {search.manage === 'seats' && canChangeSeats && (
        <ChangeSeatsDialog ctx={ctx} appId={appId} owned={owned} plan={plan} suggested={search.seats} onClose={close} />
      )}
      {search.manage === 'cancel' && canCancel && (
        <CancelDialog ctx={ctx} appId={appId} owned={owned} atPeriodEnd={subscriptionAllows(input, { type: 'CANCEL_AT_PERIOD_END' })} onClose={close} />
      )}
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
