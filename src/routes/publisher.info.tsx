import { createFileRoute } from '@tanstack/react-router';
import { developersQuery } from '../features/publisher-info/api';
import { PublisherInfo } from '../features/publisher-info/PublisherInfo';

export const Route = createFileRoute('/publisher/info')({
  loader: ({ context }) => void context.queryClient.prefetchQuery(developersQuery),
  component: PublisherInfo,
});
