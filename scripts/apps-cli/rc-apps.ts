// Rocket.Chat's Apps CLI (`rc-apps`, @rocket.chat/apps-cli), unmodified, pointed at this portal: it hard-codes
// https://marketplace.rocket.chat and https://cloud.rocket.chat, so this runs it on a machine arranged for it —
// both names sent to a local TLS front that passes them to the portal (preload.cjs), the front's certificate
// signed by a CA made for this run and trusted through NODE_EXTRA_CA_CERTS (its key never leaves memory), and a
// "browser" that sends the person to the portal's own sign-in page (open-portal.sh).
//
//   cd my-app && npm --prefix /path/to/portal run rc-apps -- submit
//
// PORTAL_URL: the portal (default http://127.0.0.1:8080, `npm start`'s); RC_APPS: the CLI's command (default
// `rc-apps` on the PATH, from `npm i -g @rocket.chat/apps-cli`). Everything after `--` goes to the CLI.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, watch, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { makeCertificates } from './certificates';
import { startTlsFront } from './tls-front';

const HOSTS = ['marketplace.rocket.chat', 'cloud.rocket.chat'];

async function main() {
  const portal = new URL(process.env.PORTAL_URL ?? 'http://127.0.0.1:8080');
  const https = portal.protocol === 'https:';
  const certs = await makeCertificates(HOSTS);
  const front = await startTlsFront(certs, { host: portal.hostname, port: Number(portal.port || (https ? 443 : 80)), tls: https });
  const dir = mkdtempSync(join(tmpdir(), 'rc-apps-'));
  const caFile = join(dir, 'ca.crt');
  writeFileSync(caFile, certs.caCert);
  const here = resolve(import.meta.dirname);
  // Where the "browser" leaves the sign-in address: printed here, for the person to open.
  const signIn = join(dir, 'sign-in-url');
  const watcher = watch(dir, (_event, name) => {
    if (name !== 'sign-in-url') return;
    try {
      process.stderr.write(`\n  Sign in on the portal: ${readFileSync(signIn, 'utf8').trim()}\n\n`);
    } catch {
      // Not there yet (the rename comes next) or already read.
    }
  });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_EXTRA_CA_CERTS: caFile,
    NODE_OPTIONS: [process.env.NODE_OPTIONS, `--require ${join(here, 'preload.cjs')}`].filter(Boolean).join(' '),
    RC_APPS_FRONT_PORT: String(front.port),
    RC_APPS_PORTAL_URL: portal.origin,
    RC_APPS_SIGN_IN: signIn,
    RC_APPS_OPEN: process.env.BROWSER && !process.env.BROWSER.includes('open-portal') ? process.env.BROWSER : 'xdg-open',
    BROWSER: join(here, 'open-portal.sh'),
  };
  // axios (the CLI's sign-in) honours a proxy: the front is on this machine.
  for (const k of ['https_proxy', 'HTTPS_PROXY', 'http_proxy', 'HTTP_PROXY', 'all_proxy', 'ALL_PROXY']) delete env[k];
  const cli = spawn(process.env.RC_APPS ?? 'rc-apps', process.argv.slice(2), { cwd: process.env.INIT_CWD ?? process.cwd(), env, stdio: 'inherit' });
  const code = await new Promise<number>((done) => {
    cli.once('error', (e) => {
      console.error(
        `Could not start ${process.env.RC_APPS ?? 'rc-apps'}: ${e.message}. Install it with \`npm i -g @rocket.chat/apps-cli@1.9.0\`, or set RC_APPS.`,
      );
      done(127);
    });
    cli.once('exit', (c, signal) => done(c ?? (signal ? 1 : 0)));
  });
  watcher.close();
  await front.close();
  rmSync(dir, { recursive: true, force: true });
  process.exit(code);
}

void main();
