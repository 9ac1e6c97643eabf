// The values Rocket.Chat writes into the requestAccess page's address (RocketChat/Rocket.Chat
// apps/meteor/ee/server/apps/communication/rest.ts `buildExternalAppRequest` @ 3a0465777707c8e38a6a1574136b6d3d61c2103a:
// `Buffer.from(JSON.stringify(x)).toString('base64')`, set with URLSearchParams). No zod here: the page reads
// them before any schema is loaded; the server checks them with contract/schemas/app-requests.ts.

/**
 * A value of the address as Rocket.Chat writes it: base64 of UTF-8 JSON. URL-safe letters are taken too, and a
 * space as `+` (what an address written without encoding turns `+` into); padding is optional. null when it is
 * not that (not base64, not UTF-8, not JSON).
 */
export function fromBase64Json(value: string): { value: unknown } | null {
  const text = value.trim().replace(/ /g, '+').replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  if (!text || !/^[A-Za-z0-9+/]+$/.test(text) || text.length % 4 === 1) return null;
  try {
    const binary = atob(text.padEnd(Math.ceil(text.length / 4) * 4, '='));
    const json = new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
    return { value: JSON.parse(json) as unknown };
  } catch {
    return null;
  }
}

/** A value as Rocket.Chat writes it into the address. */
export function toBase64Json(value: unknown): string {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}
