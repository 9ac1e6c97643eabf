import { and, asc, desc, eq, gt, inArray, lte } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { accounts, apps, appVersions, purchaseRecords, workspaces } from '../../db/schema';
import { notFound } from '../../errors';
import type { PurchaseBilling } from '../../../contract/schemas/commerce';
import type { Purchase } from '../sales/events';
import { pageByPosition, storedTotal, type Page } from '../../kernel/paging';

export type PurchaseRow = typeof purchaseRecords.$inferSelect;
type AppName = { name: string; isBundle: boolean };

export const toPurchase = (r: PurchaseRow, app: AppName | undefined): Purchase => ({
  _id: r.id,
  appId: r.appId,
  appName: app?.name ?? '',
  isBundle: app?.isBundle ?? false,
  date: r.date.toISOString(),
  purchaseType: r.purchaseType,
  price: r.price,
  subscriptionInfo:
    r.purchaseType === 'subscription' && r.subscriptionStatus
      ? {
          status: r.subscriptionStatus,
          periodEnd: (r.periodEnd ?? r.date).toISOString(),
          isSeatBased: r.isSeatBased,
          seats: r.seats,
          maxSeats: r.maxSeats,
          externallyManaged: r.externallyManaged,
        }
      : null,
});

/** The apps' names (their latest version's) and whether each is a bundle: one query for a page's apps. */
export async function appNames(db: Db | Tx, appIds: string[]): Promise<Map<string, AppName>> {
  const ids = [...new Set(appIds)];
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: apps.id, isBundle: apps.isBundle, name: appVersions.name })
    .from(apps)
    .leftJoin(appVersions, eq(appVersions.internalId, apps.latestVersionId))
    .where(inArray(apps.id, ids));
  return new Map(rows.map((r) => [r.id, { name: r.name ?? r.id, isBundle: r.isBundle }]));
}

export async function withNames(db: Db | Tx, rows: PurchaseRow[]) {
  const names = await appNames(
    db,
    rows.map((r) => r.appId),
  );
  return rows.map((r) => toPurchase(r, names.get(r.appId)));
}

export type PurchaseOrder = 'desc' | 'asc';
export const ALL_SCOPE = 'all';
export const publisherScope = (publisherId: string) => `publisher:${publisherId}`;

/**
 * A page of purchase records (all of them, or one publisher's), newest or oldest first: records are
 * numbered in the order they are made (migration 0012), so any page — the millionth row's too — is a
 * range of positions read through an index, and the total is one stored count.
 */
export async function purchasesPage(db: Db, scope: { publisherId?: string }, page: Page, order: PurchaseOrder = 'desc') {
  const pub = scope.publisherId;
  const position = pub ? purchaseRecords.publisherPosition : purchaseRecords.position;
  const within = pub ? eq(purchaseRecords.publisherId, pub) : undefined;
  const list = pub ? publisherScope(pub) : ALL_SCOPE;
  let rows: PurchaseRow[];
  let total: number;
  if (order === 'desc') {
    ({ data: rows, total } = await pageByPosition(db, 'purchase_records', list, page, (top, limit) =>
      db
        .select()
        .from(purchaseRecords)
        .where(and(within, lte(position, top)))
        .orderBy(desc(position))
        .limit(limit),
    ));
  } else {
    total = await storedTotal(db, 'purchase_records', list);
    rows =
      page.offset >= total
        ? []
        : await db
            .select()
            .from(purchaseRecords)
            .where(and(within, gt(position, page.offset)))
            .orderBy(asc(position))
            .limit(page.limit);
  }
  return { data: await withNames(db, rows), meta: { total } };
}

/** Every record of a list, in pages of `batch`, for the CSV export (the positions make each batch a range read). */
export async function* allPurchases(db: Db, scope: { publisherId?: string }, order: PurchaseOrder, batch = 2000) {
  const pub = scope.publisherId;
  // App names read once per export, not once per batch.
  const names = new Map<string, AppName>();
  const position = pub ? purchaseRecords.publisherPosition : purchaseRecords.position;
  const within = pub ? eq(purchaseRecords.publisherId, pub) : undefined;
  let after: number | null = null;
  for (;;) {
    const rows: PurchaseRow[] = await db
      .select()
      .from(purchaseRecords)
      .where(and(within, after === null ? undefined : order === 'desc' ? lte(position, after - 1) : gt(position, after)))
      .orderBy(order === 'desc' ? desc(position) : asc(position))
      .limit(batch);
    if (!rows.length) return;
    const missing = [...new Set(rows.map((r) => r.appId))].filter((id) => !names.has(id));
    for (const [id, name] of await appNames(db, missing)) names.set(id, name);
    yield rows.map((r) => toPurchase(r, names.get(r.appId)));
    after = rows.at(-1)!.position ?? 0;
    if (rows.length < batch) return;
  }
}

export async function purchaseRow(db: Db | Tx, id: string, lock = false) {
  const q = db.select().from(purchaseRecords).where(eq(purchaseRecords.id, id));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound('Purchase record');
  return row;
}

/** How a record was billed, as contract/purchase-rules.ts `purchaseRefundable` reads it. */
export const billingOf = (r: PurchaseRow): PurchaseBilling => ({
  provider: r.provider,
  paid: !!r.providerPaymentId,
  refundedAmount: r.refundedAmount,
  refundedAt: r.refundedAt?.toISOString() ?? null,
});

export async function purchaseDetail(db: Db, id: string) {
  const row = await purchaseRow(db, id);
  const [[ws], [account], names] = await Promise.all([
    db.select().from(workspaces).where(eq(workspaces.id, row.workspaceId)),
    db.select().from(accounts).where(eq(accounts.id, row.accountId)),
    appNames(db, [row.appId]),
  ]);
  const purchase = toPurchase(row, names.get(row.appId));
  return {
    purchaseRecord: purchase,
    billing: billingOf(row),
    app: { appId: row.appId, name: purchase.appName, isBundle: purchase.isBundle },
    account: { id: row.accountId, name: account?.name ?? '' },
    workspace: { id: row.workspaceId, nickname: ws?.nickname ?? '', address: ws?.address ?? '' },
  };
}

/** A workspace's purchase records, newest first (a workspace has a handful; this many at most). */
export const WORKSPACE_PURCHASES = 1000;

export async function workspaceOf(db: Db, id: string) {
  const [ws] = await db.select().from(workspaces).where(eq(workspaces.id, id));
  if (!ws) throw notFound('Workspace');
  return { id: ws.id, nickname: ws.nickname, address: ws.address };
}

export async function workspacePurchases(db: Db, id: string) {
  await workspaceOf(db, id);
  const rows = await db
    .select()
    .from(purchaseRecords)
    .where(eq(purchaseRecords.workspaceId, id))
    .orderBy(desc(purchaseRecords.date), desc(purchaseRecords.id))
    .limit(WORKSPACE_PURCHASES);
  return withNames(db, rows);
}
