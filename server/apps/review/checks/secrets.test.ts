import { generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkInput, fixtureMap } from '../../../../tests/fixtures/check-input';
import { contextOf } from './context';
import { MAX_SCANNED_BYTES, mask, secrets } from './secrets';

const run = (files: Map<string, Buffer>) => secrets(contextOf(checkInput(files)));
// The fixture's made-up credentials: a GitHub token, an AWS access key ID and its secret key, a Slack token.
const TOKENS = [...readFileSync('tests/fixtures/apps/leaky-token/lib/clients.ts', 'utf8').matchAll(/'([^']{20,})'/g)].map((m) => m[1]!);
const [GITHUB, , AWS_SECRET] = TOKENS as [string, string, string, string];

describe('secrets in the package (secretlint’s recommended rules)', () => {
  it('flags a private key file, at its BEGIN line, naming it only', async () => {
    const found = await run(fixtureMap('leaky-key'));
    expect(found).toEqual([
      {
        check: 'secrets',
        reason:
          'keys/service-account.pem, line 2, holds what looks like a private key. Anyone who downloads the app can read it: remove it from the package and revoke it, then let the app take it from a setting instead.',
        file: 'keys/service-account.pem',
        line: 2,
      },
    ]);
  });

  it('flags private keys of every kind secretlint knows, and EC keys it misses, but not placeholders', async () => {
    const pem = (type: 'rsa' | 'ec' | 'ed25519', format: 'pkcs1' | 'sec1' | 'pkcs8') => {
      const { privateKey } =
        type === 'rsa'
          ? generateKeyPairSync('rsa', { modulusLength: 1024 })
          : type === 'ec'
            ? generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
            : generateKeyPairSync('ed25519');
      return Buffer.from(`// key\n${privateKey.export({ type: format, format: 'pem' }) as string}`);
    };
    const found = await run(
      fixtureMap('vote-buttons', (f) => {
        f.set('keys/rsa.pem', pem('rsa', 'pkcs1'));
        f.set('keys/ec.pem', pem('ec', 'sec1'));
        f.set('keys/ec8.key', pem('ec', 'pkcs8'));
        f.set('keys/ed.pem', pem('ed25519', 'pkcs8'));
        f.set('lib/key.ts', Buffer.from(`export const key = ${JSON.stringify(pem('rsa', 'pkcs8').toString())};\n`));
        f.set('README.md', Buffer.from('Put your key in key.pem:\n-----BEGIN PRIVATE KEY-----\n...\n-----END PRIVATE KEY-----\n'));
        f.set('docs/example.pem', Buffer.from(`-----BEGIN RSA PRIVATE KEY-----\n${'x'.repeat(128)}\n-----END RSA PRIVATE KEY-----\n`));
      }),
    );
    expect(found.map((f) => [f.file, f.line])).toEqual([
      ['keys/rsa.pem', 2],
      ['keys/ec.pem', 2],
      ['keys/ec8.key', 2],
      ['keys/ed.pem', 2],
      ['lib/key.ts', 1],
    ]);
    expect(found.every((f) => f.reason.includes('holds what looks like a private key.'))).toBe(true);
  });

  it('flags a GitHub token, an AWS key and a Slack token in source, each at its line, masked to 4 characters', async () => {
    const found = await run(fixtureMap('leaky-token'));
    expect(found.map(({ file, line }) => ({ file, line }))).toEqual([
      { file: 'lib/clients.ts', line: 3 },
      { file: 'lib/clients.ts', line: 4 },
      { file: 'lib/clients.ts', line: 5 },
    ]);
    expect(found.map((f) => f.reason.match(/looks like (.*?)\. Anyone/)![1])).toEqual([
      'a GitHub token (ghp_…)',
      `an AWS secret access key (${AWS_SECRET.slice(0, 4)}…)`,
      'a Slack token (xoxb…)',
    ]);
    expect(TOKENS).toHaveLength(4);
    for (const token of TOKENS) {
      expect(JSON.stringify(found)).not.toContain(token);
      expect(JSON.stringify(found)).not.toContain(token.slice(0, 8));
    }
  });

  it('scans bundled modules too, but not binary files nor files over 1 MB', async () => {
    const line = Buffer.from(`module.exports = '${GITHUB}';\n`);
    const found = await run(
      fixtureMap('vote-buttons', (f) => {
        f.set('node_modules/gh-client/index.js', line);
        f.set('assets/logo.bin', Buffer.concat([Buffer.from([0x89, 0x00, 0x01]), line]));
        f.set('data/huge.json', Buffer.concat([line, Buffer.alloc(MAX_SCANNED_BYTES, 0x20)]));
      }),
    );
    expect(found.map((f) => f.file)).toEqual(['node_modules/gh-client/index.js']);
  });

  it('finds nothing in packages without secrets', async () => {
    for (const app of ['vote-buttons', 'tidy-actions', 'reminder-bot', 'room-slugger']) expect(await run(fixtureMap(app))).toEqual([]);
  });

  it('masks a secret to its first 4 characters', () => {
    expect(mask('xoxb-1234-abcd')).toBe('xoxb…');
  });

  it('scans a package of 5 000 files', async () => {
    const source = readFileSync('server/apps/compile/compiler.ts');
    const files = fixtureMap('vote-buttons', (f) => {
      for (let i = 0; i < 5000; i++) f.set(`node_modules/pkg${i % 50}/lib/file${i}.js`, source);
      f.set('node_modules/pkg49/lib/file4999.js', Buffer.concat([source, Buffer.from(`\nconst t = '${GITHUB}';\n`)]));
    });
    const found = await run(files);
    expect(found).toEqual([expect.objectContaining({ file: 'node_modules/pkg49/lib/file4999.js', line: source.toString().split('\n').length + 1 })]);
  });
});
