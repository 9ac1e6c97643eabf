import { Text } from '@radix-ui/themes';
import { BackToWorkspace } from './BackToWorkspace';
import type { OfferContext } from './OfferView';
import { ResultPanel } from './ResultPanel';
import { checkoutText as T } from './strings';

/** The workspace has the app already: nothing to pay (Rocket.Chat is told yes: it may sync and install). */
export function AlreadyPurchased({ ctx }: { ctx: OfferContext }) {
  return (
    <ResultPanel title={T.alreadyPurchasedTitle} actions={<BackToWorkspace address={ctx.offer.workspace.address} result variant="solid" />}>
      <Text as="p" size="2">
        {T.alreadyPurchased}
      </Text>
    </ResultPanel>
  );
}
