import { createFileRoute } from '@tanstack/react-router';
import { ApiTokensCard } from '../features/api-tokens/ApiTokensCard';
import { developersQuery } from '../features/publisher-info/api';
import { PublisherInfo } from '../features/publisher-info/PublisherInfo';
import { usePermissions } from '../lib/use-permissions';

export const Route = createFileRoute('/publisher/info')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(developersQuery);
    // The tokens' query options load with the screen's chunk, not with the entry.
    void import('../features/api-tokens/api').then(({ tokensQuery }) => context.queryClient.prefetchQuery(tokensQuery));
  },
  component: function PublisherInfoRoute() {
    // Tokens read and submit apps: creating and revoking them takes the right to update apps.
    const { canUpdate } = usePermissions('app');
    return (
      <PublisherInfo>
        <ApiTokensCard canUpdate={canUpdate} />
      </PublisherInfo>
    );
  },
});
