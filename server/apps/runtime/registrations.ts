import type { RuntimeAdds } from '../../../contract/schemas/runtime';
import type { Recorder } from './bridges';

type Obj = Record<string, unknown>;
type Manager = Obj;
type App = { getID(): string; getStorageItem(): Obj };

/** An app's own words are bounded in the report: at most this many characters each… */
export const MAX_TEXT = 300;
/** …and this many of each kind of thing it registers. */
export const MAX_ITEMS = 100;
const str = (v: unknown) => (typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v)).slice(0, MAX_TEXT);
const capped = <T>(xs: T[]): T[] => xs.slice(0, MAX_ITEMS);
const values = (m: unknown): unknown[] => (m instanceof Map ? [...m.values()] : m && typeof m === 'object' ? Object.values(m) : []);
const call = (o: unknown, method: string, ...args: unknown[]): unknown => {
  const fn = (o as Obj | undefined)?.[method];
  return typeof fn === 'function' ? (fn as (...a: unknown[]) => unknown).apply(o, args) : undefined;
};

/** ApiVisibility / ApiSecurity are enums of numbers in the engine. */
const visibility = (v: unknown) => (v === 1 || v === 'PRIVATE' ? 'private' : 'public') as 'public' | 'private';
const security = (v: unknown) => (v === 1 || v === 'SECURE' ? 'secure' : 'unsecure') as 'secure' | 'unsecure';

/**
 * What a started app registered, read where Apps-Engine keeps it: the settings in its storage item, slash commands
 * and API endpoints as the bridges received them, action buttons, external components, processors and
 * video-conference providers in the engine's managers, the event interfaces it implements as the engine parsed them.
 */
export async function describeAdds(manager: Manager, app: App, rec: Recorder): Promise<RuntimeAdds> {
  const id = app.getID();
  const item = app.getStorageItem();
  const settings = values(item.settings).map((s) => {
    const o = s as Obj;
    return { id: str(o.id), type: str(o.type), required: o.required === true, public: o.public === true, label: str(o.i18nLabel) };
  });
  const buttons = values(call(call(manager, 'getUIActionButtonManager'), 'getAppActionButtons', id)).map((b) => {
    const o = b as Obj;
    return { actionId: str(o.actionId), context: str(o.context), label: str(o.labelI18n) };
  });
  const components = values(call(call(call(manager, 'getExternalComponentManager'), 'getRegisteredExternalComponents'), 'get', id)).map((c) => {
    const o = c as Obj;
    return { name: str(o.name), location: str(o.location) };
  });
  const scheduler = call(manager, 'getSchedulerManager') as Obj | undefined;
  const processors = values((scheduler?.registeredProcessors as Map<string, unknown> | undefined)?.get(id)).map((p) => {
    const o = p as Obj;
    const startup = o.startupSetting as Obj | undefined;
    return { id: str(o.id), startupSetting: startup ? str(startup.type) : null };
  });
  const implemented = item.implemented as Obj | undefined;
  return {
    slashCommands: capped(rec.commands).map((c) => ({
      command: str(c.command),
      description: str(c.i18nDescription),
      params: str(c.i18nParamsExample),
      providesPreview: c.providesPreview === true,
    })),
    settings: capped(settings),
    apiEndpoints: capped(rec.apis).map((a) => {
      const vis = visibility(a.api?.visibility);
      const path = str(a.endpoint?.path);
      return {
        path,
        methods: capped(a.implementedMethods ?? []).map((m) => str(m).toUpperCase()),
        visibility: vis,
        security: security(a.api?.security),
        url: vis === 'public' ? `/api/apps/public/:appId/${path}` : `/api/apps/private/:appId/:hash/${path}`,
      };
    }),
    actionButtons: capped(buttons),
    externalComponents: capped(components),
    processors: capped(processors),
    videoConfProviders: capped(rec.videoConfProviders).map(str),
    events: capped(implemented ? Object.keys(implemented).filter((k) => implemented[k] === true) : []).map(str),
  };
}
