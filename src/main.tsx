import './lib/zod-config';
import './styles.css';
import { Theme } from '@radix-ui/themes';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { lazy, StrictMode, Suspense, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { ApiError, configureApi, tsr } from './lib/api';
import { configQuery } from './lib/account';
import { createAuth } from './lib/auth';
import { useToasts } from './lib/toast';
import { makeRouter } from './router';
import { themeProps } from './lib/theme';

// Radix Toast and its icons load with the first toast (lib/toast keeps it until then), not with the first screen.
const Toaster = lazy(() => import('./components/Toaster'));
function ToasterOnDemand() {
  const [needed, setNeeded] = useState(false);
  const toasts = useToasts();
  if (!needed && toasts.length > 0) setNeeded(true);
  return needed || toasts.length > 0 ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 10_000,
      retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
    },
  },
});

let router: ReturnType<typeof makeRouter> | undefined = undefined;
const here = () => window.location.pathname + window.location.search;

/**
 * Local storage; where the browser denies it (a frame of another site with third-party storage blocked, as the
 * checkout pages in Rocket.Chat's modal), storage that lasts as long as the page: reading it would throw.
 */
function pageStorage(): Storage {
  try {
    return window.localStorage;
  } catch {
    const items = new Map<string, string>();
    return {
      get length() {
        return items.size;
      },
      key: (i) => [...items.keys()][i] ?? null,
      getItem: (k) => items.get(k) ?? null,
      setItem: (k, v) => void items.set(k, String(v)),
      removeItem: (k) => void items.delete(k),
      clear: () => items.clear(),
    };
  }
}

const auth = createAuth({
  storage: pageStorage(),
  now: () => Date.now(),
  redirect: (url) => window.location.assign(url),
  navigate: (to) => router?.history.push(to),
  revoke: (token) => fetch('/v1/oauth/session', { method: 'DELETE', headers: { authorization: `Bearer ${token}` } }),
  authorize: async () => {
    const config = await queryClient.ensureQueryData(configQuery);
    return { authorizeUrl: config.authorizeUrl, clientId: config.cloudClientId };
  },
  origin: window.location.origin,
});
configureApi({ token: auth.token, onUnauthorized: () => auth.actor.send({ type: 'UNAUTHORIZED', returnTo: here() }) });

router = makeRouter({ queryClient, auth });
// The code of the screens at this address loads beside the account (each route's beforeLoad), not after it.
for (const route of router.getMatchedRoutes(window.location.pathname)[0]) void router.loadRouteChunk(route)?.catch(() => {});

const root = document.getElementById('root')!;
// The server's document may carry the publisher shell, painted before this code ran
// (docs/adr/0010-first-screen-by-design.md). It stays until the screen at this address can render — who is
// signed in known, the screen's code loaded — so React's first render replaces it with the same boxes and the
// screen, never with a spinner in between. A visitor who is not signed in keeps it while they are sent to sign in.
const render = () =>
  createRoot(root).render(
    <StrictMode>
      <Theme {...themeProps}>
        <QueryClientProvider client={queryClient}>
          <tsr.ReactQueryProvider>
            <RouterProvider router={router} />
            <ToasterOnDemand />
          </tsr.ReactQueryProvider>
        </QueryClientProvider>
      </Theme>
    </StrictMode>,
  );
if (root.firstChild) void router.load().then(render, render);
else render();
