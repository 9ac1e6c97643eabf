import { mkdtempSync, readdirSync, readFileSync, rmSync, watch } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { outboxMailer } from './mailer';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'outbox-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the outbox mailer', () => {
  it('shows a watcher of the folder only whole messages, and leaves nothing else behind', async () => {
    const mailer = outboxMailer(dir, 'Marketplace <noreply@marketplace.example>');
    // Bodies of 2 MB are written in several chunks, so a file made under its final name would be seen half-written.
    const html = `<p>${'x'.repeat(2 * 1024 * 1024)}</p>`;
    const seen: { name: string; size: number }[] = [];
    const watcher = watch(dir, (_event, name) => {
      if (!name?.endsWith('.eml')) return;
      try {
        seen.push({ name, size: readFileSync(join(dir, name)).length });
      } catch {
        /* gone or not yet there */
      }
    });
    try {
      await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          mailer.send({
            to: `person${i}@example.com`,
            subject: `Message ${i}`,
            text: 'Hello',
            html,
            messageId: `m${i}@marketplace.example`,
          }),
        ),
      );
    } finally {
      watcher.close();
      mailer.close();
    }
    const files = readdirSync(dir);
    expect(files.filter((f) => f.endsWith('.eml'))).toHaveLength(8);
    expect(files.filter((f) => !f.endsWith('.eml'))).toEqual([]);
    const sizes = new Map(files.map((f) => [f, readFileSync(join(dir, f)).length]));
    for (const { name, size } of seen) expect(size, name).toBe(sizes.get(name));
    for (const f of files) expect(readFileSync(join(dir, f), 'utf8')).toMatch(/^To: person\d@example\.com$/m);
  });
});
