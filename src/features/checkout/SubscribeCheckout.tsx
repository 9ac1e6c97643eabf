import { Button, Callout, Card, DataList, Flex, Text } from '@radix-ui/themes';
import { Navigate } from '@tanstack/react-router';
import type { CheckoutOffer, CheckoutPlan, OwnedPurchase } from '../../../contract/schemas/checkout';
import { AlreadyPurchased } from './AlreadyPurchased';
import { BackToWorkspace } from './BackToWorkspace';
import { CanceledNote } from './CanceledNote';
import { ManageSubscription, ReadOnlySubscription } from './ManageSubscription';
import { OfferView, type OfferContext } from './OfferView';
import { holdingOf } from './owned';
import { PayForm } from './PayForm';
import { choosePlan, PlanStep } from './PlanStep';
import { costLine, planPrice, seatsProblem, seatsToSend } from './price';
import { ResultPanel } from './ResultPanel';
import type { CheckoutSearch } from './search';
import { SessionStatus } from './SessionStatus';
import { SubscriptionFacts } from './SubscriptionFacts';
import { checkoutText as T } from './strings';

/** Step 2: what will be paid, "I accept the terms", and Continue to payment (Back returns to the plan, keeping it). */
function ReviewStep({ ctx, appId, plan, seats }: { ctx: OfferContext; appId: string; plan: CheckoutPlan; seats: number }) {
  const back = () => ctx.nav.setSearch({ step: 'plan' });
  return (
    <PayForm
      ctx={ctx}
      appId={appId}
      input={{ planId: plan.id, seats: seatsToSend(plan, seats) }}
      summary={
        <DataList.Root orientation={{ initial: 'vertical', sm: 'horizontal' }}>
          <DataList.Item>
            <DataList.Label>{T.plan}</DataList.Label>
            <DataList.Value>{plan.isPerSeat ? `${T.strategy[plan.strategy]} · ${T.perSeat}` : T.strategy[plan.strategy]}</DataList.Value>
          </DataList.Item>
          {plan.isPerSeat && (
            <DataList.Item>
              <DataList.Label>{T.seats}</DataList.Label>
              <DataList.Value>{T.seatsOf(seats)}</DataList.Value>
            </DataList.Item>
          )}
          <DataList.Item>
            <DataList.Label>{T.price}</DataList.Label>
            <DataList.Value>
              <Text weight="bold">{costLine(plan, planPrice(plan, seats) ?? 0)}</Text>
            </DataList.Value>
          </DataList.Item>
        </DataList.Root>
      }
      secondary={
        <Button type="button" variant="soft" color="gray" onClick={back}>
          {T.back}
        </Button>
      }
    />
  );
}

/** A subscription that ended or lapsed: as it stood, and that a new one can be taken below. */
function Lapsed({ owned }: { owned: OwnedPurchase }) {
  return (
    <Flex direction="column" gap="3">
      <Callout.Root color="amber" highContrast role="note">
        <Callout.Text>{T.lapsed(T.status[owned.status])}</Callout.Text>
      </Callout.Root>
      <Card>
        <SubscriptionFacts owned={owned} />
      </Card>
    </Flex>
  );
}

function SubscribePage({ ctx, appId, search }: { ctx: OfferContext; appId: string; search: CheckoutSearch }) {
  const { offer, nav } = ctx;
  if (offer.purchaseType === 'buy')
    return (
      <Navigate
        from="/apps/$appId"
        to="/apps/$appId/buy"
        params={{ appId }}
        search={(s) => ({ workspaceId: s.workspaceId, token: s.token, seats: s.seats })}
        replace
      />
    );
  // Back from the provider: its cancel link, else the session's state (before what the workspace now holds).
  if (search.session && !search.canceled)
    return (
      <SessionStatus
        ctx={ctx}
        appId={appId}
        sessionId={search.session}
        onRetry={() => nav.setSearch({ session: undefined, canceled: undefined, step: 'plan' })}
      />
    );
  const holding = holdingOf(offer);
  if (holding.kind === 'manage') return <ManageSubscription ctx={ctx} appId={appId} owned={holding.owned} search={search} />;
  if (holding.kind === 'readOnly') return <ReadOnlySubscription ctx={ctx} owned={holding.owned} />;
  if (holding.kind === 'bought') return <AlreadyPurchased ctx={ctx} />;
  const plan = choosePlan(offer.plans, search.plan);
  if (!plan)
    return (
      <ResultPanel title={T.noPlansTitle} actions={<BackToWorkspace address={offer.workspace.address} result={false} variant="solid" />}>
        <Text as="p" size="2">
          {T.noPlans}
        </Text>
      </ResultPanel>
    );
  const seats = search.seats ?? Number.NaN;
  const reviewing = search.step === 'review' && !seatsProblem(plan, seats);
  return (
    <Flex direction="column" gap="4">
      {holding.kind === 'lapsed' && <Lapsed owned={holding.owned} />}
      {search.canceled && <CanceledNote />}
      {reviewing ? <ReviewStep ctx={ctx} appId={appId} plan={plan} seats={seats} /> : <PlanStep ctx={ctx} plan={plan} search={search} />}
    </Flex>
  );
}

const titleOf = (offer: CheckoutOffer) => {
  const kind = holdingOf(offer).kind;
  return kind === 'manage' || kind === 'readOnly' ? T.manageTitle(offer.app.name) : T.subscribeTitle(offer.app.name);
};

/** /apps/{appId}/subscribe: choose a plan (and seats), review, pay; or, subscribed already, manage the subscription. */
export function SubscribeCheckout({ appId, search }: { appId: string; search: CheckoutSearch }) {
  return (
    <OfferView appId={appId} search={search} page="subscribe" title={titleOf}>
      {(ctx) => <SubscribePage ctx={ctx} appId={appId} search={search} />}
    </OfferView>
  );
}
