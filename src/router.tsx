import { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import type { Auth } from './lib/auth';
import { routeTree } from './routeTree.gen';

export type RouterContext = { queryClient: QueryClient; auth: Auth };

/** The SPA's router; on the server (src/ssr/render.tsx), over the history of the one address it renders. */
export function makeRouter(context: RouterContext, history?: RouterHistory) {
  return createRouter({
    routeTree,
    context,
    ...(history && { history, isServer: true }),
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    // (in the browser only: on the server it would write an inline script into the document, which the CSP refuses)
    scrollRestoration: !history,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof makeRouter>;
  }
}
