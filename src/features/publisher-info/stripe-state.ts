/**
 * The single-use state of a payment-provider connection, kept in this browser while the person is on
 * the provider's pages (as the sign-in keeps its own): the return page compares and removes it.
 */
const KEY = 'portal.stripeState';

export function newStripeState(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  const state = btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  localStorage.setItem(KEY, state);
  return state;
}

/** Whether `state` is the one this browser stored; the stored one is removed either way. */
export function takeStripeState(state: string): boolean {
  const stored = localStorage.getItem(KEY);
  localStorage.removeItem(KEY);
  return !!stored && stored === state;
}
