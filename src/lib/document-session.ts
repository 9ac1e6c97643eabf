import { DOCUMENT_COOKIES } from '../../contract/screen-render';
import type { Session } from '../../machines/auth';

// Read by the server to render a publisher screen with the signed-in user's data before the SPA's code has run
// (server/kernel/plugins/screen-render.ts; docs/adr/0011-screens-rendered-with-their-data.md). Path /publisher:
// sent with those documents only, never to the API; SameSite=Strict: never with a request another site starts.
// The token is the one local storage already holds (SPEC §7), for as long as it is valid.
const { session: SESSION, window: WINDOW, zone: ZONE } = DOCUMENT_COOKIES;

const attributes = (secure: boolean) => `; Path=/publisher; SameSite=Strict${secure ? '; Secure' : ''}`;

/** The cookies that keep the server's render in step with this page: who is signed in, and the window's height. */
export function documentCookies(session: Session | null, windowHeight: number, now: number, secure: boolean): string[] {
  const rest = attributes(secure);
  const seconds = session ? Math.floor((session.expiresAt - now) / 1000) : 0;
  return [
    seconds > 0 && session ? `${SESSION}=${encodeURIComponent(session.token)}; Max-Age=${seconds}${rest}` : `${SESSION}=; Max-Age=0${rest}`,
    `${WINDOW}=${Math.round(windowHeight)}${rest}`,
  ];
}
/** The browser's time zone, for the days and times the server renders (a year: it is not a secret, nor the session's). */
export const zoneCookie = (timeZone: string, secure: boolean) => `${ZONE}=${encodeURIComponent(timeZone)}; Max-Age=31536000${attributes(secure)}`;

/**
 * Writes them now, and again whenever the session changes or the window is resized. The time zone is asked of
 * Intl once the page is idle: the first Intl call starts the browser's ICU (src/lib/format.ts), which the first
 * screen does not wait for; the next document needs it, not this one.
 */
export function keepDocumentCookies(session: () => Session | null, onChange: (listener: () => void) => void) {
  const secure = window.location.protocol === 'https:';
  const write = () => {
    for (const cookie of documentCookies(session(), window.innerHeight, Date.now(), secure)) document.cookie = cookie;
  };
  write();
  onChange(write);
  window.addEventListener('resize', write);
  const idle = window.requestIdleCallback ?? ((f: () => void) => setTimeout(f, 1000));
  idle(() => {
    document.cookie = zoneCookie(Intl.DateTimeFormat().resolvedOptions().timeZone, secure);
  });
}
