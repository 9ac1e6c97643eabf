import { createFileRoute, Outlet } from '@tanstack/react-router';
import { CheckoutLayout } from '../features/checkout/CheckoutLayout';
import { checkoutSearch } from '../features/checkout/search';
import { configQuery } from '../lib/account';

/**
 * The buyer's checkout pages (docs/rocketchat.md, Buying), which Rocket.Chat opens in a modal's iframe:
 * /apps/{appId}/buy|subscribe|subscribe/details?workspaceId=…&token=…&seats=N. Public (the workspace's token in
 * the address, no portal sign-in), without the publisher shell: a centred page with the portal's name.
 */
export const Route = createFileRoute('/apps/$appId')({
  validateSearch: checkoutSearch,
  loaderDeps: ({ search }) => ({ workspaceId: search.workspaceId, token: search.token }),
  // The offer's request starts beside the page's code, never awaited: the pages show their own loading and error states.
  loader: ({ context, params, deps }) => {
    void context.queryClient.prefetchQuery(configQuery);
    if (deps.workspaceId && deps.token)
      void import('../features/checkout/api').then(({ offerQuery }) => context.queryClient.prefetchQuery(offerQuery(params.appId, deps)));
  },
  component: function CheckoutPages() {
    return (
      <CheckoutLayout>
        <Outlet />
      </CheckoutLayout>
    );
  },
});
