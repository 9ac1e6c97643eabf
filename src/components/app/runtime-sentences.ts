// A version's run in Apps-Engine (contract/schemas/runtime.ts) in words: what the runtime evidence shows reviewers and
// publishers, and the short list a workspace administrator reads in the listing's preview. Pure: no React.
import type { RuntimeAdds, RuntimeError, RuntimeReport } from '../../../contract/schemas/runtime';
import { eventWords } from './runtime-events';

type Adds = RuntimeAdds;
type Command = Adds['slashCommands'][number];
type Setting = Adds['settings'][number];
type Endpoint = Adds['apiEndpoints'][number];
type Button = Adds['actionButtons'][number];
type Processor = Adds['processors'][number];

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const list = (items: readonly string[]) => (items.length > 1 ? `${items.slice(0, -1).join(', ')} and ${items.at(-1)}` : (items[0] ?? ''));

/** "1.53" of "1.53.0". */
const majorMinor = (version: string) => version.split('.').slice(0, 2).join('.');

/** "Apps-Engine 1.53 (Deno)". */
export const engineName = (engine: RuntimeReport['engine']) => `Apps-Engine ${majorMinor(engine.version)} (${engine.runtime === 'deno' ? 'Deno' : 'Node'})`;

/** "180 ms" under a second, else seconds with one decimal: "1.8 s". */
export const duration = (ms: number) => (ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`);

/** Whether the run ended well (started), stopped by a limit, or failed: what the headline's colour repeats. */
export const outcomeTone = (outcome: RuntimeReport['outcome']) => (outcome === 'started' ? 'good' : outcome === 'failed' ? 'bad' : 'stopped');

/** The one sentence a report comes down to. */
export function headline(r: Pick<RuntimeReport, 'engine' | 'outcome' | 'startMs'>): string {
  const engine = engineName(r.engine);
  switch (r.outcome) {
    case 'started':
      return `Starts in ${engine} in ${duration(r.startMs)}`;
    case 'failed':
      return `Does not start in ${engine}`;
    case 'timeout':
      return `Did not finish starting in ${engine}: stopped at the time limit${r.startMs > 0 ? `, after ${duration(r.startMs)}` : ''}`;
    case 'out-of-memory':
      return `Ran out of memory while starting in ${engine}: stopped at the memory limit`;
  }
}

/**
 * How it started in the engine before Deno that its requiredApiVersion also admits (Apps-Engine 1.42, Node):
 * "Also starts in …", or the headline of its failure and that the range admits that engine.
 */
export function olderHeadline(o: NonNullable<RuntimeReport['olderEngine']>): string {
  if (o.outcome === 'started') return `Also starts in ${engineName(o.engine)} in ${duration(o.startMs)}`;
  return `${headline(o)} — which its requiredApiVersion admits`;
}

/** How "where" reads before the place: "In" a lifecycle call (initialize()), "While" a step (constructing the app). */
export const whereLead = (during: string) => (/\(\)$/.test(during) ? 'In' : 'While');
/** Where a start failed: "In initialize()", "While constructing the app". */
export const failedWhere = (e: Pick<RuntimeError, 'during'>) => `${whereLead(e.during)} ${e.during}`;

/** How long the app's own lifecycle calls took: "initialize() took 120 ms · onEnable() took 30 ms" (empty when unknown). */
export function lifecycleTimes(r: Pick<RuntimeReport, 'initializeMs' | 'enableMs'>): string {
  return [r.initializeMs !== null && `initialize() took ${duration(r.initializeMs)}`, r.enableMs !== null && `onEnable() took ${duration(r.enableMs)}`]
    .filter(Boolean)
    .join(' · ');
}

/** "/poll" (Apps-Engine keeps the command without its slash). */
export const commandName = (c: Pick<Command, 'command'>) => `/${c.command.replace(/^\//, '')}`;

/** "required", "public": a setting's flags in words (none when neither). */
export const settingFlags = (s: Pick<Setting, 'required' | 'public'>) => [s.required && 'required', s.public && 'public'].filter((x): x is string => !!x);

/** Where a workspace serves an endpoint, the app's id in place of `:appId` when it is known. */
export const endpointUrl = (e: Pick<Endpoint, 'url'>, appId?: string) => (appId ? e.url.replace(':appId', appId) : e.url);

/** "POST /api/apps/public/<app id>/vote"; several methods "GET, POST …"; none said, the address alone. */
export const endpointLine = (e: Pick<Endpoint, 'url' | 'methods'>, appId?: string) => [e.methods.join(', '), endpointUrl(e, appId)].filter(Boolean).join(' ');

/** Who may call an endpoint, in words. */
export const endpointAccess = (e: Pick<Endpoint, 'visibility' | 'security'>) => [
  e.visibility === 'public' ? 'public address' : 'private address (with a secret hash)',
  e.security === 'secure' ? 'needs a signed-in user' : 'no sign-in needed',
];

/** Apps-Engine's UIActionButtonContext values in words. */
const BUTTON_CONTEXTS: Record<string, string> = {
  messageAction: 'message action',
  roomAction: 'room action',
  messageBoxAction: 'message composer action',
  userDropdownAction: 'user menu item',
  roomSidebarAction: 'room sidebar action',
};
export const buttonContext = (context: string) => BUTTON_CONTEXTS[context] ?? context;
/** A button as its label names it, else by its action id. */
export const buttonName = (b: Pick<Button, 'label' | 'actionId'>) => b.label || b.actionId;

/** Apps-Engine's ExternalComponentLocation values in words. */
const COMPONENT_LOCATIONS: Record<string, string> = { CONTEXTUAL_BAR: 'contextual bar', MODAL: 'modal' };
export const componentLocation = (location: string) => COMPONENT_LOCATIONS[location] ?? location;

/** When a processor runs on its own: at start, once or again and again; else only when the app schedules it. */
export const processorWhen = (p: Pick<Processor, 'startupSetting'>) =>
  p.startupSetting === null
    ? 'runs when the app schedules it'
    : p.startupSetting === 'recurring'
      ? 'starts with the app, and recurs'
      : p.startupSetting === 'onetime'
        ? 'runs once when the app starts'
        : `starts with the app (${p.startupSetting})`;

export { eventWords };

/** Whether a started app adds nothing a workspace can see. */
export const addsNothing = (a: Adds) =>
  a.slashCommands.length +
    a.settings.length +
    a.apiEndpoints.length +
    a.actionButtons.length +
    a.externalComponents.length +
    a.processors.length +
    a.videoConfProviders.length +
    a.events.length ===
  0;

/**
 * What an app adds to a workspace, one sentence a kind, as a workspace administrator reads it in the listing's
 * preview: no timings, no errors, no internals.
 */
export function workspaceAdds(a: Adds, appId?: string): string[] {
  return [
    ...a.slashCommands.map((c) => `Slash command ${commandName(c)}${c.description ? `: ${c.description}` : ''}`),
    a.settings.length > 0 && `${plural(a.settings.length, 'setting')} for administrators: ${list(a.settings.map((s) => s.id))}`,
    ...a.apiEndpoints.map((e) => `An API endpoint at ${endpointLine(e, appId)}`),
    ...a.actionButtons.map((b) => `A ${buttonContext(b.context)} button: ${buttonName(b)}`),
    ...a.externalComponents.map((c) => `A ${componentLocation(c.location)}: ${c.name}`),
    a.processors.length > 0 && `${plural(a.processors.length, 'background job')}: ${list(a.processors.map((p) => p.id))}`,
    ...a.videoConfProviders.map((p) => `A video conference provider: ${p}`),
    a.events.length > 0 && `Acts on: ${list(a.events.map(eventWords))}`,
  ].filter((x): x is string => typeof x === 'string');
}

/** "GET https://…": a request the app asked for. */
export const httpTarget = (h: RuntimeReport['http'][number]) => `${h.method} ${h.url}`;
/** "Tried to reach: GET https://…" — every attempt was recorded and refused. */
export const httpLine = (h: RuntimeReport['http'][number]) => `${runtimeText.tried} ${httpTarget(h)}`;

export type PermissionUse =
  | { permission: string; state: 'used' | 'unused'; calls: string[] }
  /** Exercised but not granted: app.json does not declare it (a finding says so too). */
  | { permission: string; state: 'undeclared'; calls: string[] };

/**
 * The permissions as the run saw them: each declared one, used while starting or not (with the calls that used it),
 * then each one the app used without declaring it.
 */
export function permissionUses(r: Pick<RuntimeReport, 'permissions' | 'declaredPermissions'>): PermissionUse[] {
  const calls = (permission: string, granted: boolean) => [
    ...new Set(r.permissions.filter((p) => p.permission === permission && p.granted === granted).map((p) => p.call)),
  ];
  const declared = r.declaredPermissions.map((permission): PermissionUse => {
    const used = calls(permission, true);
    return { permission, state: used.length ? 'used' : 'unused', calls: used };
  });
  const undeclared = [...new Set(r.permissions.filter((p) => !p.granted).map((p) => p.permission))]
    .filter((p) => !r.declaredPermissions.includes(p))
    .map((permission): PermissionUse => ({ permission, state: 'undeclared', calls: calls(permission, false) }));
  return [...declared, ...undeclared];
}

/** The words of the runtime evidence. */
export const runtimeText = {
  sectionTitle: (version: string) => `How v${version} starts in Apps-Engine`,
  loading: 'Loading how the version starts…',
  /** Why a version has no report, by its compile's state (VersionRuntime.compile). */
  noReport: {
    none: 'Not started: nothing was compiled.',
    waiting: 'Not started yet — it starts after a successful compile.',
    failed: 'Not started: the package did not compile.',
    succeeded:
      'Not started in Apps-Engine: it was compiled before versions were started there, or while the runtime was unavailable (the publish checks say so then). Compiling it again starts it.',
  },
  where: 'Where',
  error: 'Error',
  frames: 'Stack frames in the app’s code',
  framesIn: (engine: string) => `Stack frames in the app’s code, in ${engine}`,
  noFrames: 'No frame of the app’s own code was given.',
  adds: 'What this app adds',
  addsNothing: 'Adds nothing a workspace can see.',
  groups: {
    slashCommands: 'Slash commands',
    settings: 'Settings',
    apiEndpoints: 'API endpoints',
    actionButtons: 'Buttons',
    externalComponents: 'Contextual bars and modals',
    processors: 'Scheduled processors',
    videoConfProviders: 'Video conference providers',
    events: 'Events it listens to',
  },
  groupTitle: (title: string, n: number) => `${title} (${n})`,
  params: 'Parameters:',
  preview: 'shows a preview',
  access: 'Network and permissions',
  network: 'Network',
  tried: 'Tried to reach:',
  noHttp: 'Tried to reach nothing while starting.',
  refused: '(refused: nothing was sent)',
  permissions: 'Permissions',
  noPermissions: 'Declares no permission.',
  permissionState: {
    used: 'used while starting',
    unused: 'not used while starting',
    undeclared: 'used without declaring it',
  },
  by: (calls: string[]) => `by ${list(calls)}`,
} as const;
