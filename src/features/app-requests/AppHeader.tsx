import { Avatar, Flex, Heading, Text } from '@radix-ui/themes';
import type { MarketplaceInfo } from '../../../contract/schemas/marketplace';
import { appRequestText as T } from './strings';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('') || '?';

/** The app a page is about: its icon (the catalog's base64, without a data URL's prefix), name, publisher and summary. */
export function AppHeader({ app, title }: { app: MarketplaceInfo; title: string }) {
  const icon = app.iconFileData ? `data:image/png;base64,${app.iconFileData}` : undefined;
  return (
    <Flex gap="3" align="start">
      <Avatar size={{ initial: '3', sm: '4' }} radius="large" src={icon} fallback={initials(app.name)} alt="" />
      <Flex direction="column" gap="1" minWidth="0">
        <Heading as="h1" size={{ initial: '4', sm: '5' }} style={{ overflowWrap: 'anywhere' }}>
          {title}
        </Heading>
        <Text size="2" color="gray">
          {T.by(app.author.name)}
        </Text>
        {app.shortDescription && (
          <Text as="p" size="2">
            {app.shortDescription}
          </Text>
        )}
      </Flex>
    </Flex>
  );
}
