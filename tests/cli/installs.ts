// npm installs the CLI test needs, made once and kept under the repository's .tmp/ (git ignores it): Rocket.Chat's
// Apps CLI (tests/cli/apps-cli, 143 MB, ~20 s) and the devDependencies the fixture app is compiled with
// (tests/fixtures/apps/apps-cli-fixture). Each is pinned by a committed package-lock.json and cached under a
// name made of the lock file's hash, so a changed lock installs afresh and an unchanged one is reused.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

const CACHE = resolve('.tmp/tests-cli');

/**
 * The folder holding `node_modules` for the package.json and package-lock.json in `spec` (installed now unless
 * an earlier run did). Installed beside the cache and renamed into place when complete, so a run that stopped
 * half-way leaves nothing that looks finished, and two runs installing at once both end with one good copy.
 */
export async function installed(spec: string): Promise<string> {
  const lock = readFileSync(join(spec, 'package-lock.json'));
  const name = `${JSON.parse(lock.toString()).name}-${createHash('sha256')
    .update(lock)
    .update(readFileSync(join(spec, 'package.json')))
    .digest('hex')
    .slice(0, 12)}`;
  const done = join(CACHE, name);
  if (existsSync(join(done, 'node_modules'))) return done;
  const partial = join(CACHE, `.${name}.${process.pid}.${randomBytes(3).toString('hex')}`);
  const scratch = `${partial}.tmp`; // npm's temporary files (its compile cache among them), gone afterwards
  mkdirSync(partial, { recursive: true });
  mkdirSync(scratch, { recursive: true });
  try {
    for (const file of ['package.json', 'package-lock.json']) copyFileSync(join(spec, file), join(partial, file));
    await npmCi(partial, scratch);
    try {
      renameSync(partial, done);
    } catch (error) {
      if (!existsSync(join(done, 'node_modules'))) throw error; // another run finished first: use its copy
    }
    return done;
  } finally {
    rmSync(partial, { recursive: true, force: true });
    rmSync(scratch, { recursive: true, force: true });
  }
}

function npmCi(cwd: string, tmp: string): Promise<void> {
  // The npm settings of the `npm test` that started us (npm_config_*) are not this install's.
  const env = { ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k))), TMPDIR: tmp };
  const child = spawn('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  return new Promise((done, fail) => {
    child.once('error', fail);
    child.once('close', (code) => (code === 0 ? done() : fail(new Error(`npm ci in ${cwd} failed (${code}):\n${output}`))));
  });
}
