import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { emptyAdds, type RuntimeError, type RuntimeReport } from '../../../contract/schemas/runtime';
import { newRecorder, reviewBridges } from './bridges';
import { engineOf, engineVersionFor, networkIsolation, engineRoot, type DenoSetup, type EngineKey } from './engines';
import { describeAdds } from './registrations';
import { memoryStorages } from './storage';

const require = createRequire(import.meta.url);

export type ProbeInput = {
  /** The compiled package, as a workspace would install it. */
  zip: Buffer;
  engine: EngineKey;
  /** The prepared Deno runtime (engines.ts), required for the Deno engine. */
  deno: DenoSetup | null;
  /** app.json's requiredApiVersion. */
  requiredApiVersion: string;
  /**
   * app.json's permissions, granted as a workspace administrator grants them at install (Rocket.Chat passes them as
   * `permissionsGranted`); undefined when app.json declares none (the app then has Apps-Engine's defaults).
   */
  permissions?: { name: string }[];
  /** The bundled main file's name inside the package (how the app's own stack frames are named). */
  mainFile: string;
  /** A folder of the run's own (the sandbox removes it), where Deno writes its permission audit; null: no audit. */
  workDir: string | null;
  /** The app's heap limit inside Deno, in MB. */
  memoryMb: number;
  /** How long one call into the app may take, in ms (Apps-Engine's own request timeout). */
  callTimeoutMs: number;
};

type Engine = { root: string; load: <T>(path: string) => T };
const engineModules = (key: EngineKey): Engine => {
  const root = engineRoot(key);
  return { root, load: <T>(path: string) => require(join(root, path)) as T };
};

type Obj = Record<string, unknown>;
type Manager = {
  load(): Promise<unknown>;
  add(zip: Buffer, params: Obj): Promise<{ getApp(): App | undefined; getAppInfo(): Obj | undefined }>;
  getOneById(id: string): App | undefined;
  getRuntime?(): { runtimeFactory?: unknown };
  [k: string]: unknown;
};
type App = { getID(): string; getStatus(): Promise<string> | string; getStorageItem(): Obj; getDenoRuntime?(): { stopApp(): Promise<void> } };

/**
 * The frames of a stack inside the app's own code, innermost first, named by its main file: Deno's runtime runs it
 * through `new Function` (frames `… <anonymous>:line:col`, `offset` lines of its wrapper before the app's first),
 * Node's `vm` as `evalmachine.<anonymous>` or the file name Apps-Engine gives it. Frames of the engine are left out.
 */
export function appFrames(stack: unknown, file: string, offset = 0): string[] {
  if (typeof stack !== 'string') return [];
  const out: string[] = [];
  for (const raw of stack.split('\n')) {
    const line = raw.trim();
    if (!line.startsWith('at ')) continue;
    const m = /^at (?:(.*?) \()?(?:eval at wrapAppCode .*?, )?(<anonymous>|evalmachine\.<anonymous>|App_[^:()]*\.js):(\d+):(\d+)\)?$/.exec(line);
    if (!m) continue;
    const at = Number(m[3]) - (m[2] === '<anonymous>' ? offset : 0);
    if (at < 1) continue;
    out.push(`at ${m[1] ? `${m[1]} (${file}:${at}:${m[4]})` : `${file}:${at}:${m[4]}`}`);
    if (out.length === 10) break;
  }
  return out;
}

/** An error as the report keeps it: its message and the app's frames, never a path of this server. */
export function runtimeError(during: string, e: unknown, file: string, offset = 0): RuntimeError {
  const err = e as { message?: unknown; stack?: unknown; data?: { stack?: unknown; message?: unknown } } | undefined;
  const message = String(err?.data?.message ?? err?.message ?? e ?? 'Unknown error').replace(
    /(file:\/\/)?\/[^\s'"()]*\/(node_modules|server|tmp)\/[^\s'"()]*/g,
    '…',
  );
  return { during, message: message.slice(0, 2000), frames: appFrames(err?.data?.stack ?? err?.stack, file, offset) };
}

/**
 * Starts a compiled package in Apps-Engine as a workspace would (AppManager.add with `enable`): parsed,
 * constructed in the engine's runtime, initialised, enabled; then reads what it registered. Runs inside the
 * runtime sandbox's process (sandbox.ts), never the portal's.
 */
export async function probe(input: ProbeInput): Promise<RuntimeReport> {
  const engine = engineModules(input.engine);
  const rec = newRecorder();
  const errors: RuntimeError[] = [];
  const timings = new Map<string, number>();
  const permissions = new Map<string, { permission: string; call: string; granted: boolean }>();

  const { AppPermissionManager } = engine.load<{ AppPermissionManager: { hasPermission: (appId: string, p: { name: string }) => unknown } }>(
    'server/managers/AppPermissionManager.js',
  );
  const hasPermission = AppPermissionManager.hasPermission.bind(AppPermissionManager);
  AppPermissionManager.hasPermission = (appId, p) => {
    const granted = hasPermission(appId, p);
    const key = `${p.name}|${rec.currentCall}`;
    if (!permissions.has(key)) permissions.set(key, { permission: p.name, call: rec.currentCall || 'the app', granted: granted !== undefined });
    return granted;
  };

  const { AppManager } = engine.load<{ AppManager: new (deps: Obj) => Manager }>('server/AppManager.js');
  const bridges = reviewBridges(engine.load('server/bridges/index.js'), rec);
  const manager = new AppManager({ ...memoryStorages(engine.load), bridges });
  // The parser reads its own version from the package.json two folders up — the portal's, in this install.
  // An app that asks for a newer engine than the one here is started as if it were that one.
  const parser = (manager.getParser as () => Obj)();
  parser.appsEngineVersion = engineVersionFor(input.engine, input.requiredApiVersion);
  const track = tracker(errors, timings, input.mainFile, input.engine === 'deno' ? wrapperLines(engine) : 0);
  // Deno writes every permission it checks here (DENO_AUDIT_PERMISSIONS): an app's own `fetch`, refused, is found in it.
  const audit = input.engine === 'deno' && input.workDir ? join(input.workDir, 'permissions.jsonl') : null;
  if (input.engine === 'deno') installDenoRuntime(manager, engine, input, track, audit);
  else trackNodeRuntime(engine, track);
  await manager.load();

  let app: App | undefined;
  const started = performance.now();
  try {
    const aff = await manager.add(input.zip, { enable: true, permissionsGranted: input.permissions, user: { id: 'review', username: 'review' } });
    app = aff.getApp();
  } catch (e) {
    if (!errors.length) errors.push(runtimeError('constructing the app', e, input.mainFile));
  }
  const startMs = Math.round(performance.now() - started);
  // 1.42's getStatus answers at once, 1.53's asks the Deno subprocess.
  const status = app ? await Promise.resolve(app.getStatus()).catch(() => 'unknown') : 'unknown';
  const enabled = /enabled$/.test(status) && !/disabled$/.test(status);
  const initialized = enabled || status === 'initialized' || timings.has('initialize');
  const adds = app ? await describeAdds(manager, app, rec) : emptyAdds();
  const declared = declaredPermissions(engine, input.permissions);
  await stop(manager, app);
  for (const reached of audit ? networkReached(audit) : []) {
    rec.http.push({ method: 'fetch', url: reached });
    // Rocket.Chat lets the Deno process reach the network only when app.json declares networking (or nothing).
    const key = `networking|fetch()`;
    if (!permissions.has(key)) permissions.set(key, { permission: 'networking', call: 'fetch()', granted: declared.includes('networking') });
  }
  return {
    engine: engineOf(input.engine),
    outcome: enabled && !errors.length ? 'started' : 'failed',
    initialized: initialized && !errors.some((e) => e.during === DURING.construct || e.during === DURING.initialize),
    enabled: enabled && !errors.length,
    startMs,
    initializeMs: timings.get('initialize') ?? null,
    enableMs: timings.get('onEnable') ?? null,
    error: errors[0] ?? (enabled ? null : { during: 'enabling the app', message: `The app did not enable itself (status ${status}).`, frames: [] }),
    adds,
    http: rec.http.slice(0, 50).map((h) => ({ method: h.method.slice(0, 20), url: h.url.slice(0, 2000) })),
    permissions: [...permissions.values()].slice(0, 100),
    declaredPermissions: declared,
    olderEngine: null,
  };
}

/** app.json's permissions, or the defaults Apps-Engine grants an app that declares none. */
function declaredPermissions(engine: Engine, declared: { name: string }[] | undefined): string[] {
  if (declared) return declared.map((p) => p.name);
  const { defaultPermissions } = engine.load<{ defaultPermissions: { name: string }[] }>('server/permissions/AppPermissions.js');
  return defaultPermissions.map((p) => p.name);
}

/**
 * Ends the app's runtime. A Deno subprocess is first asked to end on its own (its input closed: its message loop
 * ends), so that it writes out its permission audit; one that does not within a second is killed.
 */
async function stop(manager: Manager, app: App | undefined) {
  if (!app) return;
  const runtime = app.getDenoRuntime?.() as { stopApp(): Promise<void>; deno?: ChildProcess } | undefined;
  const proc = runtime?.deno;
  if (proc && proc.exitCode === null) {
    const exited = new Promise((resolve) => proc.once('exit', resolve));
    proc.stdin?.end();
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 1000))]);
  }
  await runtime?.stopApp().catch(() => undefined);
}

/**
 * What the app tried to reach on its own (not through Apps-Engine's HTTP accessor), from Deno's permission audit:
 * the addresses of its `fetch` calls, and `host:port` of other connections a `fetch` does not account for.
 */
export function networkReached(auditFile: string): string[] {
  let lines: string[];
  try {
    lines = readFileSync(auditFile, 'utf8').split('\n').filter(Boolean);
  } catch {
    return [];
  }
  const values: string[] = [];
  for (const line of lines) {
    try {
      const entry = JSON.parse(line) as { permission?: unknown; value?: unknown };
      if (entry.permission === 'net' && typeof entry.value === 'string') values.push(entry.value);
    } catch {
      // A line cut short (the process was killed while writing): the others still count.
    }
  }
  const urls = values.filter((v) => v.includes('://'));
  const hostOf = (u: string) => {
    try {
      const url = new URL(u);
      return `${url.hostname}:${url.port || (url.protocol === 'https:' ? '443' : '80')}`;
    } catch {
      return u;
    }
  };
  const covered = new Set(urls.map(hostOf));
  return [...new Set([...urls, ...values.filter((v) => !v.includes('://') && !covered.has(v))])].slice(0, 50);
}

/** How many lines Deno's runtime puts before an app's code (deno-runtime/handlers/app/construct.ts, wrapAppCode). */
function wrapperLines(engine: Engine): number {
  try {
    const source = readFileSync(join(engine.root, 'deno-runtime/handlers/app/construct.ts'), 'utf8');
    const template = /function wrapAppCode[\s\S]*?'require',\s*`([\s\S]*?)\$\{code\}/.exec(source)?.[1];
    // `new Function` adds two lines of its own (`function anonymous(require`, `) {`).
    return template === undefined ? 0 : template.split('\n').length - 1 + 2;
  } catch {
    return 0;
  }
}

/** The app's lifecycle calls, by Apps-Engine's method name, as a report names where an error happened. */
const DURING: Record<string, string> = { construct: 'constructing the app', initialize: 'initialize()', onEnable: 'onEnable()', onInstall: 'onInstall()' };

type Track = <T>(method: string, call: () => Promise<T>) => Promise<T>;

/** Times each lifecycle call into the app and keeps its error (both runtimes log and swallow them). */
const tracker =
  (errors: RuntimeError[], timings: Map<string, number>, file: string, offset: number): Track =>
  async (method, call) => {
    const started = performance.now();
    try {
      const result = await call();
      if (method in DURING) timings.set(method, Math.round(performance.now() - started));
      return result;
    } catch (e) {
      if (method in DURING) errors.push(runtimeError(DURING[method]!, e, file, offset));
      throw e;
    }
  };

/** Apps-Engine 1.42 runs every call into the app through its runtime's runInSandbox (`app.<method>.apply`). */
function trackNodeRuntime(engine: Engine, track: Track) {
  // Its default is vm2 (deprecated, with open escapes); Rocket.Chat's other choice is Node's own vm.
  process.env.ROCKETCHAT_APPS_ENGINE_RUNTIME = 'node';
  // What Rocket.Chat's (CommonJS) server had and this process does not: the global `require` 1.42's custom require
  // resolves the engine's own modules with (server/runtime/require.js), and a `module` for runInSandbox's
  // `module.exports = app.<method>.apply(app, args)`.
  (globalThis as Obj).require = createRequire(join(engine.root, 'server/runtime/require.js'));
  const { AppsEngineNodeRuntime: Runtime } = engine.load<{ AppsEngineNodeRuntime: { defaultContext: Obj } }>('server/runtime/AppsEngineNodeRuntime.js');
  Runtime.defaultContext.module = { exports: {} };
  const { AppsEngineNodeRuntime } = engine.load<{
    AppsEngineNodeRuntime: { prototype: { runInSandbox: (code: string, ...rest: unknown[]) => Promise<unknown> } };
  }>('server/runtime/AppsEngineNodeRuntime.js');
  const run = AppsEngineNodeRuntime.prototype.runInSandbox;
  AppsEngineNodeRuntime.prototype.runInSandbox = function (code, ...rest) {
    const method = /app\.(\w+)\.apply/.exec(code)?.[1] ?? 'construct';
    return track(method, () => run.call(this, code, ...rest));
  };
}

type Controller = {
  deno?: ReturnType<typeof spawn>;
  spawnId: number;
  appPackage: { info: { id: string } };
  messenger: { setReceiver(p: unknown): void };
  livenessManager: { attach(p: unknown): void };
  setupListeners(): void;
  state: string;
  sendRequest(message: { method: string; params?: unknown[] }, options?: unknown): Promise<unknown>;
};

/**
 * Apps-Engine's Deno runtime, spawned as AppsEngineDenoRuntime.spawnProcess does but with the import map prepared at
 * install, --cached-only (nothing is downloaded), no network permission whatever the app declares (its HTTP goes
 * through the recording bridge; `fetch` of its own is refused by Deno), a heap limit, and — where the platform
 * allows — a network namespace of its own. Every call into the app is timed and its error kept.
 */
function installDenoRuntime(manager: Manager, engine: Engine, input: ProbeInput, track: Track, audit: string | null) {
  const deno = input.deno;
  if (!deno) throw new Error('The Deno runtime is not prepared (npm run setup prepares it).');
  const mod = engine.load<{
    DenoRuntimeSubprocessController: new (...args: unknown[]) => Controller;
    ALLOWED_ENVIRONMENT_VARIABLES: string[];
    getDenoWrapperPath(): string;
  }>('server/runtime/deno/AppsEngineDenoRuntime.js');
  const { AppRuntimeManager } = engine.load<{ AppRuntimeManager: new (m: unknown, f: unknown) => unknown }>('server/managers/AppRuntimeManager.js');
  class ReviewController extends mod.DenoRuntimeSubprocessController {
    spawnProcess() {
      const wrapper = mod.getDenoWrapperPath();
      const args = [
        'run',
        '--cached-only',
        '--no-prompt',
        `--config=${deno!.config}`,
        `--allow-read=${engine.root}`,
        `--allow-env=${mod.ALLOWED_ENVIRONMENT_VARIABLES.join(',')}`,
        `--v8-flags=--max-old-space-size=${input.memoryMb}`,
        wrapper,
        '--subprocess',
        this.appPackage.info.id,
        '--spawnId',
        String(this.spawnId++),
      ];
      const unshare = networkIsolation();
      const [cmd, argv] = unshare ? [unshare, ['-rn', '--', deno!.binary, ...args]] : [deno!.binary, args];
      const env: Record<string, string> = { DENO_DIR: deno!.denoDir, NO_COLOR: '1', PATH: '' };
      if (audit) env.DENO_AUDIT_PERMISSIONS = audit;
      this.deno = spawn(cmd as string, argv as string[], { env });
      this.messenger.setReceiver(this.deno);
      this.livenessManager.attach(this.deno);
      this.setupListeners();
    }
    override async sendRequest(message: { method: string; params?: unknown[] }, options?: unknown) {
      return track(message.method.replace(/^app:/, ''), () => super.sendRequest(message, { timeout: input.callTimeoutMs, ...(options as object) }));
    }
  }
  (manager as Obj).runtime = new AppRuntimeManager(manager, (m: unknown, pkg: unknown, item: unknown) => new ReviewController(m, pkg, item));
}
