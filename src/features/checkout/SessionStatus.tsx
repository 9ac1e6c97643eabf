import { Button, Card, DataList, Flex, Link, Spinner, Text, VisuallyHidden } from '@radix-ui/themes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { CheckoutSession } from '../../../contract/schemas/checkout';
import { formatDate, formatMoney } from '../../lib/format';
import { refreshOffer, sessionQuery } from './api';
import { ApiErrorNote } from '../../components/ApiErrorNote';
import { BackToWorkspace } from './BackToWorkspace';
import type { OfferContext } from './OfferView';
import { inFrame, notifyWorkspace } from './parent';
import { costLine } from './price';
import { ResultPanel } from './ResultPanel';
import { checkoutText as T } from './strings';

function Paid({ ctx, session }: { ctx: OfferContext; session: CheckoutSession }) {
  const { offer } = ctx;
  const plan = offer.plans.find((p) => p.id === session.planId);
  const strategy = plan?.strategy;
  const trial = session.trialDays > 0;
  const trialEnd = offer.owned?.purchaseId === session.purchaseId && offer.owned.status === 'trialing' ? offer.owned.periodEnd : null;
  return (
    <ResultPanel title={trial ? T.trialTitle : T.completeTitle} actions={<BackToWorkspace address={offer.workspace.address} result variant="solid" />}>
      <Text as="p" size="2">
        {session.kind === 'buy' || !strategy ? T.bought(offer.app.name) : T.subscribed(offer.app.name, T.strategy[strategy])}
        {trial && ` ${T.trialStarted(session.trialDays)}`}
      </Text>
      {/* When the trial ends is the subscription's (the offer asked again once the session completed). */}
      {trial && trialEnd && (
        <Text as="p" size="2">
          {T.firstCharge(formatMoney(session.price), formatDate(trialEnd))}
        </Text>
      )}
      <DataList.Root orientation={{ initial: 'vertical', sm: 'horizontal' }} size="2">
        {strategy && (
          <DataList.Item>
            <DataList.Label>{T.plan}</DataList.Label>
            <DataList.Value>{T.strategy[strategy]}</DataList.Value>
          </DataList.Item>
        )}
        {session.seats > 0 && (
          <DataList.Item>
            <DataList.Label>{T.seats}</DataList.Label>
            <DataList.Value>{T.seatsOf(session.seats)}</DataList.Value>
          </DataList.Item>
        )}
        <DataList.Item>
          <DataList.Label>{T.price}</DataList.Label>
          <DataList.Value>
            {session.kind === 'buy' || !strategy
              ? `${formatMoney(session.price)} · ${T.priceOnce}`
              : costLine({ strategy, trialDays: session.trialDays }, session.price)}
          </DataList.Value>
        </DataList.Item>
      </DataList.Root>
    </ResultPanel>
  );
}

/**
 * Back from the payment provider with `session`: open → waiting (asked again every second until it is not: a
 * Stripe payment completes when Stripe's event arrives); completed → paid, and Rocket.Chat is told
 * (`{result: true}`); declined → the provider's reason and Try again; voided (paid when the workspace already
 * held the app) → why, and that nothing stays charged; expired → start again.
 */
export function SessionStatus({ ctx, appId, sessionId, onRetry }: { ctx: OfferContext; appId: string; sessionId: string; onRetry: () => void }) {
  const { offer, buyer } = ctx;
  const queryClient = useQueryClient();
  const session = useQuery(sessionQuery(appId, sessionId, buyer));
  const status = session.data?.status;
  const told = useRef(false);
  useEffect(() => {
    if ((status !== 'completed' && status !== 'voided') || told.current) return;
    told.current = true;
    if (status === 'completed') notifyWorkspace(true);
    // What the workspace now holds.
    void refreshOffer(queryClient, appId, buyer);
  }, [status, queryClient, appId, buyer]);

  if (session.isError && !session.data)
    return (
      <ResultPanel title={T.sessionFailed} actions={<Button onClick={onRetry}>{T.startAgain}</Button>}>
        <ApiErrorNote error={session.error} />
      </ResultPanel>
    );
  if (!session.data || session.data.status === 'open')
    return (
      <Card size={{ initial: '2', sm: '3' }}>
        <Flex direction="column" gap="3">
          <Flex gap="3" align="center" role="status" aria-live="polite">
            <Spinner size="3" />
            <Text>{T.waiting}</Text>
          </Flex>
          {session.data && offer.provider === 'stripe' && inFrame() && (
            <Text size="2">
              {T.paymentOpened}{' '}
              <Link href={session.data.url} target="_blank" rel="noopener noreferrer">
                {T.openPaymentPage}
                <VisuallyHidden> {T.newTab}</VisuallyHidden>
              </Link>
            </Text>
          )}
        </Flex>
      </Card>
    );
  const s = session.data;
  if (s.status === 'completed') return <Paid ctx={ctx} session={s} />;
  if (s.status === 'declined')
    return (
      <ResultPanel
        title={T.declinedTitle}
        actions={
          <>
            <Button onClick={onRetry}>{T.tryAgain}</Button>
            <BackToWorkspace address={offer.workspace.address} result={false} />
          </>
        }
      >
        <ApiErrorNote text={s.failure || T.declinedTitle} />
      </ResultPanel>
    );
  if (s.status === 'voided')
    return (
      <ResultPanel title={T.voidedTitle} actions={<BackToWorkspace address={offer.workspace.address} result variant="solid" />}>
        <Text as="p" size="2">
          {s.failure} {T.voidedRefund[s.giveBack]}
        </Text>
      </ResultPanel>
    );
  return (
    <ResultPanel
      title={T.expiredTitle}
      actions={
        <>
          <Button onClick={onRetry}>{T.startAgain}</Button>
          <BackToWorkspace address={offer.workspace.address} result={false} />
        </>
      }
    >
      <Text as="p" size="2">
        {T.expired}
      </Text>
    </ResultPanel>
  );
}
