/**
 * Answers `public/boot.js` asked for before the SPA's code arrived (who is signed in, their publisher, the
 * policy, the configuration): each is taken once, for the same token, while fresh; anything else is asked
 * for as usual.
 */
type Early = { token: string; at: number; responses: Record<string, Promise<Response> | undefined> };
declare global {
  var __portalEarly: Early | undefined;
}

/** How long an early answer stays usable: it is meant for the first screen only. */
const FRESH_MS = 10_000;

export function takeEarly(method: string, path: string, token: string | undefined, now = Date.now()): Promise<Response> | undefined {
  const early = globalThis.__portalEarly;
  if (!early || method !== 'GET' || early.token !== token || now - early.at > FRESH_MS) return undefined;
  const response = early.responses[path];
  early.responses[path] = undefined;
  return response;
}

/** A fetch Response as ts-rest's fetcher returns it (JSON, text, or a blob, by content type). */
export async function asApiResult(res: Response) {
  const type = res.headers.get('content-type') ?? '';
  const body = type.includes('application/') && type.includes('json') ? await res.json() : type.includes('text/') ? await res.text() : await res.blob();
  return { status: res.status, body, headers: res.headers };
}
