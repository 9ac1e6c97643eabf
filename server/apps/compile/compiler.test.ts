import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname } from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { fixtureFiles } from '../../../tests/fixtures/packages';
import { DEFAULT_DISALLOWED_LICENCES } from '../../../contract/schemas/review';
import { compilePackage, libraryFiles, type CompileResult } from './compiler';

const files = (name: string, change: (f: Map<string, Buffer>) => void = () => {}) => {
  const f = new Map(Object.entries(fixtureFiles(name)).map(([k, v]) => [k, Buffer.from(v)]));
  change(f);
  return f;
};
const manifest = (f: Map<string, Buffer>) => JSON.parse(f.get('app.json')!.toString()) as { classFile: string; version: string };
const compile = (f: Map<string, Buffer>, allowNpm = false) =>
  compilePackage({
    files: f,
    kind: 'source',
    allowNpm,
    classFile: manifest(f).classFile,
    version: manifest(f).version,
    lastApproved: null,
    disallowedLicences: DEFAULT_DISALLOWED_LICENCES,
  });
const serverPaths = [process.cwd(), tmpdir(), dirname(createRequire(import.meta.url).resolve('typescript/package.json'))];
const mentionsServerPath = (r: CompileResult) => serverPaths.some((p) => JSON.stringify(r.diagnostics).includes(p));

describe('compiles as Rocket.Chat does', () => {
  it('an ecosystem-shaped app: console, Buffer, setTimeout, decorators, Node modules and @rocket.chat/ui-kit', async () => {
    const r = await compile(files('reminder-bot'));
    expect(r.diagnostics).toEqual([]);
    expect(r.ok).toBe(true);
    expect(r.typeScriptVersion).toMatch(/^5\.9\./);
    const bundle = r.emitted.get('ReminderBotApp.js')!.toString();
    // One file: the app's modules are inside, the platform's stay external.
    expect([...r.emitted.keys()]).toEqual(['ReminderBotApp.js']);
    expect(bundle).toContain('reminder-bot');
    expect(bundle).toContain('require("@rocket.chat/apps-engine/definition/App")');
    expect(bundle).toContain('__decorate');
  });

  it('a genuine error is still an error, with file, line and character', async () => {
    const r = await compile(files('reminder-bot', (f) => f.set('lib/broken.ts', Buffer.from("export const n: number = 'x';\n"))));
    expect(r.ok).toBe(false);
    expect(r.diagnostics).toEqual([{ file: 'lib/broken.ts', line: 1, character: 14, message: "Type 'string' is not assignable to type 'number'." }]);
  });

  it('bundles the npm modules a package ships, for a publisher with canUseNPMModules', async () => {
    const r = await compile(files('room-slugger'), true);
    expect(r.diagnostics).toEqual([]);
    const bundle = r.emitted.get('RoomSluggerApp.js')!.toString();
    expect(bundle).toContain('tiny-slugify@1.0.3');
    expect(bundle).toContain('function fold(');
    expect(bundle).not.toMatch(/require\("tiny-slugify"\)/);
  });

  it('refuses those modules for a publisher without it, at the import', async () => {
    const r = await compile(files('room-slugger'), false);
    expect(r.ok).toBe(false);
    expect(r.diagnostics).toEqual([
      { file: 'RoomSluggerApp.ts', line: 4, character: 25, message: 'NPM modules are not enabled for this publisher: tiny-slugify' },
    ]);
  });

  it('reports, at the import, a module the package does not ship', async () => {
    const r = await compile(
      files('room-slugger', (f) => f.set('lib/extra.ts', Buffer.from("import { parse } from 'left-pad-pro';\nexport const p = parse;\n"))),
      true,
    );
    expect(r.ok).toBe(false);
    expect(r.diagnostics).toEqual([
      { file: 'lib/extra.ts', line: 1, character: 23, message: "Cannot find module 'left-pad-pro' or its corresponding type declarations." },
    ]);
  });

  it('compiles an app written for TypeScript 4 with 4.9, which 5.9 would refuse', async () => {
    const r = await compile(files('legacy-poll'));
    expect(r.diagnostics).toEqual([]);
    expect(r.typeScriptVersion).toMatch(/^4\.9\./);
    const without = await compile(files('legacy-poll', (f) => f.delete('package.json')));
    expect(without.typeScriptVersion).toMatch(/^5\.9\./);
    expect(without.diagnostics).toEqual([
      expect.objectContaining({ file: 'LegacyPollApp.ts', line: 12, message: expect.stringContaining('Right operand of ?? is unreachable') }),
    ]);
  });

  it('compiles an app written for UI Kit 0.31 against 0.31 (its ButtonStyle and BlockType enums), which 1.0 would refuse', async () => {
    const r = await compile(files('vote-buttons'));
    expect(r.diagnostics).toEqual([]);
    expect(r.ok).toBe(true);
    // Its requiredApiVersion ^1.39.0 admits Apps-Engine 1.42.1, against which it compiles too.
    expect(r.findings).toEqual([]);
    // The enums are values: UI Kit 0.31 is bundled, as Rocket.Chat's packager does (Apps-Engine's Deno runtime
    // refuses to require it), named inside node_modules and never by where the portal installed it.
    const bundle = r.emitted.get('VoteButtonsApp.js')!.toString();
    expect(bundle).not.toContain('require("@rocket.chat/ui-kit")');
    expect(bundle).toContain('ui-kit:@rocket.chat/ui-kit/dist/cjs/');
    expect(bundle).not.toContain('ui-kit031');
    expect(bundle).not.toContain(process.cwd());
    const against1 = await compile(files('vote-buttons', (f) => f.delete('package.json')));
    expect(against1.ok).toBe(false);
    expect(against1.diagnostics).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ file: 'lib/blocks.ts', line: 1, message: expect.stringMatching(/has no exported member '(BlockType|ButtonStyle)'/) }),
      ]),
    );
  });

  it('compiles an app written for UI Kit 1.0 against 1.0 (its info card), which 0.31 would refuse', async () => {
    const r = await compile(files('tidy-actions'));
    expect(r.diagnostics).toEqual([]);
    expect(r.ok).toBe(true);
    // Its requiredApiVersion ^1.47.0 admits Apps-Engine 1.53.1, against which it compiles too.
    expect(r.findings).toEqual([]);
    // Declared as 0.31, its 1.0-only info card is refused: the declaration chooses the UI Kit.
    const as031 = await compile(
      files('tidy-actions', (f) => {
        const pkg = JSON.parse(f.get('package.json')!.toString()) as { devDependencies: Record<string, string> };
        pkg.devDependencies['@rocket.chat/ui-kit'] = '~0.31.0';
        f.set('package.json', Buffer.from(JSON.stringify(pkg)));
      }),
    );
    expect(as031.ok).toBe(false);
    expect(as031.diagnostics).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ file: 'lib/blocks.ts', line: 1, message: expect.stringContaining("has no exported member 'InfoCardBlock'") }),
      ]),
    );
  });

  it('resolves nothing outside the package, and shows no server path', async () => {
    const r = await compile(files('path-escape'));
    expect(r.ok).toBe(false);
    expect(r.diagnostics).toEqual([
      {
        file: 'lib/payload.ts',
        line: 1,
        character: 22,
        message: "Could not resolve the path '/etc/hostname' with the extensions: '.ts', '.tsx', '.d.ts', '.cts', '.d.cts', '.mts', '.d.mts'.",
      },
      { file: 'lib/payload.ts', line: 3, character: 25, message: "Cannot find module '/etc/passwd' or its corresponding type declarations." },
      { file: 'lib/payload.ts', line: 4, character: 28, message: "Cannot find module '../../server/config' or its corresponding type declarations." },
    ]);
    expect(mentionsServerPath(r)).toBe(false);
  });

  it('uses the portal’s engine even when a package ships its own copy', async () => {
    const r = await compile(
      files('reminder-bot', (f) => f.set('node_modules/@rocket.chat/apps-engine/definition/App.d.ts', Buffer.from('export declare const App: 1;'))),
    );
    expect(r.diagnostics).toEqual([]);
  });
});

describe('compiles one package after another in one process (a warm sandbox)', () => {
  it('gives each package its own files: the same path with other contents is read again', async () => {
    const broken = (text: string) => files('reminder-bot', (f) => f.set('lib/broken.ts', Buffer.from(text)));
    const first = await compile(broken("export const n: number = 'x';\n"));
    const second = await compile(broken('export const s: string = 1;\n'));
    const third = await compile(broken('export const s: string = "x";\n'));
    expect(first.diagnostics).toEqual([{ file: 'lib/broken.ts', line: 1, character: 14, message: "Type 'string' is not assignable to type 'number'." }]);
    expect(second.diagnostics).toEqual([{ file: 'lib/broken.ts', line: 1, character: 14, message: "Type 'number' is not assignable to type 'string'." }]);
    expect(third.diagnostics).toEqual([]);
  });

  it('never shares the modules a package ships, only the type roots read from disk', async () => {
    // The same module path, a different type each time.
    const withTypes = (t: string) =>
      files('room-slugger', (f) => {
        f.set('node_modules/shipped-types/package.json', Buffer.from('{"name":"shipped-types","version":"1.0.0","types":"index.d.ts"}'));
        f.set('node_modules/shipped-types/index.d.ts', Buffer.from(`export type T = ${t};\n`));
        f.set('lib/typed.ts', Buffer.from("import type { T } from 'shipped-types';\nexport const t: T = 1;\n"));
      });
    expect((await compile(withTypes('number'), true)).diagnostics).toEqual([]);
    expect((await compile(withTypes('string'), true)).diagnostics).toEqual([
      { file: 'lib/typed.ts', line: 2, character: 14, message: "Type 'number' is not assignable to type 'string'." },
    ]);
    expect((await compile(withTypes('number'), true)).diagnostics).toEqual([]);
    const shared = libraryFiles();
    expect(shared.length).toBeGreaterThan(0);
    expect(shared.filter((real) => real.includes('shipped-types') || !existsSync(real))).toEqual([]);
  });

  it('keeps each engine release’s definitions apart, though mounted at one path (TypeScript 4 too)', async () => {
    const asTs4 = (f: Map<string, Buffer>) =>
      f.set('package.json', Buffer.from(JSON.stringify({ name: 'room-roster', devDependencies: { typescript: '~4.9.5' } })));
    for (const r of [await compile(files('room-roster')), await compile(files('room-roster', asTs4))]) {
      expect(r.ok).toBe(true);
      expect(r.findings).toEqual([expect.objectContaining({ check: 'lowest-engine', file: 'commands/RoomsCommand.ts', line: 12 })]);
    }
  });

  it('does not keep what a package ships at a mounted path: the next package reads the portal’s', async () => {
    const shadowing = await compile(files('reminder-bot', (f) => f.set('node_modules/@types/node/globals.d.ts', Buffer.from('declare var console: number;'))));
    expect(shadowing.diagnostics).toEqual([]);
    expect((await compile(files('reminder-bot'))).diagnostics).toEqual([]);
  });
});

describe('runs the publish checks with the compile', () => {
  it('warns when an app compiles only against the current engine, not the oldest its requiredApiVersion admits', async () => {
    const r = await compile(files('room-roster'));
    expect(r.ok).toBe(true);
    expect(r.emitted.has('RoomRosterApp.js')).toBe(true);
    expect(r.findings).toEqual([
      {
        check: 'lowest-engine',
        reason: expect.stringContaining(
          "says the app runs on Apps-Engine 1.53.1, but it does not compile against that engine: commands/RoomsCommand.ts:12 Property 'getUserRoomIds' does not exist on type 'IUserRead'.",
        ),
        file: 'commands/RoomsCommand.ts',
        line: 12,
      },
    ]);
    // Declaring the current engine as its minimum, it is not compiled twice.
    const current = await compile(
      files('room-roster', (f) => f.set('app.json', Buffer.from(f.get('app.json')!.toString().replace('^1.44.0', `^${r.engineVersion}`)))),
    );
    expect(current.findings).toEqual([]);
  });

  it('checks a package that does not compile too (all but the lowest engine)', async () => {
    const r = await compile(files('leaky-token', (f) => f.set('lib/broken.ts', Buffer.from("export const n: number = 'x';\n"))));
    expect(r.ok).toBe(false);
    expect(r.findings.map((x) => [x.check, x.file, x.line])).toEqual([
      ['secrets', 'lib/clients.ts', 3],
      ['secrets', 'lib/clients.ts', 4],
      ['secrets', 'lib/clients.ts', 5],
    ]);
  });

  it('flags a private key file in a package that compiles', async () => {
    const r = await compile(files('leaky-key'));
    expect(r.ok).toBe(true);
    expect(r.findings).toEqual([expect.objectContaining({ check: 'secrets', file: 'keys/service-account.pem', line: 2 })]);
  });
});
