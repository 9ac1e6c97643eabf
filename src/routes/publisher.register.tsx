import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { PageLoader } from '../components/PageLoader';
import { RegisterPage } from '../features/signup/RegisterPage';
import { configQuery, signupsQuery } from '../lib/account';

export const Route = createFileRoute('/publisher/register')({
  loader: ({ context }) => context.queryClient.ensureQueryData(signupsQuery),
  pendingComponent: () => <PageLoader />,
  component: function Register() {
    const { account } = Route.useRouteContext();
    const { data: config } = useSuspenseQuery(configQuery);
    const { data: signups } = useSuspenseQuery(signupsQuery);
    return <RegisterPage config={config} registered={!!account.publisher?.isRegistered} enabled={signups.enabled} />;
  },
});
