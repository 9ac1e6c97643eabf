import { generateKeyPairSync } from 'node:crypto';

/**
 * The host side of Apps-Engine for a review run (docs/packages-and-review.md, Runtime evidence): every bridge
 * Rocket.Chat implements (apps/meteor/app/apps/server/bridges/ in RocketChat/Rocket.Chat), here in memory and
 * recording. Registrations are kept (commands, endpoints, processors, video-conference providers), outgoing HTTP
 * is recorded and refused, the app's persistence is a map, and every other call — reading a room, sending a
 * message — answers nothing, as an empty workspace would: the app starts without reaching anything real.
 *
 * Each bridge extends the engine's own abstract class (server/bridges/*.js), so the engine's permission checks
 * (`doX` → AppPermissionManager.hasPermission) run exactly as in Rocket.Chat; `doX` is wrapped to name the call
 * a permission check was made for.
 */

type Ctor = new (...args: never[]) => object;
type Fn = (...args: unknown[]) => unknown;

export type HttpCall = { method: string; url: string };
export type Recorder = {
  commands: { command: string; i18nDescription?: string; i18nParamsExample?: string; providesPreview?: boolean }[];
  apis: { api?: { visibility?: number; security?: number }; endpoint?: { path?: string }; computedPath?: string; implementedMethods?: string[] }[];
  videoConfProviders: string[];
  http: HttpCall[];
  /** The bridge call under way (`HttpBridge.call`), read by the permission manager's wrapper. */
  currentCall: string;
  /** Calls answered with nothing (the review workspace is empty), by name. */
  unanswered: Set<string>;
};

export const newRecorder = (): Recorder => ({ commands: [], apis: [], videoConfProviders: [], http: [], currentCall: '', unanswered: new Set() });

/** The engine's bridge classes, by the names AppBridges' getters use (getHttpBridge → HttpBridge). */
const BRIDGES = [
  'CommandBridge',
  'ContactBridge',
  'ApiBridge',
  'AppDetailChangesBridge',
  'EnvironmentalVariableBridge',
  'HttpBridge',
  'ListenerBridge',
  'LivechatBridge',
  'MessageBridge',
  'PersistenceBridge',
  'AppActivationBridge',
  'RoomBridge',
  'InternalBridge',
  'InternalFederationBridge',
  'ServerSettingBridge',
  'UploadBridge',
  'EmailBridge',
  'UserBridge',
  'UiInteractionBridge',
  'SchedulerBridge',
  'CloudWorkspaceBridge',
  'VideoConferenceBridge',
  'OAuthAppsBridge',
  'ModerationBridge',
  'ThreadBridge',
  'RoleBridge',
] as const;

/** The site a started app sees as its workspace's (no request to it is ever sent). */
export const REVIEW_SITE_URL = 'https://workspace.invalid';

let keys: { privateKey: string; publicKey: string } | undefined;
const runKeys = () =>
  (keys ??= generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  }));

/** What the in-memory bridges answer instead of nothing, by bridge. */
function overrides(rec: Recorder): Partial<Record<(typeof BRIDGES)[number], Record<string, Fn>>> {
  const store = new Map<string, { data: unknown; associations: unknown[] }>();
  let nextId = 0;
  let appUser: Record<string, unknown> | undefined;
  return {
    CommandBridge: {
      doesCommandExist: () => false,
      registerCommand: (command) => void rec.commands.push(command as Recorder['commands'][number]),
    },
    ApiBridge: { registerApi: (api) => void rec.apis.push(api as Recorder['apis'][number]) },
    VideoConferenceBridge: { registerProvider: (info) => void rec.videoConfProviders.push(String((info as { name?: unknown }).name ?? '')) },
    SchedulerBridge: { registerProcessors: () => [] },
    HttpBridge: {
      call: (info) => {
        const { method, url } = info as { method?: unknown; url?: unknown };
        rec.http.push({ method: String(method ?? 'GET').toUpperCase(), url: String(url ?? '') });
        throw new Error('The review sandbox sends no request: this one was recorded and refused.');
      },
    },
    PersistenceBridge: {
      create: (data, appId) => {
        const id = `${String(appId)}-${++nextId}`;
        store.set(id, { data, associations: [] });
        return id;
      },
      createWithAssociations: (data, associations) => {
        const id = `record-${++nextId}`;
        store.set(id, { data, associations: associations as unknown[] });
        return id;
      },
      readById: (id) => store.get(String(id))?.data,
      readByAssociations: (associations) => {
        const want = JSON.stringify(associations);
        return [...store.values()].filter((r) => JSON.stringify(r.associations) === want).map((r) => r.data);
      },
      update: (id, data) => {
        store.set(String(id), { data, associations: store.get(String(id))?.associations ?? [] });
        return id;
      },
      updateByAssociations: (associations, data) => {
        const id = `record-${++nextId}`;
        store.set(id, { data, associations: associations as unknown[] });
        return id;
      },
      remove: (id) => {
        const r = store.get(String(id));
        store.delete(String(id));
        return r?.data;
      },
      removeByAssociations: () => [],
      purge: () => store.clear(),
    },
    UserBridge: {
      getAppUser: () => appUser,
      create: (data) => {
        appUser = { ...(data as object), id: 'review-app-user' };
        return 'review-app-user';
      },
      remove: () => true,
    },
    ServerSettingBridge: {
      getOneById: (id) => (id === 'Site_Url' ? { id, value: REVIEW_SITE_URL, packageValue: REVIEW_SITE_URL } : undefined),
      getAll: () => [],
      isReadableById: () => true,
    },
    EnvironmentalVariableBridge: { getValueByName: () => undefined, isReadable: () => false, isSet: () => false },
    // Apps-Engine signs the installed app's record with the workspace's key (AppSignatureManager): a key of the run's own.
    InternalFederationBridge: { getPrivateKey: () => runKeys().privateKey, getPublicKey: () => runKeys().publicKey },
    InternalBridge: { getUsernamesOfRoomById: () => [], getUsernamesOfRoomByIdSync: () => [], getWorkspacePublicKey: () => '' },
  };
}

/** A bridge: the engine's class with the overrides, any other call recorded and answered with nothing. */
function bridge(name: string, Base: Ctor, own: Record<string, Fn> | undefined, rec: Recorder): object {
  const Sub = class extends Base {};
  for (const [method, fn] of Object.entries(own ?? {})) Object.defineProperty(Sub.prototype, method, { value: fn, writable: true });
  const instance = new Sub();
  return new Proxy(instance, {
    get(target, prop, receiver) {
      const value: unknown = Reflect.get(target, prop, receiver);
      if (typeof prop !== 'string' || prop === 'then' || prop === 'constructor') return value;
      if (typeof value === 'function') {
        if (!prop.startsWith('do')) return value;
        // The engine's permission-checking entry point: the call it checks for is named while it runs.
        return function (this: unknown, ...args: unknown[]) {
          const before = rec.currentCall;
          rec.currentCall = `${name}.${prop.slice(2, 3).toLowerCase()}${prop.slice(3)}`;
          try {
            return (value as Fn).apply(receiver, args);
          } finally {
            rec.currentCall = before;
          }
        };
      }
      if (value !== undefined) return value;
      return () => {
        rec.unanswered.add(`${name}.${prop}`);
        return undefined;
      };
    },
  });
}

/** The AppBridges of one run, over the engine's bridge classes (`require('<engine>/server/bridges')`). */
export function reviewBridges(engine: Record<string, unknown>, rec: Recorder): object {
  const own = overrides(rec);
  const made = new Map<string, object>();
  const AppBridges = engine.AppBridges as Ctor;
  const Bridges = class extends AppBridges {};
  for (const name of BRIDGES) {
    const Base = (engine[name] as Ctor | undefined) ?? class {};
    Object.defineProperty(Bridges.prototype, `get${name}`, {
      value: () => {
        if (!made.has(name)) made.set(name, bridge(name, Base, own[name], rec));
        return made.get(name);
      },
    });
  }
  return new Bridges();
}
