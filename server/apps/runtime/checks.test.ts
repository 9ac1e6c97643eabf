import { describe, expect, it } from 'vitest';
import { runtimeFindings } from './checks';
import { startedReport } from './report-fixture';

const manifest = { requiredApiVersion: '^1.44.0', permissions: [{ name: 'slashcommand' }, { name: 'networking' }] };

describe('the runtime checks', () => {
  it('find nothing in an app that started and used what it declares', () => {
    const report = startedReport({
      declaredPermissions: ['slashcommand'],
      permissions: [{ permission: 'slashcommand', call: 'CommandBridge.registerCommand', granted: true }],
    });
    expect(runtimeFindings(report, { ...manifest, permissions: [{ name: 'slashcommand' }] }, [], 60)).toEqual([]);
  });

  it('block a version that did not start, with where, the message and the app’s first frame', () => {
    const report = startedReport({
      outcome: 'failed',
      enabled: false,
      error: { during: 'constructing the app', message: 'Missing region table', frames: ['at regionConfig (RegionClockApp.js:24:15)'] },
    });
    expect(runtimeFindings(report, manifest, [], 60)).toContainEqual({
      check: 'runtime-start',
      reason:
        'It does not start in Apps-Engine 1.53 (Deno): constructing the app failed with “Missing region table” (at regionConfig (RegionClockApp.js:24:15)).',
    });
  });

  it('say when a limit stopped the start', () => {
    expect(runtimeFindings(startedReport({ outcome: 'timeout', enabled: false }), manifest, [], 45)[0]!.reason).toBe(
      'It did not finish starting in Apps-Engine 1.53 (Deno) within the time limit (45 s).',
    );
    expect(runtimeFindings(startedReport({ outcome: 'out-of-memory', enabled: false }), manifest, [], 45)[0]!.reason).toContain('ran out of memory');
  });

  it('name each refused call and the permission it needs, once per permission', () => {
    const report = startedReport({
      permissions: [
        { permission: 'networking', call: 'HttpBridge.call', granted: false },
        { permission: 'room.read', call: 'RoomBridge.getById', granted: false },
        { permission: 'room.read', call: 'RoomBridge.getByName', granted: false },
      ],
    });
    const found = runtimeFindings(report, { permissions: [] }, [], 60).filter((f) => f.check === 'undeclared-permission');
    expect(found.map((f) => f.reason)).toEqual([
      'HttpBridge.call needs the permission “networking”, which app.json does not declare: Apps-Engine refuses the call in every workspace. Declare it in app.json’s permissions.',
      'RoomBridge.getById, RoomBridge.getByName needs the permission “room.read”, which app.json does not declare: Apps-Engine refuses the call in every workspace. Declare it in app.json’s permissions.',
    ]);
  });

  it('note declared permissions nothing used while starting — only those app.json names', () => {
    const report = startedReport({
      declaredPermissions: ['slashcommand', 'networking'],
      permissions: [{ permission: 'slashcommand', call: 'CommandBridge.registerCommand', granted: true }],
    });
    expect(runtimeFindings(report, manifest, [], 60)).toEqual([
      expect.objectContaining({ check: 'unused-permission', reason: expect.stringContaining('“networking”') }),
    ]);
    // Apps-Engine's defaults (app.json declares none) are not the publisher's choice.
    expect(runtimeFindings({ ...report, declaredPermissions: ['networking', 'room.read'] }, { requiredApiVersion: '^1.44.0' }, [], 60)).toEqual([]);
  });

  it('name the published app that registers the same slash command', () => {
    expect(runtimeFindings(startedReport(), { permissions: [] }, [{ command: 'poll', appName: 'Poll Board' }], 60)).toEqual([
      {
        check: 'duplicate-command',
        reason: 'The slash command /poll is already registered by “Poll Board”, a published app: a workspace with both runs only one.',
      },
    ]);
  });

  it('block a version that does not start in the engine before Deno its requiredApiVersion admits', () => {
    const report = startedReport({
      olderEngine: {
        engine: { version: '1.42.1', runtime: 'node' },
        outcome: 'failed',
        startMs: 20,
        error: { during: 'initialize()', message: 'x is not a function', frames: [] },
      },
    });
    expect(runtimeFindings(report, { requiredApiVersion: '^1.36.0' }, [], 60)).toEqual([
      {
        check: 'runtime-start',
        reason:
          'It does not start in Apps-Engine 1.42 (Node), which its requiredApiVersion (^1.36.0) admits: initialize() failed with “x is not a function”. Raise requiredApiVersion’s lowest version, or make it start there.',
      },
    ]);
  });
});
