/**
 * Rocket.Chat opens the checkout pages in a modal's iframe (apps/meteor/client/views/marketplace/IframeModal.tsx)
 * and listens for a JSON string: `{result: true}` confirms (the purchase or change is done: it syncs the licence),
 * anything else with a falsy result cancels the modal.
 */
export const inFrame = () => {
  try {
    return window.parent !== window;
  } catch {
    return true;
  }
};

/** Tells the workspace the outcome (nothing when the page is not in a frame). */
export function notifyWorkspace(result: boolean) {
  if (!inFrame()) return;
  window.parent.postMessage(JSON.stringify({ result }), '*');
}

/** Leaves for the payment provider's page (in this frame). */
export function goToPayment(url: string) {
  window.location.assign(url);
}
