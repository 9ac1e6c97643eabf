import type { AppRouter } from '@ts-rest/core';
import type { Plugin } from 'vite';
import { flattenRoutes } from '../../contract/walk.ts';

export const CONTRACT_ROUTES_ID = 'virtual:contract-routes';

/**
 * The contract as the browser's client needs it: for every route its method, path and content type, and
 * the statuses it answers (no schema). The SPA's ts-rest client is built from this plain data, so neither
 * zod nor the contract's schemas are in the first screen's JavaScript; forms import the schemas they
 * validate with, in their own chunks. Typed as the real contract (src/contract-routes.d.ts).
 */
export function routesOnly(router: AppRouter) {
  const out: Record<string, unknown> = {};
  for (const { key, route } of flattenRoutes(router)) {
    const parts = key.split('.');
    let node = out;
    for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
    node[parts.at(-1)!] = {
      method: route.method,
      path: route.path,
      ...('contentType' in route && route.contentType ? { contentType: route.contentType } : {}),
      responses: Object.fromEntries(Object.keys(route.responses).map((status) => [status, null])),
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
