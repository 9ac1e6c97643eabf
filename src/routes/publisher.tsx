import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { PageLoader } from '../components/PageLoader';
import { RouteError } from '../components/RouteError';
import { Shell } from '../features/shell/Shell';
import { configQuery, loadAccount } from '../lib/account';

const REGISTER = '/publisher/register';

/**
 * The publisher layout. Loads who the user is once (a 401 on the way hands over to sign-in), tells the
 * auth machine, and keeps unregistered users on /publisher/register (SPEC §2 Registration gate).
 */
export const Route = createFileRoute('/publisher')({
  beforeLoad: async ({ context, location }) => {
    const [account] = await Promise.all([loadAccount(context.queryClient), context.queryClient.ensureQueryData(configQuery)]);
    const { actor } = context.auth;
    actor.send(account.me && account.publisher ? { type: 'ACCOUNT_LOADED', isRegistered: account.publisher.isRegistered } : { type: 'ACCOUNT_MISSING' });
    if (account.publisher?.isRegistered) actor.send({ type: 'REGISTERED' });
    const unregistered = actor.getSnapshot().matches({ signedIn: 'unregistered' }) || !account.publisher?.isRegistered;
    if (unregistered && location.pathname !== REGISTER) throw redirect({ to: REGISTER });
    return { account };
  },
  pendingComponent: () => <PageLoader />,
  errorComponent: RouteError,
  component: PublisherLayout,
});

function PublisherLayout() {
  const { account } = Route.useRouteContext();
  const { data: config } = useSuspenseQuery(configQuery);
  return (
    <Shell checks={account.checks} publisher={account.publisher} config={config} signedIn={!!account.me}>
      <Outlet />
    </Shell>
  );
}
