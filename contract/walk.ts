import { isAppRoute, type AppRoute, type AppRouter } from '@ts-rest/core';

/** Every route of a router with its dotted key (e.g. `admin.apps.list`). */
export function flattenRoutes(router: AppRouter, prefix = ''): { key: string; route: AppRoute }[] {
  return Object.entries(router).flatMap(([name, value]) => {
    const key = prefix ? `${prefix}.${name}` : name;
    return isAppRoute(value) ? [{ key, route: value }] : flattenRoutes(value as AppRouter, key);
  });
}
