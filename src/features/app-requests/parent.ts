/**
 * Rocket.Chat opens these pages in a modal's iframe (apps/meteor/client/views/marketplace/IframeModal.tsx @
 * 0e7ae2f645e0844f12ac47f038744384d6f408fb) and listens for a JSON *string*: a truthy `result` confirms (for a
 * request, apps/meteor/client/views/marketplace/hooks/useAppInstallationHandler.tsx then sends `message` to
 * its admins through its own `POST /api/apps/notify-admins`), anything else closes the modal.
 */
export const inFrame = () => {
  try {
    return window.parent !== window;
  } catch {
    return true;
  }
};

/** Tells the workspace the outcome (nothing when the page is not in a frame). */
export function answerWorkspace(answer: { result: boolean; message?: string }) {
  if (!inFrame()) return;
  window.parent.postMessage(JSON.stringify(answer), '*');
}
