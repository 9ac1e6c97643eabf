// Rocket.Chat's Apps CLI as a publisher runs it, on a machine the test arranges: `rc-apps` in a pseudo-terminal,
// in a copy of the fixture app, with a home folder of its own (the CLI keeps its token under
// $XDG_CONFIG_HOME/chat.rocket.apps-cli-nodejs/), the test's CA trusted, the cloud's names sent to the TLS front
// (scripts/apps-cli/preload.cjs), no proxy, and no browser of its own (BROWSER=true: the test plays it from the printed URL).
import { cpSync, mkdirSync, symlinkSync } from 'node:fs';
import { execFile } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { Terminal } from './terminal';

const run = promisify(execFile);

export const CLI_VERSION = '1.9.0';
/** The CLI's OAuth client id and callback (src/misc/cloudAuth.ts), registered at the portal as a public client. */
export const CLI_CLIENT_ID = '5d8e59c5d48080ef5497e522';
export const CLI_REDIRECT_URI = 'http://localhost:3005/callback';
export const CLI_SPEC = resolve('tests/cli/apps-cli');
export const FIXTURE_APP = resolve('tests/fixtures/apps/apps-cli-fixture');
const PRELOAD = resolve('scripts/apps-cli/preload.cjs');

export type CliMachine = {
  /** Where tests/cli/apps-cli is installed (installs.ts). */
  cliDir: string;
  /** The app folder the CLI runs in. */
  appDir: string;
  home: string;
  caFile: string;
  frontPort: number;
  callbackPort: number;
};

/** Copies the fixture app's sources into `appDir`, its node_modules linked to the installed devDependencies. */
export function copyFixtureApp(appDir: string, depsDir: string) {
  mkdirSync(appDir, { recursive: true });
  cpSync(FIXTURE_APP, appDir, { recursive: true, filter: (src) => !/package-lock\.json$|node_modules/.test(src) });
  symlinkSync(join(depsDir, 'node_modules'), join(appDir, 'node_modules'), 'dir');
}

/** The environment the CLI runs in (and the test reads its token store in): the test runner's, minus its settings. */
function cliEnv(m: CliMachine): NodeJS.ProcessEnv {
  mkdirSync(join(m.home, 'tmp'), { recursive: true });
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    // Not the test runner's settings (npm's, vitest's), no proxy (axios honours https_proxy), no display, and not
    // CI's marker: a publisher's terminal has no CI, and with it set the CLI's cli-ux 5 (lib/config.js) picks its
    // "simple" action, which holds back everything printed while "waiting for authorization..." runs: the
    // sign-in URL would show only after the sign-in it asks for.
    if (
      /^(npm_|vitest|https?_proxy$|all_proxy$|no_proxy$|node_options$|node_env$|display$|wayland_display$|no_color$|force_color$|ci$|continuous_integration$)/i.test(
        k,
      )
    )
      continue;
    env[k] = v;
  }
  return Object.assign(env, {
    HOME: m.home,
    XDG_CONFIG_HOME: join(m.home, '.config'),
    TMPDIR: join(m.home, 'tmp'), // whatever the CLI leaves there goes with the test's folder
    NODE_EXTRA_CA_CERTS: m.caFile,
    NODE_OPTIONS: `--require ${PRELOAD}`,
    RC_APPS_FRONT_PORT: String(m.frontPort),
    RC_APPS_CALLBACK_PORT: String(m.callbackPort),
    BROWSER: 'true',
    FORCE_COLOR: '0',
    TERM: 'xterm',
  });
}

/** `rc-apps …args` in a terminal of its own. */
export function rcApps(args: string[], m: CliMachine): Terminal {
  const bin = join(m.cliDir, 'node_modules/@rocket.chat/apps-cli/bin/run');
  return new Terminal([process.execPath, bin, ...args], { cwd: m.appDir, env: cliEnv(m) });
}

type StoredToken = { token: { access_token: string; refresh_token?: string; expires_in: number; scope?: string }; expiresAt: string };

// Opens the store with the CLI's own `conf`, encrypted with the key the CLI makes of this machine's details
// (src/misc/cloudAuth.ts getEncryptionKey, with its own `systeminformation`); "expire" dates the token in the past.
const STORE_SCRIPT = `
const [cliDir, dir, action] = process.argv.slice(1);
const cli = require('node:module').createRequire(cliDir + '/node_modules/@rocket.chat/apps-cli/package.json');
const si = cli('systeminformation');
const Conf = cli('conf');
(async () => {
  const [s, c, m, o] = [await si.system(), await si.cpu(), await si.mem(), await si.osInfo()];
  const encryptionKey = s.manufacturer + ';' + s.uuid + ';' + String(c.processors) + ';' + c.vendor + ';' + m.total + ';' + o.platform + ';' + o.release;
  const conf = new Conf({ projectName: 'chat.rocket.apps-cli', cwd: dir, encryptionKey });
  const before = conf.get('rcc');
  if (action === 'expire') conf.set('rcc.expiresAt', new Date(Date.now() - 60000));
  process.stdout.write(JSON.stringify({ rcc: before }));
})();
`;

/**
 * The CLI's token store (what it holds; with "expire", its access token dated expired afterwards), read in a
 * process of its own as the CLI itself reads it.
 */
export async function cliTokenStore(m: CliMachine, action?: 'expire'): Promise<StoredToken | undefined> {
  const dir = join(m.home, '.config', 'chat.rocket.apps-cli-nodejs');
  const { stdout } = await run(process.execPath, ['-e', STORE_SCRIPT, m.cliDir, dir, action ?? 'read'], { env: cliEnv(m) });
  return (JSON.parse(stdout) as { rcc?: StoredToken }).rcc;
}

/** A port the operating system has just handed out as free (the CLI's callback listens there). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
