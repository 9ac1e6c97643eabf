import { createHash } from 'node:crypto';
import { entryOf, type Representation, type Variant } from './cache';
import type { PurchaseState } from './catalog';

/** A workspace's requests of one app: seen by its admins, and not yet. */
export type AppRequestCounts = { totalSeen: number; totalUnseen: number };

/**
 * `GET /v1/apps` for a registered workspace with app requests (docs/rocketchat.md, App requests): each element as the caller sees it
 * (its purchases laid over), plus `appRequestStats` on the apps it has requests of — Rocket.Chat's "Requested"
 * tab lists exactly the apps that carry it (apps/meteor/client/views/marketplace/hooks/useFilteredApps.ts) —
 * and, with `?endUserID=`, `requestedEndUser` on every app. Made at each call (never kept: it is one
 * workspace's, and changes with every request); null when nothing is added (the caller's answer stands).
 */
export function withAppRequests(
  v: Variant,
  states: Map<string, PurchaseState> | null,
  requests: { stats: Map<string, AppRequestCounts>; requested: Set<string> | null },
): Representation | null {
  if (!requests.stats.size && !requests.requested) return null;
  const parts = v.choices.map(({ app }, i) => {
    const stats = requests.stats.get(app.appId);
    const requested = requests.requested?.has(app.appId);
    const own = states?.has(app.appId);
    if (!stats && requested === undefined && !own) return v.parts[i]!;
    // An element is one JSON object: the fields go before its closing brace.
    const base = own ? JSON.stringify(entryOf(v, app.appId, states)[0]) : v.parts[i]!;
    const extra = [
      ...(requested === undefined ? [] : [`"requestedEndUser":${requested}`]),
      ...(stats ? [`"appRequestStats":${JSON.stringify({ appId: app.appId, totalSeen: stats.totalSeen, totalUnseen: stats.totalUnseen })}`] : []),
    ];
    return extra.length ? `${base.slice(0, -1)},${extra.join(',')}}` : base;
  });
  const body = Buffer.from(`[${parts.join(',')}]`);
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"`, encoded: new Map() };
}
