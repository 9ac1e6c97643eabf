/** Asks for a refresh token: the client stays signed in until it signs out (or the refresh token expires). */
export const OFFLINE_ACCESS = 'offline_access';

/** A space-separated OAuth scope → its distinct scopes (RFC 6749 §3.3: order and repeats do not matter). */
export function parseScope(scope: string | undefined): string[] {
  return [...new Set((scope ?? '').split(' ').filter(Boolean))];
}

/** Whether every scope asked for is among the allowed ones. */
export const withinScopes = (asked: readonly string[], allowed: readonly string[]) => asked.every((s) => allowed.includes(s));

/** What a person allows a client to do with each scope, as the end of "<client> wants to …". */
const PURPOSES: Record<string, string> = {
  'marketplace:app-submit': 'submit apps to the marketplace on your behalf',
  marketplace: 'use the marketplace portal as you',
  [OFFLINE_ACCESS]: 'stay signed in until you sign it out (at most 90 days)',
  openid: 'know who you are',
  profile: 'see your name',
  email: 'see your email address',
};

/**
 * The sentence the authorize page shows when a client other than the portal asks, so that a person
 * consents knowingly: "Rocket.Chat Apps CLI wants to submit apps to the marketplace on your behalf and
 * stay signed in …". A scope without a known purpose is named as it is.
 */
export function consentSentence(clientName: string, scopes: readonly string[]): string {
  const purposes = scopes.map((s) => PURPOSES[s] ?? `use the “${s}” permission`);
  // What a client asks for first is what it is for; staying signed in reads best last.
  purposes.sort((a, b) => Number(a === PURPOSES[OFFLINE_ACCESS]) - Number(b === PURPOSES[OFFLINE_ACCESS]));
  if (purposes.length === 0) return `${clientName} wants to know who you are.`;
  const list = purposes.length === 1 ? purposes[0] : `${purposes.slice(0, -1).join(', ')} and ${purposes.at(-1)}`;
  return `${clientName} wants to ${list}.`;
}
