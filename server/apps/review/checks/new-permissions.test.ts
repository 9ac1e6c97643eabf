import { describe, expect, it } from 'vitest';
import { checkInput, editManifest, fixtureMap } from '../../../../tests/fixtures/check-input';
import { contextOf } from './context';
import { DEFAULT_PERMISSIONS, effectivePermissions, newPermissions } from './new-permissions';

// vote-buttons asks for slashcommand and message.write (app.json lines 12 on).
const run = (lastApproved: { version: string; permissions: unknown[] } | null, change?: (f: Map<string, Buffer>) => void) =>
  newPermissions(contextOf(checkInput(fixtureMap('vote-buttons', change), { lastApproved })));

describe('new permissions, against the last approved version', () => {
  it('flags each permission the approved version did not have, naming it, at its line of app.json', () => {
    expect(run({ version: '1.3.0', permissions: [{ name: 'slashcommand' }] })).toEqual([
      {
        check: 'new-permissions',
        reason:
          'This version asks for the permission "message.write", which version 1.3.0 (the last approved) did not have. Say in the version’s notes why the app needs it, or remove it from app.json’s permissions if it does not.',
        file: 'app.json',
        line: 12,
      },
    ]);
    const both = run({ version: '1.3.0', permissions: [] });
    expect(both.map((f) => f.reason.match(/"([^"]+)"/)![1])).toEqual(['slashcommand', 'message.write']);
  });

  it('says nothing for a first version, for the same permissions, or for fewer', () => {
    expect(run(null)).toEqual([]);
    expect(run({ version: '1.3.0', permissions: [{ name: 'message.write' }, { name: 'slashcommand', required: true }] })).toEqual([]);
    expect(run({ version: '1.3.0', permissions: ['slashcommand', 'message.write', 'room.read'] })).toEqual([]);
  });

  it('counts an app.json without permissions as the engine does: the default set, which is more than the approved list', () => {
    const found = run({ version: '1.3.0', permissions: [{ name: 'slashcommand' }, { name: 'message.write' }] }, (f) =>
      editManifest(f, { permissions: undefined }),
    );
    expect(found.length).toBe(DEFAULT_PERMISSIONS.length - 2);
    expect(found[0]).toEqual({
      check: 'new-permissions',
      reason: expect.stringMatching(
        /^app\.json lists no permissions, so the engine grants the app its default set, which includes "user\.read"; version 1\.3\.0/,
      ),
      file: 'app.json',
    });
    expect(effectivePermissions([])).toEqual([]);
    expect(DEFAULT_PERMISSIONS).toEqual(expect.arrayContaining(['room.read', 'networking', 'persistence']));
  });
});
