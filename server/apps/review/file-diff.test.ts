import { describe, expect, it } from 'vitest';
import { diffPackages, fileChange, isBinary, MAX_DIFF_BYTES } from './file-diff';

const files = (entries: Record<string, string | Buffer>) => new Map(Object.entries(entries).map(([k, v]) => [k, Buffer.isBuffer(v) ? v : Buffer.from(v)]));

describe('diffing two packages', () => {
  it('lists added, removed and changed files in path order, with unified hunks for text', () => {
    const from = files({ 'app.json': '{"version":"1.0.0"}\n', 'lib/a.ts': 'one\ntwo\nthree\n', 'lib/old.ts': 'gone\n', 'README.md': 'same\n' });
    const to = files({ 'app.json': '{"version":"1.1.0"}\n', 'lib/a.ts': 'one\n2\nthree\nfour\n', 'lib/new.ts': 'fresh\n', 'README.md': 'same\n' });
    const d = diffPackages(from, to, { limit: 50 });
    expect(d.summary).toEqual({ added: 1, removed: 1, changed: 2, unchanged: 1 });
    expect(d.items.map((f) => [f.path, f.change])).toEqual([
      ['app.json', 'changed'],
      ['lib/a.ts', 'changed'],
      ['lib/new.ts', 'added'],
      ['lib/old.ts', 'removed'],
    ]);
    expect(d.items[1]!.hunks).toEqual([{ oldStart: 1, oldLines: 3, newStart: 1, newLines: 4, lines: [' one', '-two', '+2', ' three', '+four'] }]);
    expect(d.items[2]!.hunks).toEqual([{ oldStart: 1, oldLines: 0, newStart: 1, newLines: 1, lines: ['+fresh'] }]);
    expect(d.items[3]!.hunks![0]!.lines).toEqual(['-gone']);
    expect(d.next).toBeNull();
  });

  it('lists binary files with their sizes, not diffed; a text file too large to diff likewise', () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    expect(isBinary(png)).toBe(true);
    expect(isBinary(Buffer.from([0xc3, 0x28]))).toBe(true);
    expect(isBinary(Buffer.from('héllo'))).toBe(false);
    expect(fileChange('icon.png', png, Buffer.concat([png, png]))).toEqual({
      path: 'icon.png',
      change: 'changed',
      binary: true,
      tooLarge: false,
      size: { from: 12, to: 24 },
      hunks: null,
    });
    const big = Buffer.alloc(MAX_DIFF_BYTES, 'a');
    expect(fileChange('big.txt', big, Buffer.from('b'))).toMatchObject({ binary: false, tooLarge: true, hunks: null });
  });

  it('pages the differing files by path: a 5 000-file package in pages of 200', () => {
    const from = new Map<string, Buffer>();
    const to = new Map<string, Buffer>();
    for (let i = 0; i < 5000; i++) {
      const path = `src/file-${String(i).padStart(4, '0')}.ts`;
      from.set(path, Buffer.from(`export const n = ${i};\n`));
      to.set(path, Buffer.from(`export const n = ${i % 2 ? i : i + 1};\n`));
    }
    const seen: string[] = [];
    let after: string | undefined;
    let pages = 0;
    do {
      const d = diffPackages(from, to, { after, limit: 200 });
      expect(d.summary).toEqual({ added: 0, removed: 0, changed: 2500, unchanged: 2500 });
      expect(d.items.length).toBeLessThanOrEqual(200);
      seen.push(...d.items.map((f) => f.path));
      after = d.next ?? undefined;
      pages++;
    } while (after);
    expect(pages).toBe(13);
    expect(seen).toHaveLength(2500);
    expect(new Set(seen).size).toBe(2500);
    expect(seen).toEqual([...seen].sort());
  });
});
