import { Button, DataList, Flex, Text } from '@radix-ui/themes';
import { Navigate } from '@tanstack/react-router';
import { CHECKOUT_MESSAGES } from '../../../contract/schemas/checkout';
import { AlreadyPurchased } from './AlreadyPurchased';
import { formatMoney } from '../../lib/format';
import { BackToWorkspace } from './BackToWorkspace';
import { CanceledNote } from './CanceledNote';
import { OfferView, type OfferContext } from './OfferView';
import { holdingOf } from './owned';
import { PayForm } from './PayForm';
import { ResultPanel } from './ResultPanel';
import type { CheckoutSearch } from './search';
import { SessionStatus } from './SessionStatus';
import { checkoutText as T } from './strings';

function BuyPage({ ctx, appId, search }: { ctx: OfferContext; appId: string; search: CheckoutSearch }) {
  const { offer, nav } = ctx;
  if (offer.purchaseType === 'subscription')
    return (
      <Navigate
        from="/apps/$appId"
        to="/apps/$appId/subscribe"
        params={{ appId }}
        search={(s) => ({ workspaceId: s.workspaceId, token: s.token, seats: s.seats })}
        replace
      />
    );
  // Back from the provider: its cancel link, else the session's state (before what the workspace now holds).
  if (search.session && !search.canceled)
    return <SessionStatus ctx={ctx} appId={appId} sessionId={search.session} onRetry={() => nav.setSearch({ session: undefined, canceled: undefined })} />;
  if (holdingOf(offer).kind === 'bought') return <AlreadyPurchased ctx={ctx} />;
  if (offer.price <= 0)
    return (
      <ResultPanel title={T.freeTitle} actions={<BackToWorkspace address={offer.workspace.address} result={false} variant="solid" />}>
        <Text as="p" size="2">
          {CHECKOUT_MESSAGES.notForSale}
        </Text>
      </ResultPanel>
    );
  return (
    <Flex direction="column" gap="4">
      {search.canceled && <CanceledNote />}
      <PayForm
        ctx={ctx}
        appId={appId}
        input={{}}
        summary={
          <DataList.Root orientation={{ initial: 'vertical', sm: 'horizontal' }}>
            <DataList.Item>
              <DataList.Label>{T.price}</DataList.Label>
              <DataList.Value>
                <Text weight="bold">{formatMoney(offer.price)}</Text>&nbsp;· {T.priceOnce}
              </DataList.Value>
            </DataList.Item>
          </DataList.Root>
        }
        secondary={
          search.canceled ? (
            <>
              <BackToWorkspace address={offer.workspace.address} result={false} />
              <Button type="button" variant="soft" color="gray" onClick={() => nav.setSearch({ canceled: undefined, session: undefined })}>
                {T.back}
              </Button>
            </>
          ) : (
            <BackToWorkspace address={offer.workspace.address} result={false} />
          )
        }
      />
    </Flex>
  );
}

/** /apps/{appId}/buy: the app's one-time price, the terms, and on to the payment provider. */
export function BuyCheckout({ appId, search }: { appId: string; search: CheckoutSearch }) {
  return (
    <OfferView appId={appId} search={search} page="buy" title={(offer) => T.buyTitle(offer.app.name)}>
      {(ctx) => <BuyPage ctx={ctx} appId={appId} search={search} />}
    </OfferView>
  );
}
