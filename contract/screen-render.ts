// What the server and the SPA's server render (src/ssr/render.tsx, built to dist/.ssr/render.js) say to each
// other: the server loads the built file and calls `renderScreen` (server/kernel/plugins/screen-render.ts;
// docs/adr/0011-screens-rendered-with-their-data.md).

/**
 * The cookies the SPA writes for the server's render (src/lib/document-session.ts), read when a publisher document is
 * made (server/kernel/plugins/screen-render.ts): who is signed in, the window's height, the time zone.
 */
export const DOCUMENT_COOKIES = { session: 'portal_session', window: 'portal_window', zone: 'portal_zone' } as const;

/** One API call of the render, answered by the server in-process (the same routes, checks and limits as over the network). */
export type ApiCall = (call: { method: string; path: string; headers: Record<string, string>; body: unknown }) => Promise<{
  status: number;
  headers: Record<string, string>;
  body: unknown;
}>;
/**
 * Who the render is for: their token, their window's height (the tables' page size), their time zone (the days and
 * times shown), and how to call the API.
 */
export type RenderRequest = { token: string; windowHeight: number | undefined; timeZone: string; call: ApiCall };
/** The screen's HTML (what goes inside #root) and the data it was made from (JSON, for the SPA's query cache). */
export type Rendered = { html: string; state: string };
/** Renders the screen at `url` for the request's user, or answers null when it is not a screen to paint as it is. */
export type RenderScreen = (url: string, request: RenderRequest) => Promise<Rendered | null>;
