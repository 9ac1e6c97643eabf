import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DOCUMENT_COOKIES, type ApiCall, type Rendered, type RenderScreen } from '../../../contract/screen-render';

/**
 * The screen of a /publisher address rendered here with the signed-in user's data, for the document to paint it
 * before the JavaScript has run (docs/adr/0011-screens-rendered-with-their-data.md). The render is the SPA's
 * own, built by `vite build --ssr` into dist/.ssr/render.js (src/ssr/render.tsx); its API calls are answered
 * in-process, with the caller's token and address, by the same routes, checks and limits as over the network.
 *
 * Who is signed in comes from the cookie the SPA writes beside its stored token (src/lib/document-session.ts):
 * path /publisher, SameSite=Strict, so it reaches no API route and no request another site starts. It is read
 * for GET documents only; a write never looks at it.
 */
/** A render slower than this is not waited for: the document goes out with the shell alone. */
export const RENDER_LIMIT_MS = 1500;

/** The cookies of a request, by name (values as sent: the SPA writes only URL-safe ones). */
export function cookiesOf(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    const name = part.slice(0, Math.max(at, 0)).trim();
    if (name) cookies.set(name, part.slice(at + 1).trim());
  }
  return cookies;
}

const decoded = (value: string | undefined) => {
  try {
    return value === undefined ? undefined : decodeURIComponent(value);
  } catch {
    return undefined;
  }
};
/** An IANA time zone Intl knows, or undefined. */
export const zoneOf = (name: string | undefined) => {
  if (!name || name.length > 64) return undefined;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return name;
  } catch {
    return undefined;
  }
};
const TOKEN = /^[A-Za-z0-9._~+/=-]{16,512}$/;

/** The renderer of the build at `root`, or undefined when the build has none (the documents carry the shell only). */
export async function screenRenderer(app: FastifyInstance, root: string) {
  const file = join(root, '.ssr', 'render.js');
  if (!existsSync(file)) return undefined;
  let renderScreen: RenderScreen;
  try {
    ({ renderScreen } = (await import(pathToFileURL(file).href)) as { renderScreen: RenderScreen });
    // Every screen's code loaded now, not by the first render that needs it: a screen's loader imports its queries
    // and then starts them, and the render waits for requests started (src/ssr/render.tsx), which a module already
    // loaded starts at once, without a read from disk in between.
    const chunks = join(root, '.ssr', 'assets');
    if (existsSync(chunks))
      await Promise.allSettled(
        readdirSync(chunks)
          .filter((f) => f.endsWith('.js'))
          .map((f) => import(pathToFileURL(join(chunks, f)).href)),
      );
  } catch (err) {
    // A render that cannot load costs the first paint its data, not the portal its start.
    app.log.error({ err, file }, 'the server render could not be loaded; publisher documents carry the shell');
    return undefined;
  }
  return async (request: FastifyRequest): Promise<Rendered | null> => {
    const cookies = cookiesOf(request.headers.cookie);
    const token = decoded(cookies.get(DOCUMENT_COOKIES.session));
    // Without the browser's zone its days and times would be rendered in this server's, and React would find the
    // text changed where it takes the screen over.
    const timeZone = zoneOf(decoded(cookies.get(DOCUMENT_COOKIES.zone)));
    if (!token || !TOKEN.test(token) || !timeZone) return null;
    const height = Number(cookies.get(DOCUMENT_COOKIES.window));
    const call: ApiCall = async ({ method, path, headers, body }) => {
      // A render only reads: a screen's loaders ask, its effects (where a write could start) never run here.
      if (method !== 'GET') return { status: 405, headers: {}, body: null };
      const res = await app.inject({
        method: method as 'GET',
        url: path,
        headers: { ...headers, 'user-agent': request.headers['user-agent'] ?? '' },
        payload: body as string | undefined,
        remoteAddress: request.ip,
      });
      const type = String(res.headers['content-type'] ?? '');
      return { status: res.statusCode, headers: res.headers as Record<string, string>, body: type.includes('json') ? res.json() : res.body };
    };
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), RENDER_LIMIT_MS)));
    const windowHeight = Number.isInteger(height) && height > 0 && height < 10_000 ? height : undefined;
    const rendered = renderScreen(request.url, { token, windowHeight, timeZone, call }).catch((err: unknown) => {
      request.log.warn({ err }, 'the screen could not be rendered on the server; the document carries the shell');
      return null;
    });
    try {
      return await Promise.race([rendered, late]);
    } finally {
      clearTimeout(timer);
    }
  };
}
