import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { roleMatrixMarkdown } from '../../server/access/matrix';

const config = readFileSync('server/config.ts', 'utf8');

describe('docs/roles.md', () => {
  it('shows the role matrix of the policy as it is', () => expect(readFileSync('docs/roles.md', 'utf8')).toContain(roleMatrixMarkdown()));
});

describe('docs/configuration.md', () => {
  it('documents every environment variable the server reads', () => {
    const doc = readFileSync('docs/configuration.md', 'utf8');
    const vars = [...config.matchAll(/^\s+([A-Z_]+): /gm)].map((m) => m[1]!);
    expect(vars.length).toBeGreaterThan(15);
    for (const v of vars) expect(doc, v).toContain(`\`${v}\``);
  });
});

/** The README and every document under docs/. */
const documents = [
  'README.md',
  ...readdirSync('docs', { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.md'))
    .map((f) => join('docs', f)),
];

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces to hyphens. */
const slug = (heading: string) =>
  heading
    .replace(/`/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');

/** The anchors of a Markdown file's headings (outside code fences), repeated ones numbered as GitHub does. */
function anchors(file: string) {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  let fenced = false;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const m = !fenced && /^#{1,6} (.+)$/.exec(line);
    if (!m) continue;
    const base = slug(m[1]!.trim());
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n ? `${base}-${n}` : base);
  }
  return out;
}

/** Relative links `[text](target)` of a Markdown file, outside code fences and inline code. */
function relativeLinks(file: string) {
  const text = readFileSync(file, 'utf8')
    .replace(/^```[\s\S]*?^```/gm, '')
    .replace(/`[^`\n]*`/g, '');
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!).filter((t) => !/^[a-z][a-z0-9+.-]*:/i.test(t));
}

describe('the documents', () => {
  it('README.md is at most 150 lines', () => {
    expect(readFileSync('README.md', 'utf8').trimEnd().split('\n').length).toBeLessThanOrEqual(150);
  });

  it.each(documents)('%s links only to files (and headings) that exist', (file) => {
    for (const link of relativeLinks(file)) {
      const [path, fragment] = link.split('#') as [string, string | undefined];
      const target = path ? normalize(join(dirname(file), decodeURI(path))) : file;
      expect(existsSync(target), `${file}: ${link}`).toBe(true);
      if (!fragment) continue;
      expect(statSync(target).isFile(), `${file}: ${link} names a heading of a folder`).toBe(true);
      expect([...anchors(target)], `${file}: ${link}`).toContain(fragment);
    }
  });
});

describe('docs/lifecycle.md', () => {
  it('is the diagram of the lifecycle machine as it is (npm run docs:lifecycle)', async () => {
    const { lifecycleDoc } = await import('../../scripts/lifecycle-doc');
    expect(readFileSync('docs/lifecycle.md', 'utf8').startsWith(lifecycleDoc())).toBe(true);
  });
});

describe('docs/configuration.md', () => {
  it('lists every setting of the settings’ schema, each with its meaning and default (npm run docs:config)', async () => {
    const { configurationDoc } = await import('../../scripts/config-doc');
    const { Env } = await import('../../server/config');
    expect(readFileSync('docs/configuration.md', 'utf8')).toBe(configurationDoc());
    for (const [name, schema] of Object.entries(Env.shape)) expect(schema.meta()?.description, name).toMatch(/\w/);
  });
});
