// The reports' reconciliation (docs/reports.md "What each figure means"): for generated sequences of sales,
// trials, renewals, seat changes, cancellations and refunds — on days the clock moves through — and install
// reports, the summary the API answers for any range equals what those events sum to, computed here on the
// test's own from the definitions; and its net equals the publisher's ledger entries of those sales.
import fc from 'fast-check';
import { and, eq, inArray } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { refundPurchase } from '../../server/commerce/billing/refunds';
import { renewed } from '../../server/commerce/billing/subscriptions';
import { nextPeriodEnd } from '../../server/commerce/billing/periods';
import { purchaseRow } from '../../server/commerce/read/purchases';
import { changeSubscription, insertPurchase, publisherShare } from '../../server/commerce/sales/purchases';
import { apps, appVersions, bundlePlans, publishers, purchaseRecords, salesLines, sandboxLedger, workspaces } from '../../server/db/schema';
import { now, setClockOffset } from '../../server/kernel/clock';
import { recordInstallEvent } from '../../server/workspaces/installs/events';
import { startServer, type TestServer } from '../harness';

const DAY = 86_400_000;
const dayOf = (t: number) => new Date(t).toISOString().slice(0, 10);
const STAFF = { id: 'reconciliation', name: 'Reconciliation test' };

type Command =
  | { kind: 'advance'; days: number }
  | { kind: 'buy'; ws: number }
  | { kind: 'subscribe'; ws: number; yearly: boolean; trial: boolean; seats: number }
  | { kind: 'renew'; sub: number }
  | { kind: 'seats'; sub: number; seats: number }
  | { kind: 'cancel'; sub: number }
  | { kind: 'refund'; purchase: number; part: boolean }
  | { kind: 'install'; ws: number; version: number }
  | { kind: 'uninstall'; ws: number };

const command: fc.Arbitrary<Command> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('advance' as const), days: fc.integer({ min: 1, max: 9 }) }), weight: 4 },
  { arbitrary: fc.record({ kind: fc.constant('buy' as const), ws: fc.nat(3) }), weight: 2 },
  {
    arbitrary: fc.record({
      kind: fc.constant('subscribe' as const),
      ws: fc.nat(3),
      yearly: fc.boolean(),
      trial: fc.boolean(),
      seats: fc.integer({ min: 1, max: 120 }),
    }),
    weight: 3,
  },
  { arbitrary: fc.record({ kind: fc.constant('renew' as const), sub: fc.nat(20) }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant('seats' as const), sub: fc.nat(20), seats: fc.integer({ min: 1, max: 150 }) }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('cancel' as const), sub: fc.nat(20) }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('refund' as const), purchase: fc.nat(20), part: fc.boolean() }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('install' as const), ws: fc.nat(3), version: fc.nat(2) }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('uninstall' as const), ws: fc.nat(3) }), weight: 1 },
);

/** What the test itself knows happened: money by day, and each subscription's states over time. */
type Line = { app: 'oneTime' | 'bundle'; day: string; amount: number; share: number; refund: boolean };
type SubState = { at: number; status: string; price: number; seats: number; seatBased: boolean };
type Model = {
  lines: Line[];
  subs: { id: string; yearly: boolean; created: number; trial: boolean; convertedAt: number | null; states: SubState[] }[];
  installs: { at: number; ws: number; action: 'install' | 'update' | 'uninstall'; version: string }[];
};

const cents = (n: number) => Math.round(n * 100) / 100;
const endOf = (day: string) => Date.parse(`${day}T00:00:00Z`) + DAY - 1;

/** The definitions, once more, from the test's own record of events (docs/reports.md). */
function expected(m: Model, from: string, to: string) {
  const inRange = (day: string) => day >= from && day <= to;
  const sales = m.lines.filter((l) => !l.refund && inRange(l.day));
  const refunds = m.lines.filter((l) => l.refund && inRange(l.day));
  const sum = (xs: number[]) => cents(xs.reduce((a, b) => a + b, 0));
  const gross = sum(sales.map((l) => l.amount));
  const refunded = sum(refunds.map((l) => l.amount));
  const net = sum([...sales.map((l) => l.share), ...refunds.map((l) => -l.share)]);
  const stateAt = (sub: Model['subs'][number], t: number) => [...sub.states].reverse().find((s) => s.at <= t);
  const live = (s: SubState | undefined) => !!s && s.status !== 'cancelled';
  const stocksAt = (t: number) => {
    let mrr = 0;
    let active = 0;
    let seats = 0;
    let trialing = 0;
    for (const sub of m.subs) {
      const s = stateAt(sub, t);
      if (!live(s)) continue;
      active++;
      if (s!.status === 'trialing') trialing++;
      if (s!.seatBased) seats += s!.seats;
      if ((s!.status === 'active' || s!.status === 'cancelling') && s!.price > 0) mrr += sub.yearly ? s!.price / 12 : s!.price;
    }
    return { mrr: cents(mrr), active, seats, trialing };
  };
  const start = Date.parse(`${from}T00:00:00Z`) - 1;
  const end = endOf(to);
  const atStart = stocksAt(start).active;
  const cancelled = m.subs.filter((sub) => {
    const c = sub.states.find((s) => s.status === 'cancelled');
    return c && c.at > start && c.at <= end;
  }).length;
  const trials = m.subs.filter((sub) => sub.trial && inRange(dayOf(sub.created)));
  const conversions = trials.filter((sub) => sub.convertedAt !== null).length;
  const active: Map<number, string> = new Map();
  let installs = 0;
  let uninstalls = 0;
  let updates = 0;
  for (const e of m.installs) {
    if (e.at > end) break;
    if (e.at > start) {
      if (e.action === 'install') installs++;
      else if (e.action === 'update') updates++;
      else uninstalls++;
    }
    if (e.action === 'uninstall') active.delete(e.ws);
    else active.set(e.ws, e.version);
  }
  const stocks = stocksAt(end);
  return {
    gross,
    fees: cents(gross - refunded - net),
    refunds: refunded,
    net,
    sales: sales.length,
    newSubscriptions: m.subs.filter((sub) => inRange(dayOf(sub.created))).length,
    cancelledSubscriptions: cancelled,
    trialStarts: trials.length,
    trialConversions: conversions,
    mrr: stocks.mrr,
    arr: cents(stocks.mrr * 12),
    activeSubscriptions: stocks.active,
    trialingSubscriptions: stocks.trialing,
    seats: stocks.seats,
    subscriptionsAtStart: atStart,
    churn: atStart ? cancelled / atStart : null,
    installs,
    updates,
    uninstalls,
    activeWorkspaces: active.size,
  };
}

let s: TestServer | undefined;
afterEach(async () => {
  setClockOffset(0);
  await s?.close();
  s = undefined;
});

describe('the reports reconcile with the events they sum', () => {
  it('for generated sequences of sales, trials, renewals, seat changes, cancellations, refunds and installs, and any range', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(command, { minLength: 10, maxLength: 36 }),
        fc.array(fc.tuple(fc.integer({ min: -3, max: 60 }), fc.integer({ min: 0, max: 20 })), { minLength: 4, maxLength: 8 }),
        async (commands, ranges) => {
          setClockOffset(0);
          await s?.close();
          s = await startServer();
          const { db } = s.app;
          const money = s.app.sales;
          const token = await s.signIn('owner');
          const [northwind] = await db.select().from(publishers).where(eq(publishers.name, 'Northwind Integrations'));
          const publisherId = northwind!.id;
          const appNamed = async (name: string) => {
            const [row] = await db
              .selectDistinct({ app: apps })
              .from(apps)
              .innerJoin(appVersions, eq(appVersions.appId, apps.id))
              .where(and(eq(apps.publisherId, publisherId), eq(appVersions.name, name)));
            return row!.app;
          };
          const bundle = await appNamed('Northwind Team Essentials');
          const plans = await db.select().from(bundlePlans).where(eq(bundlePlans.bundleId, bundle.id));
          const oneTime = await appNamed('Jira Connector');
          const pool = await db.select().from(workspaces).limit(4);
          // The seed's own records count from their days; the figures asked here are of what the test does, on
          // days after the seed's: the test starts 200 days in the future.
          const origin = Date.now() + 200 * DAY;
          let offset = 200 * DAY;
          setClockOffset(offset);
          const model: Model = { lines: [], subs: [], installs: [] };
          const purchases: { id: string; price: number; sub: number | null }[] = [];
          let payment = 0;
          const stateOf = async (id: string): Promise<SubState> => {
            const [r] = await db.select().from(purchaseRecords).where(eq(purchaseRecords.id, id));
            return { at: now().getTime(), status: r!.subscriptionStatus!, price: r!.price, seats: r!.seats, seatBased: r!.isSeatBased };
          };
          const sale = (app: Line['app'], amount: number) =>
            model.lines.push({ app, day: dayOf(now().getTime()), amount, share: publisherShare(money, amount), refund: false });
          for (const c of commands) {
            if (c.kind === 'advance') {
              offset += c.days * DAY;
              setClockOffset(offset);
            } else if (c.kind === 'buy') {
              const p = await db.transaction(async (tx) =>
                insertPurchase(
                  tx,
                  money,
                  {
                    appId: oneTime.id,
                    workspaceId: pool[c.ws]!.id,
                    planId: '',
                    seats: 0,
                    periodEnd: new Date(now().getTime() + 30 * DAY).toISOString(),
                    externallyManaged: false,
                  },
                  undefined,
                  now(),
                  { provider: 'sandbox', providerSubscriptionId: null, providerPaymentId: `ch_test_${++payment}`, paymentMethod: 'pm_card_visa' },
                ),
              );
              purchases.push({ id: p.row.id, price: p.row.price, sub: null });
              if (p.row.price > 0) sale('oneTime', p.row.price);
            } else if (c.kind === 'subscribe') {
              const plan = plans.find((x) => x.strategy === (c.yearly ? 'yearly' : 'monthly'))!;
              const trial = c.trial && plan.trialDays > 0;
              const p = await db.transaction(async (tx) =>
                insertPurchase(
                  tx,
                  money,
                  {
                    appId: bundle.id,
                    workspaceId: pool[c.ws]!.id,
                    planId: plan.id,
                    seats: c.seats,
                    periodEnd: new Date(now().getTime() + (trial ? plan.trialDays : 30) * DAY).toISOString(),
                    externallyManaged: false,
                    trial,
                  },
                  undefined,
                  now(),
                  {
                    provider: 'sandbox',
                    providerSubscriptionId: `sub_test_${++payment}`,
                    providerPaymentId: trial ? null : `ch_test_${payment}`,
                    paymentMethod: 'pm_card_visa',
                  },
                ),
              );
              model.subs.push({ id: p.row.id, yearly: c.yearly, created: now().getTime(), trial, convertedAt: null, states: [await stateOf(p.row.id)] });
              purchases.push({ id: p.row.id, price: p.row.price, sub: model.subs.length - 1 });
              if (!trial) sale('bundle', p.row.price);
            } else if (c.kind === 'renew' || c.kind === 'seats' || c.kind === 'cancel') {
              const sub = model.subs[c.sub % Math.max(1, model.subs.length)];
              if (!sub) continue;
              const last = sub.states.at(-1)!;
              if (last.status === 'cancelled') continue;
              await db.transaction(async (tx) => {
                const row = await purchaseRow(tx, sub.id, true);
                if (c.kind === 'renew') {
                  await renewed(tx, money, row, nextPeriodEnd(row.periodEnd!, sub.yearly ? 'yearly' : 'monthly'), `ch_test_${++payment}`);
                } else if (c.kind === 'seats') {
                  if (!row.isSeatBased || row.seats === c.seats) return;
                  await changeSubscription(tx, money, row, { seats: c.seats });
                } else {
                  await changeSubscription(tx, money, row, { subscriptionStatus: 'cancelled' });
                }
              });
              const state = await stateOf(sub.id);
              if (c.kind === 'renew') {
                if (last.status === 'trialing') sub.convertedAt = state.at;
                sale('bundle', state.price);
              }
              sub.states.push(state);
            } else if (c.kind === 'refund') {
              const p = purchases[c.purchase % Math.max(1, purchases.length)];
              if (!p) continue;
              const row = await purchaseRow(db, p.id);
              const amount = c.part ? cents(row.price / 2) : row.price;
              try {
                await refundPurchase(db, s.app.payments, money, p.id, { amount, reason: 'test' }, STAFF);
              } catch (e) {
                if ((e as { statusCode?: number }).statusCode !== 409 && (e as { statusCode?: number }).statusCode !== 400) throw e;
                continue;
              }
              model.lines.push({
                app: p.sub === null ? 'oneTime' : 'bundle',
                day: dayOf(now().getTime()),
                amount,
                share: publisherShare(money, amount),
                refund: true,
              });
              if (p.sub !== null) model.subs[p.sub]!.states.push(await stateOf(p.id));
            } else {
              const ws = pool[c.ws]!;
              const was = [...model.installs].reverse().find((e) => e.ws === c.ws);
              const running = was && was.action !== 'uninstall' ? was.version : null;
              const action = c.kind === 'uninstall' ? 'uninstall' : running ? 'update' : 'install';
              const version = c.kind === 'uninstall' ? (running ?? '1.0.0') : `1.${c.version}.0`;
              if (c.kind === 'uninstall' && !running) continue;
              if (action === 'update' && version === running) continue;
              const written = await recordInstallEvent(db, ws.id, oneTime.id, { action, appVersion: version });
              if (written) model.installs.push({ at: now().getTime(), ws: c.ws, action, version });
            }
          }
          const last = now().getTime();
          setClockOffset(0);
          for (const [startIn, length] of ranges) {
            const from = dayOf(origin + startIn * DAY);
            const to = dayOf(Math.min(origin + (startIn + length) * DAY, last + 3 * DAY));
            if (to < from) continue;
            // Per app: the bundle holds the test's subscriptions, the one-time app its sales and installs; the
            // seed's records of them lie on days before the test's.
            const byApp = { bundle: bundle.id, oneTime: oneTime.id } as const;
            let got: Record<string, number> = {};
            for (const which of ['bundle', 'oneTime'] as const) {
              const res = await s.request('GET', `/v1/publisher/reports/summary?from=${from}&to=${to}&group=week&appId=${byApp[which]}`, { token });
              expect(res.status, res.text).toBe(200);
              const want = expected(
                {
                  lines: model.lines.filter((l) => l.app === which),
                  subs: which === 'bundle' ? model.subs : [],
                  installs: which === 'oneTime' ? model.installs : [],
                },
                from,
                to,
              );
              const totals = res.json.totals as Record<string, number>;
              for (const [k, v] of Object.entries(want)) {
                if (v === null) expect(totals[k], `${which} ${k} ${from}..${to}`).toBeNull();
                else expect(totals[k], `${which} ${k} ${from}..${to}`).toBeCloseTo(v, 2);
              }
              // The series adds up to the totals, and its last point's stocks are the range's end.
              const series = res.json.series as Record<string, number>[];
              for (const k of [
                'gross',
                'fees',
                'refunds',
                'net',
                'sales',
                'installs',
                'updates',
                'uninstalls',
                'newSubscriptions',
                'cancelledSubscriptions',
                'trialStarts',
                'trialConversions',
              ])
                expect(cents(series.reduce((a, p) => a + p[k]!, 0)), `${which} series ${k}`).toBeCloseTo(totals[k]!, 2);
              for (const k of ['mrr', 'activeSubscriptions', 'seats', 'activeWorkspaces'])
                expect(series.at(-1)![k], `${which} last ${k}`).toBeCloseTo(totals[k]!, 2);
            }
            // The publisher as a whole: its flows in these days are the test's (the seed's lie before).
            const whole = await s.request('GET', `/v1/publisher/reports/summary?from=${from}&to=${to}&group=month`, { token });
            expect(whole.status, whole.text).toBe(200);
            got = whole.json.totals;
            const want = expected(model, from, to);
            for (const k of ['gross', 'fees', 'refunds', 'net', 'sales', 'newSubscriptions', 'cancelledSubscriptions', 'installs', 'uninstalls'] as const)
              expect(got[k], `publisher ${k} ${from}..${to}`).toBeCloseTo(want[k], 2);
            // The ledger: each sale's and refund's entry in the publisher's sandbox account is its line's net.
            const lines = await db.select().from(salesLines).where(eq(salesLines.publisherId, publisherId));
            const inRange = lines.filter((l) => dayOf(l.at.getTime()) >= from && dayOf(l.at.getTime()) <= to);
            if (inRange.length && northwind!.stripeAccountId) {
              const entries = await db
                .select()
                .from(sandboxLedger)
                .where(
                  inArray(
                    sandboxLedger.id,
                    inRange.map((l) => `txn_${l.key}`),
                  ),
                );
              expect(entries).toHaveLength(inRange.length);
              expect(cents(entries.reduce((a, e) => a + e.amount, 0))).toBeCloseTo(got.net!, 2);
            }
          }
        },
      ),
      { numRuns: 8, endOnFailure: true },
    );
  }, 240_000);
});
