// The screen at an address rendered on the server, with the signed-in user's data, for the document to paint
// before the JavaScript has run (docs/adr/0011-screens-rendered-with-their-data.md). Built by `vite build --ssr`
// into dist/.ssr/render.js; the server loads that file (server/kernel/plugins/screen-render.ts) — it never
// imports the SPA's sources. The SPA renders the same tree into the same boxes once its code has run, from the
// data this render used (src/main.tsx), so it asks the API nothing again and nothing moves.
import '../lib/zod-config';
import { AsyncLocalStorage } from 'node:async_hooks';
import { defaultShouldDehydrateQuery, dehydrate, type QueryClient } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import type { tsRestFetchApi } from '@ts-rest/core';
import { renderToString } from 'react-dom/server';
import type { RenderRequest, RenderScreen } from '../../contract/screen-render';
import { AppRoot } from '../AppRoot';
import { configureApi } from '../lib/api';
import { createAuth } from '../lib/auth';
import { accountKeys } from '../lib/keys';
import { formatInZoneOf } from '../lib/format';
import { memoryStorage } from '../lib/memory-storage';
import { measureWindowWith } from '../lib/page-size';
import { newQueryClient } from '../lib/query-client';
import { sessionStore } from '../lib/session-store';
import { makeRouter } from '../router';

// The API client and the page size are module-wide in the SPA (one user per page); here each render's own
// values are read from its async context, so renders side by side never see each other's token.
const current = new AsyncLocalStorage<RenderRequest>();
const fetchApi: typeof tsRestFetchApi = async ({ path, method, headers, body }) => {
  const request = current.getStore();
  if (!request) throw new Error('An API call outside a render');
  const res = await request.call({ method, path, headers, body });
  return { status: res.status, body: res.body, headers: new Headers(res.headers) };
};
configureApi({ token: () => current.getStore()?.token, onUnauthorized: () => {}, fetchApi });
measureWindowWith(() => current.getStore()?.windowHeight);
formatInZoneOf(() => current.getStore()?.timeZone);

const nothing = () => {};
/**
 * Until no query is fetching and none has started for a moment: the screens start their lists' requests beside
 * their code and do not await them, some only once that code has loaded (an import, then the request). The server
 * loads every screen's code at its start (server/kernel/plugins/screen-render.ts), so such an import resolves in
 * the same turn, before the moment is over. Were one still late, the SPA would find its data where the render had
 * none: React then renders the screen afresh in the browser, which is right, only slower.
 */
const QUIET_MS = 5;
const settled = (queryClient: QueryClient) =>
  new Promise<void>((resolve) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      clearTimeout(timer);
      if (queryClient.isFetching() > 0) return;
      timer = setTimeout(() => {
        if (queryClient.isFetching() > 0) return;
        stop();
        resolve();
      }, QUIET_MS);
    };
    const stop = queryClient.getQueryCache().subscribe(check);
    check();
  });

/**
 * Renders the screen at `url` for the holder of `token`, or answers null when it is not a screen to paint as
 * it is: the address sends elsewhere (sign-in, registration, a fallback), or a request on the way failed.
 */
export const renderScreen: RenderScreen = (url, request) =>
  current.run(request, async () => {
    const queryClient = newQueryClient();
    const storage = memoryStorage();
    // (the server checks the token on every call; the minute only keeps the auth machine from calling it expired)
    sessionStore.save({ token: request.token, expiresAt: Date.now() + 60_000 }, storage);
    const auth = createAuth({
      storage,
      now: () => Date.now(),
      redirect: nothing,
      navigate: nothing,
      revoke: async () => {},
      authorize: () => Promise.reject(new Error('No sign-in on the server')),
      origin: 'http://localhost',
    });
    const history = createMemoryHistory({ initialEntries: [url] });
    const router = makeRouter({ queryClient, auth }, history);
    // The router on a server answers an address whose search is not written out whole (`?page=1`) with a redirect
    // to the address that is; the browser's router shows that screen at the short address. Rendered as that one.
    const here = router.latestLocation;
    const whole = router.buildLocation({ to: here.pathname, search: true, params: true, hash: true, state: true, _includeValidateSearch: true } as never);
    if (whole.pathname === here.pathname && whole.publicHref !== here.publicHref) history.replace(whole.publicHref);
    await router.load();
    // Only a screen to paint as it is: not a redirect (sign-in, registration), not a fallback, nothing failed.
    const { matches } = router.state;
    if (matches.length === 0 || matches.some((m) => m.status !== 'success' || m._notFound)) return null;
    await settled(queryClient);
    const failed = queryClient.getQueryCache().findAll({ predicate: (q) => q.state.status === 'error' });
    if (failed.length > 0) return null;
    const html = renderToString(<AppRoot queryClient={queryClient} router={router} />);
    // The permission checks are functions over the access query's answer: the SPA makes them again from it.
    const state = dehydrate(queryClient, { shouldDehydrateQuery: (q) => defaultShouldDehydrateQuery(q) && q.queryKey[0] !== accountKeys.checks[0] });
    return { html, state: JSON.stringify(state) };
  });
