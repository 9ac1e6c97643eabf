// Registered Rocket.Chat workspaces (docs/rocketchat.md, Pointing a Rocket.Chat server): staff register one (a new account and an OAuth client),
// rotate its client secret, or revoke it. Its access tokens (workspace_tokens) end with its secret.
import { and, count, desc, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { RegisteredWorkspace, RegisterWorkspaceInput } from '../../contract/schemas/workspaces';
import { WORKSPACE_TEXT, workspaceAddress } from '../../contract/schemas/workspaces';
import type { Db, Tx } from '../db/client';
import { newId } from '../db/ids';
import { accounts, appInstallEvents, developers, workspaceTokens, workspaces } from '../db/schema';
import { badRequest, conflict, notFound } from '../errors';
import type { Staff } from '../kernel/activity';
import { newClient } from './credentials';

type WorkspaceRow = typeof workspaces.$inferSelect;
type Registered = WorkspaceRow & { clientId: string; secretPrefix: string; registeredAt: Date };

const isRegistered = (w: WorkspaceRow): w is Registered => w.clientId !== null && w.secretHash !== null && w.registeredAt !== null;

/**
 * How many apps each workspace has installed: apps whose latest install, update or uninstall event from it
 * is not an uninstall (downloads are no install).
 */
async function installedApps(db: Db | Tx, workspaceIds: string[]): Promise<Map<string, number>> {
  if (workspaceIds.length === 0) return new Map();
  const latest = db
    .selectDistinctOn([appInstallEvents.workspaceId, appInstallEvents.appId], { workspaceId: appInstallEvents.workspaceId, action: appInstallEvents.action })
    .from(appInstallEvents)
    .where(and(inArray(appInstallEvents.workspaceId, workspaceIds), ne(appInstallEvents.action, 'download')))
    .orderBy(appInstallEvents.workspaceId, appInstallEvents.appId, desc(appInstallEvents.at), desc(appInstallEvents.id))
    .as('latest');
  const rows = await db.select({ workspaceId: latest.workspaceId, n: count() }).from(latest).where(ne(latest.action, 'uninstall')).groupBy(latest.workspaceId);
  return new Map(rows.map((r) => [r.workspaceId, Number(r.n)]));
}

const registeredColumns = {
  workspace: workspaces,
  accountName: accounts.name,
  // Who registered it, as people read it; the id itself when that developer is gone.
  registeredByName: sql<string | null>`nullif(trim(${developers.firstName} || ' ' || ${developers.lastName}), '')`,
  registeredByEmail: developers.email,
};

async function viewsOf(
  db: Db | Tx,
  rows: { workspace: WorkspaceRow; accountName: string; registeredByName: string | null; registeredByEmail: string | null }[],
) {
  const installed = await installedApps(
    db,
    rows.map((r) => r.workspace.id),
  );
  return rows.map(({ workspace: w, accountName, registeredByName, registeredByEmail }): RegisteredWorkspace => {
    if (!isRegistered(w)) throw new Error(`workspace ${w.id} is not registered`);
    return {
      id: w.id,
      nickname: w.nickname,
      address: w.address,
      accountId: w.accountId,
      accountName,
      clientId: w.clientId,
      secretPrefix: w.secretPrefix,
      registeredAt: w.registeredAt.toISOString(),
      registeredBy: registeredByName ?? registeredByEmail ?? w.registeredBy ?? '',
      secretRotatedAt: w.secretRotatedAt?.toISOString() ?? null,
      lastSeenAt: w.lastSeenAt?.toISOString() ?? null,
      revokedAt: w.revokedAt?.toISOString() ?? null,
      installedApps: installed.get(w.id) ?? 0,
    };
  });
}

/** A registered workspace's row: a client, its secret's hash and when it was registered (as `isRegistered`). */
const registeredOnly = and(isNotNull(workspaces.clientId), isNotNull(workspaces.secretHash), isNotNull(workspaces.registeredAt));

const selectRegistered = (db: Db | Tx) =>
  db
    .select(registeredColumns)
    .from(workspaces)
    .innerJoin(accounts, eq(accounts.id, workspaces.accountId))
    .leftJoin(developers, eq(developers.id, workspaces.registeredBy));

/** A registered workspace as staff see it. */
export async function registeredWorkspace(db: Db | Tx, id: string): Promise<RegisteredWorkspace> {
  const rows = await selectRegistered(db).where(and(eq(workspaces.id, id), registeredOnly));
  if (rows.length === 0) throw notFound('Workspace');
  return (await viewsOf(db, rows))[0]!;
}

/** Registered workspaces, newest first (a workspace known only from purchase records is not one). */
export async function listRegistered(db: Db, page: { limit: number; offset: number }) {
  const registered = registeredOnly;
  const [rows, [total]] = await Promise.all([
    selectRegistered(db).where(registered).orderBy(desc(workspaces.registeredAt), desc(workspaces.id)).limit(page.limit).offset(page.offset),
    db.select({ n: count() }).from(workspaces).where(registered),
  ]);
  return { data: await viewsOf(db, rows), meta: { total: Number(total?.n ?? 0) } };
}

/**
 * A new workspace with an account of its own (named after it) and a fresh client; its secret is returned this once.
 * Its address is stored in its one form (workspaceAddress: the route's body has it so already; the development
 * simulator and tests call this directly).
 */
export async function registerWorkspace(db: Db, input: RegisterWorkspaceInput, by: Staff, now = new Date()) {
  const address = workspaceAddress(input.address);
  if (address === null) throw badRequest(WORKSPACE_TEXT.addressInvalid, [{ path: 'address', message: WORKSPACE_TEXT.addressInvalid }]);
  const client = newClient();
  const id = newId();
  await db.transaction(async (tx) => {
    const accountId = newId();
    await tx.insert(accounts).values({ id: accountId, name: input.nickname });
    await tx.insert(workspaces).values({
      id,
      accountId,
      nickname: input.nickname,
      address,
      clientId: client.clientId,
      secretHash: client.secretHash,
      secretPrefix: client.secretPrefix,
      registeredAt: now,
      registeredBy: by.id,
    });
  });
  return { workspace: await registeredWorkspace(db, id), clientId: client.clientId, clientSecret: client.clientSecret };
}

/** The row, locked until the transaction ends, once it is a registered workspace that is not revoked. */
async function lockLive(tx: Tx, id: string) {
  const [row] = await tx.select().from(workspaces).where(eq(workspaces.id, id)).for('update');
  if (!row) throw notFound('Workspace');
  if (!isRegistered(row)) throw conflict('not_registered', WORKSPACE_TEXT.notRegistered);
  if (row.revokedAt) throw conflict('revoked', WORKSPACE_TEXT.alreadyRevoked);
  return row;
}

/**
 * A new client secret (returned this once). The old secret stops working at once, and so does every token
 * issued with it: they are deleted in the same transaction. The token endpoint locks the workspace's row
 * while it issues a token, so none issued with the old secret survives a rotation running meanwhile.
 */
export async function rotateSecret(db: Db, id: string, now = new Date()) {
  const { clientSecret, secretHash, secretPrefix } = newClient();
  const clientId = await db.transaction(async (tx) => {
    const row = await lockLive(tx, id);
    await tx.update(workspaces).set({ secretHash, secretPrefix, secretRotatedAt: now }).where(eq(workspaces.id, id));
    await tx.delete(workspaceTokens).where(eq(workspaceTokens.workspaceId, id));
    return row.clientId;
  });
  return { workspace: await registeredWorkspace(db, id), clientId, clientSecret };
}

/** Revokes a workspace: its secret and tokens are refused from now on (its tokens are deleted). */
export async function revokeWorkspace(db: Db, id: string, now = new Date()): Promise<RegisteredWorkspace> {
  await db.transaction(async (tx) => {
    await lockLive(tx, id);
    await tx
      .update(workspaces)
      .set({ revokedAt: now })
      .where(and(eq(workspaces.id, id), isNull(workspaces.revokedAt)));
    await tx.delete(workspaceTokens).where(eq(workspaceTokens.workspaceId, id));
  });
  return registeredWorkspace(db, id);
}
