import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { PageLoader } from '../components/PageLoader';
import { RouteError } from '../components/RouteError';
import { Shell } from '../features/shell/Shell';
import { configQuery, isStaffOnly, loadAccount } from '../lib/account';

const REGISTER = '/publisher/register';
const ADMIN = '/publisher/admin';

/**
 * The publisher layout. Without a token it hands over to sign-in at once; else it loads who the user is
 * once (a 401 on the way hands over to sign-in), tells the
 * auth machine, and keeps unregistered users on /publisher/register (SPEC §2 Registration gate).
 */
export const Route = createFileRoute('/publisher')({
  // The layout is part of every publisher screen: in the entry, not a chunk fetched after it has run (the
  // first paint — the sidebar — waited for that round trip). Only the error state loads when needed.
  codeSplitGroupings: [['errorComponent']],
  beforeLoad: async ({ context, location }) => {
    if (!context.auth.token()) {
      // No token: straight to sign-in, without first asking the API who this is (three 401s).
      context.auth.actor.send({ type: 'UNAUTHORIZED', returnTo: location.href });
      await new Promise<never>(() => {});
    }
    const [account] = await Promise.all([loadAccount(context.queryClient), context.queryClient.ensureQueryData(configQuery)]);
    const { actor } = context.auth;
    actor.send(account.me && account.publisher ? { type: 'ACCOUNT_LOADED', isRegistered: account.publisher.isRegistered } : { type: 'ACCOUNT_MISSING' });
    if (account.publisher?.isRegistered) actor.send({ type: 'REGISTERED' });
    const unregistered = actor.getSnapshot().matches({ signedIn: 'unregistered' }) || !account.publisher?.isRegistered;
    // Staff with a system role but no publisher account reach the admin console; only publisher screens
    // send an unregistered user to sign up.
    const staffScreen = ['/publisher', '/publisher/', ADMIN].includes(location.pathname) || location.pathname.startsWith(`${ADMIN}/`);
    if (unregistered && location.pathname !== REGISTER && !(isStaffOnly(account) && staffScreen)) throw redirect({ to: REGISTER });
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
    // Inside this layout the user is signed in (a 401 on the way hands over to sign-in), account or not.
    <Shell publisher={account.publisher} config={config} signedIn>
      <Outlet />
    </Shell>
  );
}
