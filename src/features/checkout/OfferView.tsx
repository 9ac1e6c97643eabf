import { Avatar, Callout, Card, Flex, Heading, Strong, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import type { CheckoutOffer } from '../../../contract/schemas/checkout';
import { PageLoader } from '../../components/PageLoader';
import { offerQuery, type Buyer } from './api';
import { ApiErrorNote } from '../../components/ApiErrorNote';
import { BackToWorkspace } from './BackToWorkspace';
import { useCheckoutNav, type CheckoutNav, type CheckoutPage } from './nav';
import type { CheckoutSearch } from './search';
import { checkoutText as T } from './strings';
import { buyerToken } from './token';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('') || '?';

function OfferHeader({ offer, title }: { offer: CheckoutOffer; title: string }) {
  const { app, workspace } = offer;
  const icon = app.iconFileData.startsWith('data:image/') ? app.iconFileData : undefined;
  return (
    <Flex direction="column" gap="3">
      <Flex gap="3" align="start">
        <Avatar size={{ initial: '4', sm: '5' }} radius="large" src={icon} fallback={initials(app.name)} alt="" />
        <Flex direction="column" gap="1" minWidth="0">
          <Heading as="h1" size={{ initial: '5', sm: '6' }} style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Heading>
          <Text size="2" color="gray">
            {T.by(app.publisherName)}
          </Text>
          {app.shortDescription && (
            <Text as="p" size="2">
              {app.shortDescription}
            </Text>
          )}
        </Flex>
      </Flex>
      <Text as="p" size="2" color="gray" style={{ overflowWrap: 'anywhere' }}>
        {T.forWorkspace}: <Strong>{workspace.nickname}</Strong> · {workspace.address}
      </Text>
    </Flex>
  );
}

function Failure({ error, text }: { error?: unknown; text?: string }) {
  return (
    <Card size={{ initial: '2', sm: '3' }}>
      <Flex direction="column" gap="3">
        <Heading as="h1" size="5">
          {T.failedTitle}
        </Heading>
        <ApiErrorNote error={error} text={text} />
        <Flex>
          <BackToWorkspace result={false} />
        </Flex>
      </Flex>
    </Card>
  );
}

export type OfferContext = { offer: CheckoutOffer; buyer: Buyer; nav: CheckoutNav };

/**
 * The offer a checkout page is about, in its loading, error (the API's `error` verbatim: a token that expired,
 * another workspace's token, no such app …) and loaded states; loaded, the app and the workspace above the page.
 */
export function OfferView({
  appId,
  search,
  page,
  title,
  children,
}: {
  appId: string;
  search: CheckoutSearch;
  page: CheckoutPage;
  title: (offer: CheckoutOffer) => string;
  children: (ctx: OfferContext) => ReactNode;
}) {
  const nav = useCheckoutNav(appId, page);
  const buyer = useMemo(() => ({ workspaceId: search.workspaceId, token: buyerToken(search.workspaceId, search.token) }), [search.workspaceId, search.token]);
  const offer = useQuery(offerQuery(appId, buyer));

  // The provider's tab, back without the token (the page it was opened from follows the payment).
  if (buyer.workspaceId && !buyer.token && search.session) return <Failure text={T.paymentTabDone} />;
  if (!buyer.workspaceId || !buyer.token) return <Failure text={T.missingWorkspace} />;
  if (offer.data)
    return (
      <Flex direction="column" gap="5">
        <OfferHeader offer={offer.data} title={title(offer.data)} />
        {offer.data.unavailable && !offer.data.owned ? (
          // Nobody can pay for it now: said on arrival, before any plan or term is asked for.
          <Card size={{ initial: '2', sm: '3' }}>
            <Flex direction="column" gap="3">
              <Callout.Root color="amber" role="alert">
                <Callout.Text>{offer.data.unavailable}</Callout.Text>
              </Callout.Root>
              <Flex>
                <BackToWorkspace result={false} />
              </Flex>
            </Flex>
          </Card>
        ) : (
          children({ offer: offer.data, buyer, nav })
        )}
      </Flex>
    );
  if (offer.isError) return <Failure error={offer.error} />;
  return <PageLoader label={T.loading} />;
}
