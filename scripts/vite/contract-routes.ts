import type { AppRouter } from '@ts-rest/core';
import type { Plugin } from 'vite';
import { flattenRoutes } from '../../contract/walk.ts';

export const CONTRACT_ROUTES_ID = 'virtual:contract-routes';

/**
 * Routers only Rocket.Chat's server and its Apps CLI call, never the browser: left out of the browser's routes
 * (src/contract-routes.d.ts leaves them out of its type, so a screen calling one does not compile).
 */
export const NOT_FOR_THE_BROWSER = ['workspaceLicenses', 'workspaceDownloads', 'submissions'] as const;

/**
 * The contract as the browser's client needs it: for every route its method, path and content type (no schema,
 * and no statuses: the client reads a route's `responses` only to refuse statuses it does not declare, which ours
 * does not ask for, and to pick a response's schema, which it has none of). The SPA's ts-rest client is built from
 * this plain data, so neither zod nor the contract's schemas are in the first screen's JavaScript; forms import the
 * schemas they validate with, in their own chunks. Typed as the real contract (src/contract-routes.d.ts).
 */
export function routesOnly(router: AppRouter) {
  const out: Record<string, unknown> = {};
  for (const { key, route } of flattenRoutes(router)) {
    if ((NOT_FOR_THE_BROWSER as readonly string[]).includes(key.split('.')[0]!)) continue;
    const parts = key.split('.');
    let node = out;
    for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
    node[parts.at(-1)!] = {
      method: route.method,
      path: route.path,
      ...('contentType' in route && route.contentType ? { contentType: route.contentType } : {}),
      responses: {},
    };
  }
  return out;
}

/** The contract, loaded through tsx (the config loader would otherwise bundle it into vite.config). */
const loadContract = async () => {
  const { tsImport } = await import('tsx/esm/api');
  const mod = (await tsImport('../../contract/index.ts', import.meta.url)) as { contract: AppRouter };
  return mod.contract;
};

/** Serves `virtual:contract-routes` from the contract, read when the build (or dev server) starts. */
export function contractRoutes(load: () => Promise<AppRouter> = loadContract): Plugin {
  const resolved = `\0${CONTRACT_ROUTES_ID}`;
  return {
    name: 'contract-routes',
    resolveId: (id) => (id === CONTRACT_ROUTES_ID ? resolved : null),
    async load(id) {
      if (id !== resolved) return null;
      return `export const contractRoutes = ${JSON.stringify(routesOnly(await load()))};`;
    },
  };
}
