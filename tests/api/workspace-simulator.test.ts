import { eq, inArray, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appInstallEvents, workspaceTokens, workspaces } from '../../server/db/schema';
import { WorkspaceSimulator } from '../../server/dev/simulators/workspace-simulator';
import { startServer, type TestServer } from '../harness';

/**
 * The demo's numbers come from the workspace simulator (server/dev/simulators/workspace-simulator.ts): workspaces
 * registered as staff register them, tokens from the token endpoint over HTTP, and the same public calls a
 * Rocket.Chat server makes. What it does shows in the registered workspaces' list and the install events.
 */
let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startServer();
  admin = await s.signIn('admin');
});
afterAll(() => s.close());

/** A seeded random: the same moves on every run. */
function seeded(seed: number) {
  let x = seed;
  return () => (x = (x * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

describe('the workspace simulator', () => {
  it('registers workspaces, gets their tokens from /api/oauth/token, and installs through the public routes', async () => {
    const simulator = new WorkspaceSimulator(s.app.db, s.base, seeded(7));
    const moves: string[] = [];
    for (let i = 0; i < 12; i++) {
      const move = await simulator.step();
      if (move) moves.push(move);
    }
    expect(moves.length).toBeGreaterThan(0);
    const events = await s.app.db.select().from(appInstallEvents);
    expect(events.filter((e) => e.action === 'install').length).toBeGreaterThan(0);
    // Each install downloaded its package first (a download event) through the real route.
    expect(events.filter((e) => e.action === 'download').length).toBeGreaterThanOrEqual(
      events.filter((e) => e.action !== 'download' && e.action !== 'uninstall').length,
    );
    const simulated = [...new Set(events.map((e) => e.workspaceId))];
    // Every workspace it used is registered as staff register one (a client and a hashed secret), with tokens the grant issued.
    const rows = await s.app.db.select().from(workspaces).where(inArray(workspaces.id, simulated));
    for (const w of rows) expect(w.clientId && w.secretHash && w.secretPrefix && w.registeredAt).toBeTruthy();
    expect((await s.app.db.select().from(workspaceTokens).where(inArray(workspaceTokens.workspaceId, simulated))).length).toBeGreaterThan(0);
    // Staff see them in the registered workspaces' list, with what they installed.
    const list = await s.request('GET', '/v1/admin/workspaces?limit=100', { token: admin });
    expect(list.status, list.text).toBe(200);
    const listed = (list.json.data as { id: string; installedApps: number }[]).filter((w) => simulated.includes(w.id));
    expect(listed.length).toBe(simulated.length);
    const installedSomewhere = await s.app.db.select({ w: appInstallEvents.workspaceId }).from(appInstallEvents).where(ne(appInstallEvents.action, 'download'));
    expect(installedSomewhere.length).toBeGreaterThan(0);
    expect(listed.some((w) => w.installedApps > 0)).toBe(true);
    // Their last use shows.
    const [seen] = await s.app.db.select({ at: workspaces.lastSeenAt }).from(workspaces).where(eq(workspaces.id, simulated[0]!));
    expect(seen?.at).not.toBeNull();
  });
});
