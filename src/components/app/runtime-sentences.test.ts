import { describe, expect, it } from 'vitest';
import { emptyAdds } from '../../../contract/schemas/runtime';
import { failedReport, olderFailedReport, startedReport } from './runtime-fixtures';
import {
  addsNothing,
  buttonContext,
  componentLocation,
  duration,
  endpointAccess,
  endpointLine,
  engineName,
  eventWords,
  failedWhere,
  headline,
  httpLine,
  lifecycleTimes,
  olderHeadline,
  permissionUses,
  processorWhen,
  settingFlags,
  workspaceAdds,
} from './runtime-sentences';

describe('a version’s run in Apps-Engine, in words', () => {
  it('names the engine by major.minor and runtime, and durations in ms under a second, else seconds with one decimal', () => {
    expect(engineName({ version: '1.53.0', runtime: 'deno' })).toBe('Apps-Engine 1.53 (Deno)');
    expect(engineName({ version: '1.42.2', runtime: 'node' })).toBe('Apps-Engine 1.42 (Node)');
    expect([duration(180), duration(999), duration(1000), duration(1834), duration(30_000)]).toEqual(['180 ms', '999 ms', '1.0 s', '1.8 s', '30.0 s']);
  });

  it('sums each outcome up in one sentence', () => {
    expect(headline(startedReport)).toBe('Starts in Apps-Engine 1.53 (Deno) in 1.8 s');
    expect(headline({ ...startedReport, startMs: 180 })).toBe('Starts in Apps-Engine 1.53 (Deno) in 180 ms');
    expect(headline(failedReport)).toBe('Does not start in Apps-Engine 1.53 (Deno)');
    expect(headline({ ...failedReport, outcome: 'timeout', startMs: 30_000 })).toBe(
      'Did not finish starting in Apps-Engine 1.53 (Deno): stopped at the time limit, after 30.0 s',
    );
    expect(headline({ ...failedReport, outcome: 'out-of-memory' })).toBe(
      'Ran out of memory while starting in Apps-Engine 1.53 (Deno): stopped at the memory limit',
    );
    // The server gives a stopped older run no duration.
    expect(headline({ ...failedReport, outcome: 'timeout', startMs: 0 })).toBe('Did not finish starting in Apps-Engine 1.53 (Deno): stopped at the time limit');
    expect(olderHeadline(olderFailedReport.olderEngine!)).toBe('Does not start in Apps-Engine 1.42 (Node) — which its requiredApiVersion admits');
    expect(olderHeadline({ ...olderFailedReport.olderEngine!, outcome: 'started', error: null })).toBe('Also starts in Apps-Engine 1.42 (Node) in 310 ms');
    expect(failedWhere(failedReport.error!)).toBe('In initialize()');
    expect(failedWhere({ during: 'constructing the app' })).toBe('While constructing the app');
    expect(lifecycleTimes(startedReport)).toBe('initialize() took 120 ms · onEnable() took 35 ms');
    expect(lifecycleTimes(failedReport)).toBe('');
  });

  it('says what each thing added is, with the app’s id in an endpoint’s address when known', () => {
    const [endpoint] = startedReport.adds.apiEndpoints;
    expect(endpointLine(endpoint!, 'a1')).toBe('POST /api/apps/public/a1/vote');
    expect(endpointLine(endpoint!)).toBe('POST /api/apps/public/:appId/vote');
    expect(endpointLine({ ...endpoint!, methods: ['GET', 'POST'] }, 'a1')).toBe('GET, POST /api/apps/public/a1/vote');
    expect(endpointAccess(endpoint!)).toEqual(['public address', 'no sign-in needed']);
    expect(endpointAccess({ visibility: 'private', security: 'secure' })).toEqual(['private address (with a secret hash)', 'needs a signed-in user']);
    expect([buttonContext('messageAction'), buttonContext('roomAction'), buttonContext('somewhereNew')]).toEqual([
      'message action',
      'room action',
      'somewhereNew',
    ]);
    expect([componentLocation('CONTEXTUAL_BAR'), componentLocation('MODAL')]).toEqual(['contextual bar', 'modal']);
    expect([processorWhen({ startupSetting: null }), processorWhen({ startupSetting: 'onetime' }), processorWhen({ startupSetting: 'recurring' })]).toEqual([
      'runs when the app schedules it',
      'runs once when the app starts',
      'starts with the app, and recurs',
    ]);
    expect(settingFlags(startedReport.adds.settings[0]!)).toEqual(['required']);
    expect(settingFlags({ required: false, public: false })).toEqual([]);
    expect([eventWords('IPostMessageSent'), eventWords('IPreRoomCreatePrevent'), eventWords('IPostSomethingNew')]).toEqual([
      'message sent',
      'before a room is created (may stop it)',
      'IPostSomethingNew',
    ]);
    expect(httpLine({ method: 'GET', url: 'https://api.poll.example/config' })).toBe('Tried to reach: GET https://api.poll.example/config');
  });

  it('lists what it adds to a workspace, one line a kind, as an administrator reads it', () => {
    expect(workspaceAdds(startedReport.adds, 'a1')).toEqual([
      'Slash command /poll: Create a poll',
      '2 settings for administrators: token and anonymous',
      'An API endpoint at POST /api/apps/public/a1/vote',
      'A message action button: Close poll',
      'A contextual bar: poll-results',
      '1 background job: close-expired',
      'A video conference provider: PollCall',
      'Acts on: message sent, room created and IPostSomethingNew',
    ]);
    expect(addsNothing(startedReport.adds)).toBe(false);
    expect(addsNothing(emptyAdds())).toBe(true);
    expect(workspaceAdds(emptyAdds())).toEqual([]);
  });

  it('tells the declared permissions used while starting from those not used, and names those used without declaring', () => {
    expect(permissionUses(startedReport)).toEqual([
      { permission: 'slashcommand', state: 'used', calls: ['SlashCommandBridge.doRegisterCommand'] },
      { permission: 'room.read', state: 'unused', calls: [] },
      { permission: 'user.read', state: 'undeclared', calls: ['UserBridge.doGetById'] },
    ]);
    expect(permissionUses({ permissions: [], declaredPermissions: [] })).toEqual([]);
  });
});
