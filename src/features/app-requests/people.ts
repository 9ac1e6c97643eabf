import { fromBase64Json } from '../../../contract/base64-json';

/** A person as the page shows them (what Rocket.Chat put in the address; the server checks it again). */
export type NamedPerson = { id: string; username: string; name: string };

const text = (v: unknown) => (typeof v === 'string' ? v : '');
const personOf = (v: unknown): NamedPerson | null => {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return null;
  const p = v as Record<string, unknown>;
  const id = text(p.id).trim();
  return id ? { id, username: text(p.username), name: text(p.name) } : null;
};

/** The requester of the address (`requester=` base64 JSON), null when it is not one. */
export function requesterOf(raw: string | undefined): NamedPerson | null {
  const decoded = raw ? fromBase64Json(raw) : null;
  return decoded ? personOf(decoded.value) : null;
}

/** How many admins the address names (`admins=` base64 JSON list); null when it names none readable. */
export function adminCountOf(raw: string | undefined): number | null {
  const decoded = raw ? fromBase64Json(raw) : null;
  return decoded && Array.isArray(decoded.value) ? decoded.value.filter((a) => personOf(a)).length : null;
}

/** A person's name as shown: their name and @username, whichever Rocket.Chat gave. */
export const displayName = (p: NamedPerson) => [p.name, p.username && `@${p.username}`].filter(Boolean).join(' ') || p.id;
