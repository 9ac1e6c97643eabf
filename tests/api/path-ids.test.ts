// Malformed path ids (docs: contract/text.ts): every route of the contract that names something in its path
// answers a path id the database cannot store — a NUL, an unpaired surrogate — with a 400 in the envelope naming
// the param, before the gate loads a row by it, whoever calls (anonymous, a publisher's owner, staff, an API
// token); and nothing is written. Another process's SQL error is never what a caller sees.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '../../contract';
import { UNSTORABLE_TEXT_MESSAGE } from '../../contract/text';
import { flattenRoutes } from '../../contract/walk';
import { startServer, type TestServer } from '../harness';

let s: TestServer;
const callers: Record<string, string | undefined> = { anonymous: undefined };
beforeAll(async () => {
  s = await startServer({ compileWorker: false });
  callers.owner = await s.signIn('owner');
  callers.admin = await s.signIn('admin');
  const token = await s.request('POST', '/v1/publisher/tokens', {
    token: callers.owner,
    body: { name: 'Path ids', abilities: ['read', 'submit'], appIds: null, expiresInDays: 30 },
  });
  expect(token.status, token.text).toBe(201);
  callers['API token'] = token.json.secret as string;
});
afterAll(async () => s?.close());

const withParams = flattenRoutes(contract).filter(({ route }) => route.path.includes(':'));

/** The path with every param `bad`, and one with only the first param bad (the others a plain id). */
const paths = (path: string, bad: string) => [path.replace(/:\w+/g, bad), path.replace(/:\w+/, bad).replace(/:\w+/g, 'x1')];

describe('path ids the database cannot store', () => {
  it('the contract has routes with path params to try', () => {
    expect(withParams.length).toBeGreaterThan(60);
  });

  // A NUL (%00) decodes to text the router passes on: the param is named. An unpaired high or low surrogate (its
  // WTF-8 bytes: what a client that does not check sends) is not UTF-8: the router refuses the address itself.
  for (const [what, bad, refusal] of [
    ['a NUL', 'a%00b', 'param'],
    ['an unpaired surrogate', '%ED%A0%80', 'url'],
    ['an unpaired low surrogate', 'x%ED%B0%80y', 'url'],
  ] as const) {
    it(`${what} in a path id is a 400 in the envelope on every route, for every caller`, async () => {
      const wrong: string[] = [];
      for (const { key, route } of withParams) {
        for (const path of paths(route.path, bad)) {
          for (const [caller, token] of Object.entries(callers)) {
            const res = await fetch(`${s.base}${path}`, {
              method: route.method,
              headers: {
                ...(token ? { authorization: `Bearer ${token}` } : {}),
                ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { 'content-type': 'application/json' }),
              },
              ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { body: '{}' }),
            });
            const text = await res.text();
            let body: { code?: unknown; requestId?: unknown; fields?: { path: string; message: string }[] } = {};
            try {
              body = JSON.parse(text);
            } catch {
              // not JSON: reported below
            }
            const named =
              refusal === 'param'
                ? body.fields?.some((f) => f.path.startsWith('params.') && f.message === UNSTORABLE_TEXT_MESSAGE)
                : body.code === 'FST_ERR_BAD_URL';
            const ok = res.status === 400 && typeof body.requestId === 'string' && named;
            if (!ok) wrong.push(`${key} ${route.method} ${path} as ${caller}: ${res.status} ${text.slice(0, 160)}`);
          }
        }
      }
      expect(wrong).toEqual([]);
    });
  }
});
