import { describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { appFrames, networkReached, runtimeError } from './probe';

describe('an app’s stack frames', () => {
  it('keeps the frames of the app’s code under Deno, on the lines of its main file', () => {
    const stack = [
      'Error: Missing region table',
      '    at regionConfig (eval at wrapAppCode (file:///srv/node_modules/apps-engine-1-53/deno-runtime/handlers/app/construct.ts:48:9), <anonymous>:40:15)',
      '    at new RegionClockApp (eval at wrapAppCode (file:///srv/node_modules/apps-engine-1-53/deno-runtime/handlers/app/construct.ts:48:9), <anonymous>:72:46)',
      '    at handleConstructApp (file:///srv/node_modules/apps-engine-1-53/deno-runtime/handlers/app/construct.ts:120:3)',
      '    at eventLoopTick (ext:core/01_core.js:179:7)',
    ].join('\n');
    expect(appFrames(stack, 'RegionClockApp.js', 16)).toEqual(['at regionConfig (RegionClockApp.js:24:15)', 'at new RegionClockApp (RegionClockApp.js:56:46)']);
  });

  it('keeps the frames of Node’s vm', () => {
    expect(appFrames('TypeError: x\n    at evalmachine.<anonymous>:6:13\n    at Script.runInContext (node:vm:149:12)', 'GreeterApp.js')).toEqual([
      'at GreeterApp.js:6:13',
    ]);
  });

  it('shows no path of the server in an error’s message', () => {
    const e = runtimeError('initialize()', new Error('Cannot read /srv/portal/node_modules/apps-engine-1-53/server/x.js'), 'App.js');
    expect(e).toEqual({ during: 'initialize()', message: 'Cannot read …', frames: [] });
  });
});

describe('what an app reached on its own, from Deno’s permission audit', () => {
  it('keeps the addresses of its fetches, and connections a fetch does not account for, once each', () => {
    const dir = mkdtempSync(join(tmpdir(), 'audit-test-'));
    const file = join(dir, 'permissions.jsonl');
    const entry = (permission: string, value: string) => JSON.stringify({ v: 1, datetime: '2026-11-28T12:00:00Z', permission, value });
    writeFileSync(
      file,
      [
        entry('read', '/srv/node_modules/apps-engine-1-53/definition/App.js'),
        entry('net', 'https://status.example.com/x'),
        entry('net', 'status.example.com:443'),
        entry('net', 'https://status.example.com/x'),
        entry('net', 'db.example.com:5432'),
        '{"v":1,"permission":"net","val',
      ].join('\n'),
    );
    expect(networkReached(file)).toEqual(['https://status.example.com/x', 'db.example.com:5432']);
    expect(networkReached(join(tmpdir(), 'no-such-audit.jsonl'))).toEqual([]);
    rmSync(dir, { recursive: true });
  });
});
