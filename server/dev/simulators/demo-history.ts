// Development only: the demo's past (issue 43, docs/reports.md). At the demo's first start the simulated
// workspaces and buyers play some months of the marketplace, day by day, with the portal's clock
// (kernel/clock.ts) moved to each simulated day: every install, sale, trial, seat change, cancellation, renewal,
// refund and payout goes through the same public routes (and the same billing job) as on any other day, and is
// dated — and rolled up into the reports — on its simulated day. The clock is set back to real time after.
import { and, desc, eq, gt, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { publishers, purchaseRecords } from '../../db/schema';
import { now, setClockOffset } from '../../kernel/clock';
import type { SimulatedStaff } from './simulated-staff';
import type { Random, WorkspaceSimulator } from './workspace-simulator';

const DAY = 86_400_000;
/** What the history plays by default: about five months, up to today. */
export const DEMO_HISTORY_DAYS = 150;
/**
 * New customers over the default history. Each simulated workspace asks the token endpoint once (SIMULATED_SCOPES):
 * with the demo's four seeded workspaces, this stays under its limit (RATE_LIMIT_SIGN_IN, 20 a minute and address)
 * for the history's minute or less.
 */
export const DEMO_HISTORY_CUSTOMERS = 14;

/** How often a workspace's move on an app it runs up to date uninstalls it (the rest report usage): most stay. */
const UNINSTALLS = 0.1;

type Move = 'newCustomer' | 'buy' | 'seats' | 'cancel' | 'workspace' | 'lapsed' | 'refund' | 'payout';

export type HistoryOptions = {
  /** Simulated days before today (today is played too). */
  days: number;
  /** New customers' workspaces registered over the history (more of them as it goes on). */
  customers: number;
  /** The sandbox's billing job for a moment (commerce/billing/subscriptions.ts sandboxBillingDue). */
  billing: (at: Date) => Promise<unknown>;
  /** Staff's refunds and payouts (null: none). */
  staff: SimulatedStaff | null;
  /** True once the portal closes: the history stops at its next move. */
  stopped?: () => boolean;
  rnd?: Random;
  /** The first few failed moves, for the log. */
  warn?: (err: unknown, move: string) => void;
};

export type HistorySummary = {
  /** Simulated days played (today included). */
  days: number;
  /** Moves that did something, by kind. */
  made: Partial<Record<Move | 'billing', number>>;
  /** Moves that failed (logged through `warn`, the first few). */
  failed: number;
  /** How long it took, in real milliseconds. */
  ms: number;
};

/**
 * Plays the history on `simulator`'s workspaces (and its buyer), from `days` days ago up to today. Each day has
 * a rhythm — more activity as the months go by, less at weekends — and its moves at increasing times of that
 * day; the sandbox's billing clock then runs at the day's end, so trials convert (or fail to), renewals are
 * charged and cancellations take effect on their days. Today's moves are all before the moment the history
 * began, so nothing is dated after the real time the clock is set back to.
 */
export async function playHistory(db: Db, simulator: WorkspaceSimulator, o: HistoryOptions): Promise<HistorySummary> {
  const rnd = o.rnd ?? Math.random;
  const stopped = o.stopped ?? (() => false);
  const started = Date.now();
  const today = Math.floor(started / DAY) * DAY;
  const made: HistorySummary['made'] = {};
  let failed = 0;
  let played = 0;
  // The days new customers join: a quarter of them (three at least) at the start — the marketplace's first
  // customers — and the others more and more as the months go by (density 0.5 + progress, inverted).
  const first = Math.min(o.customers, Math.max(3, Math.ceil(o.customers / 4)));
  const joins = new Map<number, number>([[0, first]]);
  for (let k = first; k < o.customers; k++) {
    const p = -0.5 + Math.sqrt(0.25 + 2 * rnd());
    const day = Math.min(o.days, Math.floor(p * (o.days + 1)));
    joins.set(day, (joins.get(day) ?? 0) + 1);
  }
  const at = (time: number) => setClockOffset(time - Date.now());
  const run = async (move: Move | 'billing', what: () => Promise<unknown>) => {
    try {
      if (await what()) made[move] = (made[move] ?? 0) + 1;
    } catch (err) {
      failed++;
      if (failed <= 3) o.warn?.(err, move);
    }
  };
  try {
    for (let i = 0; i <= o.days && !stopped(); i++) {
      const dayStart = today - (o.days - i) * DAY;
      // Today ends a second before the history began.
      const dayEnd = i === o.days ? Math.max(dayStart, started - 1000) : dayStart + DAY - 1;
      const moves = dayMoves(i, o, new Date(dayStart), joins.get(i) ?? 0, rnd);
      const times = moves.map(() => dayStart + rnd() * (dayEnd - dayStart)).sort((a, b) => a - b);
      for (const [k, move] of moves.entries()) {
        if (stopped()) break;
        at(times[k]!);
        await run(move, () => playMove(db, simulator, o.staff, move, rnd));
      }
      if (stopped()) break;
      at(dayEnd);
      await run('billing', () => o.billing(now()));
      played++;
    }
  } finally {
    setClockOffset(0);
  }
  return { days: played, made, failed, ms: Date.now() - started };
}

/** The moves of the history's day `i`, in no particular order (the times sort them). */
function dayMoves(i: number, o: HistoryOptions, day: Date, joining: number, rnd: Random): Move[] {
  const progress = o.days ? i / o.days : 1;
  const weekday = day.getUTCDay();
  const rhythm = weekday === 0 || weekday === 6 ? 0.45 : weekday === 1 ? 1.15 : 1;
  const activity = (0.5 + 2.5 * progress) * rhythm * (0.75 + 0.5 * rnd());
  const count = (mean: number) => Math.floor(mean + rnd());
  const moves: Move[] = Array.from({ length: joining }, () => 'newCustomer' as const);
  for (let k = count(activity * 1.5); k > 0; k--) moves.push(rnd() < 0.15 ? 'lapsed' : 'workspace');
  for (let k = count(activity * 1.1); k > 0; k--) {
    const roll = rnd();
    moves.push(roll < 0.7 ? 'buy' : roll < 0.96 ? 'seats' : 'cancel');
  }
  // Now and then a customer asks for their money back; payouts on the 1st and the 15th.
  if (o.staff && rnd() < 0.06 * rhythm) moves.push('refund');
  if (o.staff && (day.getUTCDate() === 1 || day.getUTCDate() === 15)) moves.push('payout');
  return moves;
}

async function playMove(db: Db, simulator: WorkspaceSimulator, staff: SimulatedStaff | null, move: Move, rnd: Random): Promise<unknown> {
  const buyer = simulator.buyer;
  switch (move) {
    case 'newCustomer':
      return buyer.buy({ newCustomer: true });
    case 'buy':
      return buyer.buy({ newCustomer: false });
    case 'seats':
      return buyer.changeSeats();
    case 'cancel':
      return buyer.cancel();
    case 'workspace':
      return simulator.move({ uninstall: UNINSTALLS });
    case 'lapsed':
      return (await simulator.uninstallLapsed()) ?? simulator.move({ uninstall: UNINSTALLS });
    case 'refund':
      return staff && refund(db, staff, rnd);
    case 'payout':
      return staff && payouts(db, staff);
  }
}

/** Staff refund a paid purchase of the last weeks that was billed through the checkout (in full). */
async function refund(db: Db, staff: SimulatedStaff, rnd: Random) {
  const since = new Date(now().getTime() - 30 * DAY);
  const candidates = await db
    .select({ id: purchaseRecords.id })
    .from(purchaseRecords)
    .where(
      and(
        isNotNull(purchaseRecords.provider),
        eq(purchaseRecords.externallyManaged, false),
        isNull(purchaseRecords.refundedAt),
        gt(purchaseRecords.price, 0),
        gt(purchaseRecords.date, since),
        or(eq(purchaseRecords.purchaseType, 'buy'), eq(purchaseRecords.subscriptionStatus, 'active')),
      ),
    )
    .orderBy(desc(purchaseRecords.date))
    .limit(10);
  if (!candidates.length) return null;
  const { id } = candidates[Math.floor(rnd() * candidates.length)]!;
  await staff.refund(id, rnd() < 0.5 ? 'bought by mistake' : 'not what the customer needed');
  return id;
}

/** Staff pay out each connected publisher's available balance (at least the minimum payout). */
async function payouts(db: Db, staff: SimulatedStaff) {
  const connected = await db
    .select({ id: publishers.id })
    .from(publishers)
    .where(ne(publishers.stripeAccountId, ''))
    .orderBy(sql`${publishers.id}`);
  let paid = 0;
  for (const { id } of connected) if (await staff.payout(id)) paid++;
  return paid || null;
}
