import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/publisher/')({
  beforeLoad: () => {
    throw redirect({ to: '/publisher/apps' });
  },
});
