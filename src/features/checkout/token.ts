/**
 * The workspace's `marketplace:purchase` token, which Rocket.Chat puts in the page's address. It is kept in the
 * tab's session storage so that the page the payment provider sends the buyer back to — whose address the portal
 * gives the provider without the token — can go on. Storage that is refused (a framed page whose browser blocks
 * third-party storage) keeps nothing: framed, the provider's page opens in a tab of its own (PayForm).
 */
const key = (workspaceId: string) => `checkout-token:${workspaceId}`;

export function buyerToken(workspaceId: string, fromAddress: string): string {
  if (!workspaceId) return fromAddress;
  try {
    if (fromAddress) window.sessionStorage.setItem(key(workspaceId), fromAddress);
    else return window.sessionStorage.getItem(key(workspaceId)) ?? '';
  } catch {
    // Refused storage: only the address's token.
  }
  return fromAddress;
}
