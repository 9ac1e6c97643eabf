import { describe, expect, it } from 'vitest';
import { appFrames, runtimeError } from './probe';

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
