import http from 'node:http';
import https from 'node:https';
import { ADDRESS_TEXT, isAllowedPort, type AddressPolicy } from './addresses';
import { AddressRefused, GuardedHttpAgent, GuardedHttpsAgent } from './guarded-agent';

/** How much of an endpoint's answer is kept. */
export const RESPONSE_LIMIT = 64 * 1024;

export type PostOutcome =
  | { kind: 'answered'; statusCode: number; body: string; type: string }
  | { kind: 'timeout' }
  | { kind: 'refused'; message: string }
  | { kind: 'unreachable'; message: string };

const agents = (policy: AddressPolicy) => {
  // The port and the address of every connection are checked after DNS resolution (literal IPs too): a name that
  // resolves to a private address is refused when it connects, whatever it resolved to when the webhook was saved.
  const fixed = { allowPrivateNetworks: policy.allowPrivateNetworks };
  return { http: new GuardedHttpAgent(fixed), https: new GuardedHttpsAgent(fixed) };
};
const byPolicy = new Map<boolean, ReturnType<typeof agents>>();
const agentFor = (policy: AddressPolicy, protocol: string) => {
  let pair = byPolicy.get(policy.allowPrivateNetworks);
  if (!pair) byPolicy.set(policy.allowPrivateNetworks, (pair = agents(policy)));
  return protocol === 'https:' ? pair.https : pair.http;
};

/**
 * One POST of a JSON body, as a webhook delivery makes it: through the address-filtering agent, redirects
 * not followed (a 3xx is an answer like any other), the first RESPONSE_LIMIT bytes of the answer kept, and
 * no answer within `timeoutMs` — headers and body — a timeout.
 */
export function post(url: string, headers: Record<string, string>, body: string, policy: AddressPolicy, timeoutMs: number): Promise<PostOutcome> {
  return new Promise((resolve) => {
    const u = new URL(url);
    if (u.protocol !== 'https:' && !(policy.allowPrivateNetworks && u.protocol === 'http:')) {
      return resolve({ kind: 'refused', message: 'Only https:// endpoints are called.' });
    }
    // Port 0 in the url would become the scheme's default on the way to the agent: the url's own port is checked here.
    if (!policy.allowPrivateNetworks && u.port !== '' && !isAllowedPort(Number(u.port)))
      return resolve({ kind: 'refused', message: ADDRESS_TEXT.port(u.port) });
    const client = u.protocol === 'https:' ? https : http;
    let settled = false;
    const done = (outcome: PostOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const req = client.request(
      u,
      {
        method: 'POST',
        agent: agentFor(policy, u.protocol),
        headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'user-agent': 'Marketplace-Webhooks/1.0' },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const finish = () =>
          done({
            kind: 'answered',
            statusCode: res.statusCode ?? 0,
            body: Buffer.concat(chunks).subarray(0, RESPONSE_LIMIT).toString('utf8'),
            type: String(res.headers['content-type'] ?? ''),
          });
        res.on('data', (chunk: Buffer) => {
          if (size >= RESPONSE_LIMIT) return;
          chunks.push(chunk);
          size += chunk.length;
          // Enough is kept: the rest is not waited for.
          if (size >= RESPONSE_LIMIT) {
            finish();
            res.destroy();
          }
        });
        res.on('end', finish);
        res.on('error', finish);
        res.on('aborted', finish);
      },
    );
    const timer = setTimeout(() => {
      done({ kind: 'timeout' });
      req.destroy();
    }, timeoutMs);
    req.on('error', (err: NodeJS.ErrnoException) => {
      const message = err.message || String(err);
      // The guarded agent's refusal says which port or address it refused.
      done(err instanceof AddressRefused ? { kind: 'refused', message } : { kind: 'unreachable', message: err.code ? `${err.code}: ${message}` : message });
    });
    req.end(body);
  });
}
