import { describe, expect, it } from 'vitest';
import { checkInput, fixtureMap } from '../../../../tests/fixtures/check-input';
import { bundledLicences, disallowedIn, licenceOf, moduleDirOf, parseSpdx } from './bundled-licences';
import { contextOf } from './context';
import { DEFAULT_DISALLOWED_LICENCES } from '../../../../contract/schemas/review';

// licence-mix bundles: left-trim (no licence at all), @acme/chart-widget (AGPL-3.0-only), either-or (MIT OR AGPL),
// both-and (Apache-2.0 AND AGPL), old-style (legacy `licenses`), licence-in-file (a LICENSE.md only), plain-mit.
// A module nested in another's node_modules is added here (git ignores nested node_modules folders).
const files = () =>
  fixtureMap('licence-mix', (f) => {
    f.set('node_modules/either-or/node_modules/doc-store/package.json', Buffer.from('{ "name": "doc-store", "version": "6.0.2", "license": "SSPL-1.0" }'));
    f.set('node_modules/either-or/node_modules/doc-store/index.js', Buffer.from('module.exports = {};'));
  });

describe('licences of bundled modules', () => {
  it('flags a module without a licence and modules under a disallowed licence (scoped and nested ones too)', () => {
    expect(bundledLicences(contextOf(checkInput(files())))).toEqual([
      {
        check: 'bundled-licences',
        reason:
          'The bundled module @acme/chart-widget 2.4.0 (node_modules/@acme/chart-widget) is licensed under AGPL-3.0-only, and this marketplace does not accept AGPL-3.0-only for bundled modules. Use a module under another licence, or remove it from the package.',
        file: 'node_modules/@acme/chart-widget/package.json',
      },
      {
        check: 'bundled-licences',
        reason:
          'The bundled module both-and 5.1.0 (node_modules/both-and) is licensed under (Apache-2.0 AND AGPL-3.0), and this marketplace does not accept AGPL-3.0 for bundled modules. Use a module under another licence, or remove it from the package.',
        file: 'node_modules/both-and/package.json',
      },
      {
        check: 'bundled-licences',
        reason: expect.stringContaining('The bundled module doc-store 6.0.2 (node_modules/either-or/node_modules/doc-store) is licensed under SSPL-1.0'),
        file: 'node_modules/either-or/node_modules/doc-store/package.json',
      },
      {
        check: 'bundled-licences',
        reason:
          'The bundled module left-trim 1.0.1 (node_modules/left-trim) states no licence: its package.json has no "license" field and it has no LICENSE file. Make sure you may redistribute it and add its licence to the package, or use another module.',
        file: 'node_modules/left-trim/package.json',
      },
    ]);
  });

  it('follows the disallowed list it is given', () => {
    const found = bundledLicences(contextOf(checkInput(files(), { disallowedLicences: ['MIT'] })));
    expect(found.map((f) => f.file)).toEqual([
      'node_modules/left-trim/package.json',
      'node_modules/old-style/package.json',
      'node_modules/plain-mit/package.json',
    ]);
    expect(bundledLicences(contextOf(checkInput(fixtureMap('room-slugger'))))).toEqual([]);
  });

  it('decides an SPDX expression as a licensee would: OR lets the module be used under the allowed one, AND needs both', () => {
    const refused = (e: string) => disallowedIn(e, DEFAULT_DISALLOWED_LICENCES);
    expect(refused('AGPL-3.0-only')).toEqual(['AGPL-3.0-only']);
    expect(refused('agpl-3.0')).toEqual(['agpl-3.0']);
    expect(refused('AGPL-3.0+')).toEqual(['AGPL-3.0+']);
    expect(refused('MIT OR AGPL-3.0')).toEqual([]);
    expect(refused('(MIT AND AGPL-3.0)')).toEqual(['AGPL-3.0']);
    expect(refused('AGPL-3.0 OR SSPL-1.0')).toEqual(['AGPL-3.0', 'SSPL-1.0']);
    expect(refused('MIT OR Apache-2.0 AND AGPL-3.0')).toEqual([]);
    expect(refused('(MIT OR Apache-2.0) AND AGPL-3.0-or-later')).toEqual(['AGPL-3.0-or-later']);
    expect(refused('GPL-2.0 WITH Classpath-exception-2.0')).toEqual([]);
    // Not an expression: any disallowed id in it refuses it.
    expect(refused('MIT OR (AGPL-3.0')).toEqual(['AGPL-3.0']);
    expect(parseSpdx('MIT AND')).toBeNull();
    expect(parseSpdx('SEE LICENSE IN LICENSE.txt')).toBeNull();
  });

  it('reads a package.json’s licence: license, the legacy { type }, the legacy licenses list', () => {
    expect(licenceOf({ license: 'ISC' })).toBe('ISC');
    expect(licenceOf({ license: { type: 'MIT', url: 'x' } })).toBe('MIT');
    expect(licenceOf({ licenses: [{ type: 'MIT' }, { type: 'AGPL-3.0' }] })).toBe('(MIT OR AGPL-3.0)');
    expect(licenceOf({ license: '  ' })).toBeNull();
    expect(licenceOf({})).toBeNull();
  });

  it('knows a module’s package.json from other package.json files', () => {
    expect(moduleDirOf('node_modules/a/package.json')).toBe('node_modules/a');
    expect(moduleDirOf('node_modules/@s/a/package.json')).toBe('node_modules/@s/a');
    expect(moduleDirOf('node_modules/a/node_modules/@s/b/package.json')).toBe('node_modules/a/node_modules/@s/b');
    expect(moduleDirOf('node_modules/a/lib/package.json')).toBeNull();
    expect(moduleDirOf('node_modules/@s/package.json')).toBeNull();
    expect(moduleDirOf('package.json')).toBeNull();
    expect(moduleDirOf('lib/my_node_modules/a/package.json')).toBeNull();
  });
});
