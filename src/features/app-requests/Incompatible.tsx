import { Card, Flex, Heading, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { PageLoader } from '../../components/PageLoader';
import { listedVersionQuery } from './api';
import { AppHeader } from './AppHeader';
import { CloseButton, Problem } from './Problem';
import type { IncompatibleSearch } from './search';
import { appRequestText as T } from './strings';

/**
 * /apps/{appId}/incompatible/{version}/{action}: Rocket.Chat opens it (rest.ts `incompatibleModal`) when the
 * version it would install or update to is flagged `versionIncompatible`. It says what the marketplace knows of
 * the version (the Apps-Engine range its `requiredApiVersion` names); Close answers the modal, which closes on any answer.
 */
export function Incompatible({ appId, version, action, search }: { appId: string; version: string; action: string; search: IncompatibleSearch }) {
  const info = useQuery(listedVersionQuery(appId, version));
  if (info.isError) return <Problem title={T.incompatibleTitle} error={info.error} />;
  if (info.isPending) return <PageLoader label={T.loading} />;
  if (!info.data) return <Problem title={T.incompatibleTitle} text={T.unknownVersion(version)} />;
  const app = info.data;
  return (
    <Flex direction="column" gap="4">
      <AppHeader app={app} title={T.incompatibleTitle} />
      <Card size={{ initial: '2', sm: '3' }}>
        <Flex direction="column" gap="3">
          <Heading as="h2" size="3">
            {T.incompatible(app.name, app.version, search.rocketChatVersion ?? '')}
          </Heading>
          <Text as="p" size="2">
            {T.needs(app.requiredApiVersion)} {T.action(action)}
          </Text>
          <Flex>
            <CloseButton variant="solid" />
          </Flex>
        </Flex>
      </Card>
    </Flex>
  );
}
