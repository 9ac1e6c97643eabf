import type { Session, StoredState } from '../../machines/auth';

/** Where the SPA keeps the portal token and the pending sign-in states (local storage, per SPEC §7). */
const TOKEN = 'portal.token';
const EXPIRES = 'portal.expiresAt';
const STATE_PREFIX = 'portal.oauth-state.';

export const sessionStore = {
  load(storage: Storage = localStorage): Session | null {
    const token = storage.getItem(TOKEN);
    const expiresAt = Number(storage.getItem(EXPIRES));
    return token && Number.isFinite(expiresAt) && expiresAt > 0 ? { token, expiresAt } : null;
  },
  save(session: Session, storage: Storage = localStorage) {
    storage.setItem(TOKEN, session.token);
    storage.setItem(EXPIRES, String(session.expiresAt));
  },
  clear(storage: Storage = localStorage) {
    storage.removeItem(TOKEN);
    storage.removeItem(EXPIRES);
  },
  saveState(state: string, value: StoredState, storage: Storage = localStorage) {
    storage.setItem(STATE_PREFIX + state, JSON.stringify(value));
  },
  /** Reads and removes a pending state: each can complete one sign-in only. */
  takeState(state: string, storage: Storage = localStorage): StoredState | null {
    const key = STATE_PREFIX + state;
    const raw = storage.getItem(key);
    storage.removeItem(key);
    if (!raw) return null;
    try {
      const v = JSON.parse(raw) as StoredState;
      return typeof v.returnTo === 'string' && typeof v.verifier === 'string' ? v : null;
    } catch {
      return null;
    }
  },
};
