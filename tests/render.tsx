import { Theme } from '@radix-ui/themes';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRouteWithContext, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { render, waitFor } from '@testing-library/react';
import { useEffect, type ReactNode } from 'react';
import { vi } from 'vitest';
import { createAuth } from '../src/lib/auth';
import Toaster from '../src/components/Toaster';
import type { RouterContext } from '../src/router';

/**
 * Renders a screen inside a real router (memory history), query client, theme and toaster, and waits until it
 * has settled. `waitForQueries: false` for a test that holds a request in flight on purpose (a loading state).
 */
export async function renderScreen(ui: () => ReactNode, path = '/', o: { waitForQueries?: boolean } = {}) {
  const waitForQueries = o.waitForQueries ?? true;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const auth = createAuth({
    storage: localStorage,
    now: () => Date.now(),
    redirect: vi.fn(),
    navigate: vi.fn(),
    revoke: vi.fn(async () => undefined),
    authorize: async () => ({ authorizeUrl: '/dev-auth/authorize', clientId: 'test' }),
    origin: 'http://localhost',
  });
  const root = createRootRouteWithContext<RouterContext>()({ component: () => <Outlet /> });
  const mounted = { current: false };
  const Mounted = ({ children }: { children: ReactNode }) => {
    useEffect(() => {
      mounted.current = true;
    }, []);
    return <>{children}</>;
  };
  const screenRoute = createRoute({ getParentRoute: () => root, path, component: () => <Mounted>{ui()}</Mounted> });
  const elsewhere = createRoute({ getParentRoute: () => root, path: '$', component: () => <p>Elsewhere</p> });
  const router = createRouter({
    routeTree: root.addChildren([screenRoute, elsewhere]),
    history: createMemoryHistory({ initialEntries: [path] }),
    context: { queryClient, auth },
  });
  render(
    <Theme>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <Toaster />
      </QueryClientProvider>
    </Theme>,
  );
  // Settled: the router's first navigation done, the screen mounted, and every query it started answered (the
  // stubs answer at once) — a condition, not a pause.
  await waitFor(() => {
    const querying = waitForQueries && (queryClient.isFetching() > 0 || queryClient.isMutating() > 0);
    if (router.state.status !== 'idle' || !mounted.current || querying) throw new Error('the screen is still loading');
  });
  return { router, queryClient, auth };
}

/** A fetch stub answering JSON per `METHOD path` (the handler sees the body and the URL, query included), recording calls. */
export function stubFetch(routes: Record<string, (body: unknown, url: URL) => { status: number; body: unknown }>) {
  const calls: { key: string; body: unknown; headers: Headers; url: URL }[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ key, body, headers: new Headers(init?.headers), url });
    const handler = routes[key];
    const res = handler ? handler(body, url) : { status: 404, body: { error: 'not stubbed', code: 'not_found', requestId: 'r-0' } };
    return new Response(JSON.stringify(res.body), { status: res.status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchStub);
  return calls;
}
