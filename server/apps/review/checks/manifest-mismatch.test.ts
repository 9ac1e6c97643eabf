import { describe, expect, it } from 'vitest';
import { checkInput, editText, fixtureMap } from '../../../../tests/fixtures/check-input';
import type { CheckInput } from './context';
import { contextOf } from './context';
import { manifestMismatch } from './manifest-mismatch';

const run = (change: (f: Map<string, Buffer>) => void = () => {}, over: Partial<CheckInput> = {}) =>
  manifestMismatch(contextOf(checkInput(fixtureMap('vote-buttons', change), over)));

describe('app.json against the package', () => {
  it('says nothing when they agree', () => {
    expect(run(() => {}, { lastApproved: { version: '1.3.9', permissions: [] } })).toEqual([]);
  });

  it('flags an icon file the package does not have', () => {
    expect(run((f) => f.delete('icon.png'))).toEqual([
      {
        check: 'manifest-mismatch',
        reason: 'app.json names the icon file "icon.png", which is not in the package. Add the icon at that path, or correct iconFile.',
        file: 'app.json',
        line: 5,
      },
    ]);
  });

  it('flags a class file the package does not have: TypeScript in a source package, JavaScript in a compiled one', () => {
    expect(run((f) => editText(f, 'app.json', '"VoteButtonsApp.ts"', '"VoteApp.ts"'))).toEqual([
      expect.objectContaining({
        reason: 'app.json names the class file "VoteApp.ts", which is not in the package. Correct classFile, or add the file at that path.',
        file: 'app.json',
        line: 9,
      }),
    ]);
    expect(run((f) => f.delete('VoteButtonsApp.ts'), { kind: 'compiled' })).toEqual([
      expect.objectContaining({
        reason: expect.stringContaining(
          '"VoteButtonsApp.js", which is not in the package. Correct classFile, or add the file at that path (a compiled package holds it as JavaScript).',
        ),
      }),
    ]);
    expect(run((f) => f.set('VoteButtonsApp.js', Buffer.from('exports.x = 1;')), { kind: 'compiled' })).toEqual([]);
    // `rc-apps submit` marks its TypeScript sources with .packagedby too.
    expect(run((f) => f.set('.packagedby', Buffer.from('{}')), { kind: 'compiled' })).toEqual([]);
  });

  it('flags a nameSlug other than the approved versions’ one, saying which to keep; a first version may choose any', () => {
    const renamed = (f: Map<string, Buffer>) => editText(f, 'app.json', '"nameSlug": "vote-buttons"', '"nameSlug": "votes"');
    expect(run(renamed, { lastApproved: { version: '1.3.9', permissions: [], nameSlug: 'vote-buttons' } })).toEqual([
      {
        check: 'manifest-mismatch',
        reason:
          'app.json’s nameSlug is "votes", but the approved versions of this app have "vote-buttons". Keep nameSlug "vote-buttons": it names the app in workspaces that installed it.',
        file: 'app.json',
        line: 8,
      },
    ]);
    expect(run(renamed)).toEqual([]);
    expect(run(() => {}, { lastApproved: { version: '1.3.9', permissions: [], nameSlug: 'vote-buttons' } })).toEqual([]);
  });

  it('flags a version that is not newer than the last approved one, saying which', () => {
    expect(run(() => {}, { lastApproved: { version: '1.4.0', permissions: [] } })).toEqual([
      {
        check: 'manifest-mismatch',
        reason:
          'Version 1.4.0 is the same as version 1.4.0, the last approved one. Raise version in app.json (for example to 1.4.1) and upload the package again.',
        file: 'app.json',
        line: 3,
      },
    ]);
    expect(run(() => {}, { lastApproved: { version: '2.0.0', permissions: [] } })[0]!.reason).toBe(
      'Version 1.4.0 is older than version 2.0.0, the last approved one. Raise version in app.json (for example to 2.0.1) and upload the package again.',
    );
  });

  it('says so when there is no app.json to compare', () => {
    expect(run((f) => f.delete('app.json'))).toEqual([expect.objectContaining({ check: 'manifest-mismatch', file: 'app.json' })]);
  });
});
