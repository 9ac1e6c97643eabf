// One process per embedded data folder: while a portal runs on a DATA_DIR, a second portal and `npm run seed`
// on the same folder refuse to start, naming the folder and the holder's pid, and the first keeps serving.
// Killed with `kill -9`, the first leaves the folder usable: the next portal starts at once, with every row
// it had acknowledged. Separate processes (`server/main.ts`, `server/dev/seed/seed-cli.ts`) on PGlite: the lock is
// the embedded database's (PostgreSQL serves any number of processes), so the PostgreSQL pass skips it.
import { createHash } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { uuidOf } from '../../server/dev/seed/seed';
import { demoUsers } from '../../server/dev/seed/seed-data';
import { callAt, runScript, signInAt, startPortalProcess, tempDataDir, type PortalProcess } from '../portal-process';

const running: PortalProcess[] = [];
let dir: ReturnType<typeof tempDataDir> | undefined;
afterAll(async () => {
  await Promise.all(running.map((p) => p.stop('SIGKILL')));
  dir?.remove();
});

describe.skipIf(!!process.env.TEST_DATABASE_URL)('one portal process per data folder', () => {
  it('refuses a second portal and the seed while one runs, and survives kill -9 of the first with every acknowledged row', async () => {
    // Made here, not at import: the PostgreSQL pass skips this test and must leave nothing behind.
    dir = tempDataDir('portal-lock-');
    const first = await startPortalProcess({ DATA_DIR: dir.path });
    running.push(first);
    const pid = first.child.pid!;
    const refusal = `The data folder ${dir.path} is in use by another portal process (pid ${pid})`;

    const second = await runScript('server/main.ts', { DATA_DIR: dir.path, PORT: '0', LOG_LEVEL: 'warn', SERVE_SPA: 'false' });
    expect(second.code).toBe(1);
    expect(second.output).toContain(refusal);
    const seed = await runScript('server/dev/seed/seed-cli.ts', { DATA_DIR: dir.path });
    expect(seed.code).toBe(1);
    expect(seed.output).toContain(refusal);
    expect(seed.output).toContain('npm run seed changes nothing while the portal runs');

    // The first serves on: purchase records, each acknowledged with its 201.
    const support = await signInAt(first.base, demoUsers.support.id);
    const workspaceId = createHash('sha256').update('ws:acme-hq').digest('hex').slice(0, 24);
    const body = {
      appId: uuidOf('app:Jira Connector'),
      workspaceId,
      externallyManaged: true,
      planId: '',
      seats: 0,
      addonTierId: '',
      periodEnd: '2031-01-31T00:00:00.000Z',
    };
    const before = (await callAt(first.base, 'GET', '/v1/admin/purchases?limit=1', support)).json.meta.total as number;
    const acknowledged: string[] = [];
    for (let i = 0; i < 25; i++) {
      const made = await callAt(first.base, 'POST', '/v1/admin/purchases', support, body);
      expect(made.status).toBe(201);
      acknowledged.push(made.json.id ?? made.json._id);
    }

    await first.stop('SIGKILL');
    const again = await startPortalProcess({ DATA_DIR: dir.path });
    running.push(again);
    const token = await signInAt(again.base, demoUsers.support.id);
    expect((await callAt(again.base, 'GET', '/v1/admin/purchases?limit=1', token)).json.meta.total).toBe(before + acknowledged.length);
    for (const id of acknowledged) expect((await callAt(again.base, 'GET', `/v1/admin/purchases/${id}`, token)).status).toBe(200);
    await again.stop();
    // Stopped cleanly, the folder is free for the seed.
    const reseed = await runScript('server/dev/seed/seed-cli.ts', { DATA_DIR: dir.path });
    expect(reseed.output).toContain('The database already has data');
    expect(reseed.code).toBe(0);
  });
});
