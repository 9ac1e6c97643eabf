// A portal running as deployed (`server/main.ts` in a process of its own), for tests of what only separate
// processes show: crashes (`kill -9`), two processes on one database, a second process on a live data folder.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type AddressInfo } from 'node:net';

export const REDIRECT_URI = 'http://localhost:8080/oauth/callback';

/** A data folder for portal processes, under the run's temporary directory; `remove()` it once they have ended. */
export function tempDataDir(prefix = 'portal-proc-') {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

/** Runs a script of the project (`server/main.ts`, `server/dev/seed/seed-cli.ts`) to its end: exit code and what it printed. */
export function runScript(script: string, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

export type PortalProcess = { base: string; child: ChildProcess; output: () => string; stop: (signal?: NodeJS.Signals) => Promise<void> };

/** A port the operating system has just handed out as free (so two portals of one run never draw the same one). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts `server/main.ts` with `env` on a free port and waits until it answers (or fails when it exits first).
 * Should another process take the port between the probe and the portal's listen, it starts again on another.
 */
export async function startPortalProcess(env: Record<string, string>): Promise<PortalProcess> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOn(await freePort(), env);
    } catch (error) {
      if (!(error instanceof PortTaken) || attempt === 3) throw error;
    }
  }
}

class PortTaken extends Error {}

// Portals still running when the test file's process ends (a test that timed out waiting) end with it.
const running = new Set<ChildProcess>();
process.once('exit', () => running.forEach((child) => child.kill('SIGKILL')));

async function startOn(port: number, env: Record<string, string>): Promise<PortalProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, LOG_LEVEL: 'warn', SERVE_SPA: 'false', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let output = '';
  child.stderr!.on('data', (d) => {
    output += d;
    process.stderr.write(d);
  });
  const exited = new Promise<void>((r) => (child.exitCode !== null ? r() : child.once('exit', () => r())));
  const portal: PortalProcess = {
    base: `http://127.0.0.1:${port}`,
    child,
    output: () => output,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
  // Waits for the portal itself, however busy the machine; the test's own time-out is the only bound.
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      if (output.includes('EADDRINUSE')) throw new PortTaken(`port ${port} was taken`);
      throw new Error(`the portal on ${port} exited with ${child.exitCode ?? child.signalCode}: ${output}`);
    }
    if (
      await fetch(`${portal.base}/v1/engine/version`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return portal;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Signs a demo user in through the embedded authorization server: begun on `first`, finished on `second`. */
export async function signInAt(first: string, cloudUserId: string, second = first): Promise<string> {
  const verifier = randomBytes(32).toString('base64url');
  const params = {
    response_type: 'code',
    client_id: 'marketplace-portal',
    redirect_uri: REDIRECT_URI,
    scope: 'marketplace',
    state: 'proc',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    user_id: cloudUserId,
  };
  const res = await fetch(`${first}/dev-auth/authorize`, { method: 'POST', body: new URLSearchParams(params), redirect: 'manual' });
  const location = res.headers.get('location');
  if (!location) throw new Error(`sign-in at ${first} not redirected: ${res.status} ${(await res.text()).slice(0, 500)}`);
  const code = new URL(location).searchParams.get('code')!;
  const exchange = await fetch(`${second}/v1/oauth/exchange`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code, redirectUri: REDIRECT_URI, codeVerifier: verifier }),
  });
  if (exchange.status !== 200) throw new Error(`sign-in failed: ${exchange.status} ${await exchange.text()}`);
  return ((await exchange.json()) as { access_token: string }).access_token;
}

/** A JSON call with a bearer token. */
export async function callAt(base: string, method: string, path: string, token: string, body?: unknown) {
  const res = await fetch(base + path, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : undefined) as any };
}
