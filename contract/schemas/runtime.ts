import { z } from 'zod';

/**
 * What a version did when the portal started it in Rocket.Chat's own Apps-Engine (docs/packages-and-review.md,
 * Runtime evidence): whether it initialised and enabled, how long each took, and what it registered — the things
 * an Apps-Engine app declares in code (`extendConfiguration`, `implements`) rather than in app.json.
 */

/** Which runtime ran it: Apps-Engine 1.53's Deno subprocess (as current Rocket.Chat runs apps), or 1.42's Node `vm`. */
export const RuntimeEngine = z.object({ version: z.string(), runtime: z.enum(['deno', 'node']) });
export type RuntimeEngine = z.infer<typeof RuntimeEngine>;

export const SlashCommand = z.object({
  command: z.string(),
  description: z.string(),
  params: z.string(),
  providesPreview: z.boolean(),
});
export const RuntimeSetting = z.object({
  id: z.string(),
  type: z.string(),
  required: z.boolean(),
  public: z.boolean(),
  /** The i18n key (or text) the app gave as its label. */
  label: z.string(),
});
export const ApiEndpoint = z.object({
  path: z.string(),
  /** The methods the endpoint answers (the ones its class implements), upper case. */
  methods: z.array(z.string()),
  visibility: z.enum(['public', 'private']),
  security: z.enum(['unsecure', 'secure']),
  /** Where a workspace serves it, `:appId` standing for the app's id. */
  url: z.string(),
});
export const ActionButton = z.object({ actionId: z.string(), context: z.string(), label: z.string() });
export const ExternalComponent = z.object({ name: z.string(), location: z.string() });
export const Processor = z.object({ id: z.string(), startupSetting: z.string().nullable() });

/** An outgoing request the app asked for while starting: recorded, never sent. */
export const HttpAttempt = z.object({ method: z.string(), url: z.string() });

/** A permission Apps-Engine's permission manager was asked about while the app started. */
export const ExercisedPermission = z.object({
  permission: z.string(),
  /** What the app called (the bridge method, as Apps-Engine names it). */
  call: z.string(),
  granted: z.boolean(),
});

export const RuntimeError = z.object({
  /** Where it happened: constructing the app's class, `initialize`, `onEnable`… */
  during: z.string(),
  message: z.string(),
  /** The stack frames inside the app's own code (app.js), first the innermost; none when none were given. */
  frames: z.array(z.string()),
});
export type RuntimeError = z.infer<typeof RuntimeError>;

export const RuntimeAdds = z.object({
  slashCommands: z.array(SlashCommand),
  settings: z.array(RuntimeSetting),
  apiEndpoints: z.array(ApiEndpoint),
  actionButtons: z.array(ActionButton),
  externalComponents: z.array(ExternalComponent),
  processors: z.array(Processor),
  videoConfProviders: z.array(z.string()),
  /** The event interfaces the app implements (IPostMessageSent…), as Apps-Engine found them. */
  events: z.array(z.string()),
});
export type RuntimeAdds = z.infer<typeof RuntimeAdds>;

export const RuntimeReport = z.object({
  engine: RuntimeEngine,
  /** started: initialised and enabled; failed: it did not (see `error`); timeout / out-of-memory: stopped by a limit. */
  outcome: z.enum(['started', 'failed', 'timeout', 'out-of-memory']),
  initialized: z.boolean(),
  enabled: z.boolean(),
  /** Milliseconds from the package handed to the engine to the app enabled (or given up): what a workspace waits. */
  startMs: z.number().int(),
  /** Milliseconds the app's own initialize() and onEnable() took. */
  initializeMs: z.number().int().nullable(),
  enableMs: z.number().int().nullable(),
  error: RuntimeError.nullable(),
  adds: RuntimeAdds,
  http: z.array(HttpAttempt),
  permissions: z.array(ExercisedPermission),
  /** app.json's permissions (or Apps-Engine's defaults when it declares none), as the run granted them. */
  declaredPermissions: z.array(z.string()),
  /**
   * When the app's requiredApiVersion also admits an engine before Deno: how it started in Apps-Engine 1.42's Node
   * runtime too (what it registers there is not compared); null otherwise.
   */
  olderEngine: z
    .object({
      engine: RuntimeEngine,
      outcome: z.enum(['started', 'failed', 'timeout', 'out-of-memory']),
      startMs: z.number().int(),
      error: RuntimeError.nullable(),
    })
    .nullable(),
});
export type RuntimeReport = z.infer<typeof RuntimeReport>;

/**
 * GET …/versions/:versionId/runtime — the version's current compile's run in Apps-Engine. `compile` says why there is
 * no report: waiting (the compile, and the start after it, are under way), failed (nothing to start), succeeded with
 * no report (compiled before versions were started, or while the runtime was off or unavailable), none (no compile).
 */
export const VersionRuntime = z.object({
  compileJobId: z.string(),
  compile: z.enum(['none', 'waiting', 'failed', 'succeeded']),
  report: RuntimeReport.nullable(),
});
export type VersionRuntime = z.infer<typeof VersionRuntime>;

export const emptyAdds = (): RuntimeAdds => ({
  slashCommands: [],
  settings: [],
  apiEndpoints: [],
  actionButtons: [],
  externalComponents: [],
  processors: [],
  videoConfProviders: [],
  events: [],
});

/** A report with nothing recorded yet: what a run stopped by a limit is, and where tests start from. */
export const blankReport = (engine: RuntimeEngine, outcome: RuntimeReport['outcome']): RuntimeReport => ({
  engine,
  outcome,
  initialized: false,
  enabled: false,
  startMs: 0,
  initializeMs: null,
  enableMs: null,
  error: null,
  adds: emptyAdds(),
  http: [],
  permissions: [],
  declaredPermissions: [],
  olderEngine: null,
});
