import './lib/zod-config';
import './styles.css';
import type { DehydratedState } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppRoot } from './AppRoot';
import { configureApi } from './lib/api';
import { newQueryClient } from './lib/query-client';
import { configQuery } from './lib/account';
import { createAuth } from './lib/auth';
import { keepDocumentCookies } from './lib/document-session';
import { memoryStorage } from './lib/memory-storage';
import { useToasts } from './lib/toast';
import { makeRouter } from './router';

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

const queryClient = newQueryClient();
// A screen the server rendered with this user's data carries that data (src/ssr/render.tsx): the SPA starts from
// it, so its first render asks the API nothing again and paints what is already painted. (Each query set as it
// was answered, rather than through TanStack Query's `hydrate`: that one weighs 0.5 KiB of every first visit.)
const rendered = document.getElementById('portal-state');
if (rendered?.textContent)
  for (const { queryKey, state } of (JSON.parse(rendered.textContent) as DehydratedState).queries)
    queryClient.setQueryData(queryKey, state.data, { updatedAt: state.dataUpdatedAt });

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
    return memoryStorage();
  }
}

const auth = createAuth({
  storage: pageStorage(),
  now: () => Date.now(),
  redirect: (url) => window.location.assign(url),
  navigate: (to) => router?.history.push(to),
  // (kept alive: signing out leaves the page at once, and the revocation must not be cancelled with it)
  revoke: (token) => fetch('/v1/oauth/session', { method: 'DELETE', headers: { authorization: `Bearer ${token}` }, keepalive: true }),
  authorize: async () => {
    const config = await queryClient.ensureQueryData(configQuery);
    return { authorizeUrl: config.authorizeUrl, clientId: config.cloudClientId };
  },
  origin: window.location.origin,
});
keepDocumentCookies(
  () => auth.actor.getSnapshot().context.session,
  (write) => {
    let token = auth.actor.getSnapshot().context.session?.token;
    auth.actor.subscribe(({ context }) => {
      if (context.session?.token === token) return;
      token = context.session?.token;
      write();
    });
  },
);
configureApi({ token: auth.token, onUnauthorized: () => auth.actor.send({ type: 'UNAUTHORIZED', returnTo: here() }) });

router = makeRouter({ queryClient, auth });
// The code of the screens at this address loads beside the account (each route's beforeLoad), not after it.
for (const route of router.getMatchedRoutes(window.location.pathname)[0]) void router.loadRouteChunk(route)?.catch(() => {});

const root = document.getElementById('root')!;
// The server's document may carry the screen at this address rendered with this user's data
// (docs/adr/0011-screens-rendered-with-their-data.md): once the router has loaded it — from that data, asking the
// API nothing — React takes over those very elements (hydration), so nothing is painted twice. Else it may carry
// the publisher shell (docs/adr/0010-first-screen-by-design.md), which stays until the screen at this address can
// render — who is signed in known, the screen's code loaded — so React's first render replaces it with the same
// boxes and the screen, never with a spinner in between. A visitor who is not signed in keeps it while they are
// sent to sign in.
const app = (
  <AppRoot queryClient={queryClient} router={router}>
    <ToasterOnDemand />
  </AppRoot>
);
const render = () => createRoot(root).render(app);
if (rendered) {
  const takeOver = () => {
    // (the rendered screen is inert until now: a click or a key before its code has run would do nothing)
    root.removeAttribute('inert');
    // (as TanStack Router's own hydration marks it: the router then renders the tree the server rendered, without the
    // Suspense boundary it adds around a screen rendered in the browser only)
    router.ssr = { manifest: undefined };
    hydrateRoot(root, app);
  };
  void router.load().then(takeOver, takeOver);
} else if (root.firstChild) void router.load().then(render, render);
else render();
