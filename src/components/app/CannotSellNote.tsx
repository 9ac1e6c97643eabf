import { Callout, Flex, Link as ThemeLink, Text } from '@radix-ui/themes';
import { Link } from '@tanstack/react-router';
import { SALE_TEXT, type App } from '../../../contract/schemas/app';

/**
 * Why buyers cannot pay for the app now (`App.cannotSell`: a paid app whose publisher has no payout account),
 * said on its page before anyone clicks: to its publisher with the way to Connect Stripe, to staff with what
 * it means for their buttons (the server refuses approving, publishing and featuring it).
 */
export function CannotSellNote({
  app,
  viewer,
  canConnect = true,
}: {
  app: Pick<App, 'cannotSell'>;
  viewer: 'publisher' | 'staff';
  /** Whether this publisher's user may connect the payout account (its owners): others are told who can. */
  canConnect?: boolean;
}) {
  if (!app.cannotSell) return null;
  return (
    <Callout.Root color="amber" role="status">
      <Flex direction="column" gap="1">
        <Callout.Text>{app.cannotSell}</Callout.Text>
        {viewer === 'publisher' && !canConnect ? (
          <Text size="2">{SALE_TEXT.askOwner}</Text>
        ) : viewer === 'publisher' ? (
          <Text size="2">
            <ThemeLink asChild weight="medium">
              <Link to="/publisher/info">{SALE_TEXT.toConnect}</Link>
            </ThemeLink>
          </Text>
        ) : (
          <Text size="2">{SALE_TEXT.staffHint}</Text>
        )}
      </Flex>
    </Callout.Root>
  );
}
