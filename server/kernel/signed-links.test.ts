import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/client';
import { openDatabaseWithJobs } from './database';
import { SignedLinks } from './signed-links';

let database: Database;
beforeAll(async () => {
  database = await openDatabaseWithJobs({});
});
afterAll(() => database.close());

describe('signed links', () => {
  it('gives back what it signed until it expires', async () => {
    const links = new SignedLinks(database.db);
    const token = await links.sign({ file: 'packages/a/b.zip' }, 60);
    await expect(links.verify(token)).resolves.toMatchObject({ file: 'packages/a/b.zip' });
    vi.useFakeTimers({ now: Date.now() + 61_000 });
    try {
      await expect(links.verify(token)).resolves.toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a changed payload, a changed signature and garbage', async () => {
    const links = new SignedLinks(database.db);
    const [body, mac] = (await links.sign({ sub: 'd1' }, 60)).split('.');
    const other = Buffer.from(JSON.stringify({ sub: 'd2', exp: Date.now() + 60_000 })).toString('base64url');
    await expect(links.verify(`${other}.${mac}`)).resolves.toBeNull();
    await expect(links.verify(`${body}.${mac!.slice(0, -2)}AA`)).resolves.toBeNull();
    await expect(links.verify('nonsense')).resolves.toBeNull();
    await expect(links.verify('')).resolves.toBeNull();
  });

  it('shares one key between instances on one database (a restart, or several processes)', async () => {
    const token = await new SignedLinks(database.db).sign({ n: 1 }, 60);
    await expect(new SignedLinks(database.db).verify(token)).resolves.toMatchObject({ n: 1 });
  });
});
