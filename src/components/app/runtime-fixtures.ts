// Reports of a version's run in Apps-Engine, for the tests of the screens that show them (not imported by the SPA).
import { emptyAdds, type RuntimeReport, type VersionRuntime } from '../../../contract/schemas/runtime';

/** A poll app that started, adding one of every kind of thing. */
export const startedReport: RuntimeReport = {
  engine: { version: '1.53.0', runtime: 'deno' },
  outcome: 'started',
  initialized: true,
  enabled: true,
  startMs: 1834,
  initializeMs: 120,
  enableMs: 35,
  error: null,
  adds: {
    slashCommands: [{ command: 'poll', description: 'Create a poll', params: '"Question" "Option 1" "Option 2"', providesPreview: false }],
    settings: [
      { id: 'token', type: 'password', required: true, public: false, label: 'Poll_Token' },
      { id: 'anonymous', type: 'boolean', required: false, public: true, label: 'anonymous' },
    ],
    apiEndpoints: [{ path: 'vote', methods: ['POST'], visibility: 'public', security: 'unsecure', url: '/api/apps/public/:appId/vote' }],
    actionButtons: [{ actionId: 'close-poll', context: 'messageAction', label: 'Close poll' }],
    externalComponents: [{ name: 'poll-results', location: 'CONTEXTUAL_BAR' }],
    processors: [{ id: 'close-expired', startupSetting: 'recurring' }],
    videoConfProviders: ['PollCall'],
    events: ['IPostMessageSent', 'IPostRoomCreate', 'IPostSomethingNew'],
  },
  http: [{ method: 'GET', url: 'https://api.poll.example/config' }],
  permissions: [
    { permission: 'slashcommand', call: 'SlashCommandBridge.doRegisterCommand', granted: true },
    { permission: 'user.read', call: 'UserBridge.doGetById', granted: false },
  ],
  declaredPermissions: ['slashcommand', 'room.read'],
  olderEngine: null,
};

/** One that fails in initialize(), with two frames of its own code. */
export const failedReport: RuntimeReport = {
  ...startedReport,
  outcome: 'failed',
  initialized: false,
  enabled: false,
  startMs: 240,
  initializeMs: null,
  enableMs: null,
  error: {
    during: 'initialize()',
    message: "Cannot read properties of undefined (reading 'get')",
    frames: ['at PollApp.initialize (app.js:42:17)', 'at PollApp.extendConfiguration (app.js:88:5)'],
  },
  adds: emptyAdds(),
  http: [],
  permissions: [],
};

/** One that starts in Deno but not in the Node engine its requiredApiVersion also admits. */
export const olderFailedReport: RuntimeReport = {
  ...startedReport,
  olderEngine: {
    engine: { version: '1.42.1', runtime: 'node' },
    outcome: 'failed',
    startMs: 310,
    error: { during: 'constructing the app', message: 'structuredClone is not defined', frames: ['at new PollApp (app.js:12:3)'] },
  },
};

export const runtimeOf = (report: RuntimeReport | null, compile: VersionRuntime['compile'] = report ? 'succeeded' : 'waiting'): VersionRuntime => ({
  compileJobId: 'j1',
  compile,
  report,
});
