import { describe, expect, it } from 'vitest';
import { checkInput, editText, fixtureMap } from '../../../../tests/fixtures/check-input';
import { ENGINE_VERSION } from '../../../kernel/engine-version';
import { engineVersion, lowestEngineFor, typeRoots, type EngineRelease } from '../../compile/type-roots';
import { contextOf } from './context';
import { lowestEngine } from './lowest-engine';

describe('the oldest engine an app declares', () => {
  it('is the oldest installed release in its requiredApiVersion range, none when only the current one is', () => {
    expect(engineVersion('1.42')).toBe('1.42.1');
    expect(engineVersion('1.53')).toBe('1.53.1');
    expect(engineVersion('current')).toBe(ENGINE_VERSION);
    expect(lowestEngineFor('^1.39.0')).toBe('1.42');
    expect(lowestEngineFor('>=1.0.0')).toBe('1.42');
    expect(lowestEngineFor('^1.42.1')).toBe('1.42');
    expect(lowestEngineFor('^1.44.0')).toBe('1.53');
    expect(lowestEngineFor('~1.53.0')).toBe('1.53');
    expect(lowestEngineFor('^1.54.0')).toBeNull();
    expect(lowestEngineFor(`^${ENGINE_VERSION}`)).toBeNull();
    expect(lowestEngineFor('not a range')).toBeNull();
  });

  it('is mounted where the app imports the engine, under both its names', () => {
    const mount = (release: EngineRelease, name: string) =>
      typeRoots('1.0', release).find((m) => m.virtual.endsWith(`/node_modules/@rocket.chat/${name}`))!.real;
    expect(mount('1.42', 'apps-engine')).toMatch(/apps-engine-1-42$/);
    expect(mount('1.42', 'apps-ts-definition')).toMatch(/apps-engine-1-42\/definition$/);
    expect(mount('current', 'apps-engine')).toMatch(/@rocket\.chat\/apps-engine$/);
    expect(typeRoots()).toEqual(typeRoots('1.0', 'current'));
  });
});

describe('the lowest-engine check', () => {
  const ctx = (range: string) => contextOf(checkInput(fixtureMap('room-roster', (f) => editText(f, 'app.json', '"^1.44.0"', JSON.stringify(range)))));

  it('type-checks against that engine and, when it fails, names the engine and the first error', () => {
    const asked: EngineRelease[] = [];
    const found = lowestEngine(ctx('^1.44.0'), (release) => {
      asked.push(release);
      return [
        { file: 'commands/RoomsCommand.ts', line: 12, message: "Property 'getUserRoomIds' does not exist on type 'IUserRead'." },
        { file: 'commands/RoomsCommand.ts', line: 13, message: 'a second error' },
      ];
    });
    expect(asked).toEqual(['1.53']);
    expect(found).toEqual([
      {
        check: 'lowest-engine',
        reason:
          `app.json’s requiredApiVersion (^1.44.0) says the app runs on Apps-Engine 1.53.1, but it does not compile against that engine: commands/RoomsCommand.ts:12 Property 'getUserRoomIds' does not exist on type 'IUserRead'. ` +
          `Workspaces on that engine could not run it. Raise requiredApiVersion to the oldest engine the app works with (it compiles against ${ENGINE_VERSION}), or do without what the older engine lacks.`,
        file: 'commands/RoomsCommand.ts',
        line: 12,
      },
    ]);
  });

  it('says nothing when the app compiles there, or when only the current engine is in its range', () => {
    expect(lowestEngine(ctx('^1.40.0'), () => [])).toEqual([]);
    const asked: EngineRelease[] = [];
    expect(lowestEngine(ctx(`^${ENGINE_VERSION}`), (r) => (asked.push(r), [{ line: 0, message: 'x' }]))).toEqual([]);
    expect(asked).toEqual([]);
  });
});
