// Reports over HTTP (contract/reports.ts, docs/reports.md): sales made through the real checkout and refunded by
// staff, install reports sent as Rocket.Chat sends them and payouts staff make reach a publisher's summary, its
// transactions, installs, versions and payout statements — JSON and CSV — and the admin dashboard; another
// publisher's app or payout does not exist for the caller; a bad range is a 400 in the envelope; an API token
// reads them only with `reports:read`. The figures' arithmetic over generated histories is
// reports-reconciliation.test.ts's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidOf } from '../../server/dev/seed/seed';
import { demoPublishers } from '../../server/dev/seed/seed-data';
import { publisherShare } from '../../server/commerce/sales/purchases';
import { now } from '../../server/kernel/clock';
import { startServer, type TestServer } from '../harness';
import { registerWorkspace, type RegisteredWorkspace } from '../registered-workspace';

const jira = uuidOf('app:Jira Connector');
const northwind = demoPublishers.find((p) => p.key === 'northwind')!.id;
const DAY = 86_400_000;
const dayOf = (t: number) => new Date(t).toISOString().slice(0, 10);

let s: TestServer;
let owner: string;
let fjord: string;
let admin: string;
let viewer: string;
// Around today (UTC), so that a run crossing midnight still finds what it made in the range.
let from: string;
let to: string;
beforeAll(async () => {
  // Shares available at once (no settlement delay): a sale made now is in the statement of a payout made after it.
  s = await startServer({}, { SETTLEMENT_DAYS: '0' });
  [owner, fjord, admin, viewer] = await Promise.all([s.signIn('owner'), s.signIn('fjordOwner'), s.signIn('admin'), s.signIn('viewer')]);
  from = dayOf(now().getTime() - DAY);
  to = dayOf(now().getTime() + DAY);
});
afterAll(() => s?.close());

const qs = (params: Record<string, string | number | undefined>) =>
  `?${new URLSearchParams(Object.entries(params).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])))}`;
const get = (path: string, token = owner) => s.request('GET', path, { token });
const range = (extra: Record<string, string | number | undefined> = {}) => qs({ from, to, ...extra });
const summaryOf = async (extra: Record<string, string | number | undefined> = {}, token = owner, base = '/v1/publisher/reports/summary') => {
  const res = await get(`${base}${range(extra)}`, token);
  expect(res.status, res.text).toBe(200);
  return res.json;
};

/** The sandbox's card form, submitted as the buyer's browser does. */
async function pay(url: string) {
  const t = new URL(url, s.base).searchParams.get('t')!;
  return fetch(`${s.base}/dev-payments/checkout`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ t, number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123', action: 'pay' }),
  });
}

/** A workspace buys Jira Connector through the checkout: its purchase record's id and price. */
async function buyJira(ws: RegisteredWorkspace) {
  const buyer = await ws.token('marketplace:purchase');
  const started = await s.request('POST', `/v1/checkout/apps/${jira}/sessions`, { token: buyer, body: { workspaceId: ws.id, acceptTerms: true } });
  expect(started.status, started.text).toBe(201);
  expect((await pay(started.json.url)).status).toBe(303);
  const session = await s.request('GET', `/v1/checkout/sessions/${started.json.id}`, { token: buyer });
  expect(session.json.status).toBe('completed');
  return { purchaseId: session.json.purchaseId as string, price: started.json.price as number };
}

/** What Rocket.Chat sends when a workspace installs, updates or uninstalls an app. */
async function report(ws: RegisteredWorkspace, action: 'install' | 'update' | 'uninstall', appVersion: string) {
  const res = await s.request('POST', `/v1/apps/${jira}/install`, {
    body: { action, appVersion, rocketChatVersion: '7.5.0', engineVersion: '1.47.0' },
    headers: { authorization: `Bearer ${await ws.token('marketplace:read')}` },
  });
  expect(res.status, res.text).toBe(200);
}

/** CSV text as rows of fields (RFC 4180, the exports' byte order mark dropped). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\r' && body[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += ch;
  }
  expect(field, 'the CSV ends with a line break').toBe('');
  return rows;
}

const money = (n: number) => Math.round(n * 100) / 100;

describe('a publisher’s reports of what happened', () => {
  // A buyer whose nickname starts like a spreadsheet formula: the exports must not make it one.
  let buyer: RegisteredWorkspace;
  let sale: { purchaseId: string; price: number };
  let share: number;
  let before: { totals: Record<string, number> };

  it('sums a sale and its refund into the range’s totals and its day', async () => {
    before = await summaryOf();
    buyer = await registerWorkspace(s, admin, '=HYPERLINK("https://evil.example","Reports Buyer")', 'https://reports-buyer.example');
    sale = await buyJira(buyer);
    share = publisherShare(s.app.sales, sale.price);
    const after = await summaryOf();
    expect(after.totals).toMatchObject({
      gross: money(before.totals.gross! + sale.price),
      fees: money(before.totals.fees! + sale.price - share),
      net: money(before.totals.net! + share),
      sales: before.totals.sales! + 1,
      refunds: before.totals.refunds,
    });
    expect(after).toMatchObject({ from, to, group: 'day', currency: 'USD' });
    // One point per day of the range, every one of them (empty days as zeros).
    expect(after.series.map((p: { period: string }) => p.period)).toEqual([from, dayOf(Date.parse(from) + DAY), to]);
    const today = dayOf(now().getTime());
    const point = after.series.find((p: { period: string }) => p.period === today);
    expect(point.gross).toBeGreaterThanOrEqual(sale.price);

    const refund = await s.request('POST', `/v1/admin/purchases/${sale.purchaseId}/refund`, { token: admin, body: { reason: 'Reports test' } });
    expect(refund.status, refund.text).toBe(200);
    const refunded = await summaryOf();
    // Refunds are what went back; net = gross − fees − refunds: the sale's share given back.
    expect(refunded.totals).toMatchObject({
      gross: money(before.totals.gross! + sale.price),
      refunds: money(before.totals.refunds! + sale.price),
      net: before.totals.net,
      sales: before.totals.sales! + 1,
    });
    expect(refunded.totals.fees).toBeCloseTo(before.totals.fees!, 2);
    // The same figures by week and by month: the totals do not depend on the grouping.
    for (const group of ['week', 'month'] as const) expect((await summaryOf({ group })).totals).toEqual(refunded.totals);
  });

  it('lists the sale and the refund newest first, with the workspace, the app and the plan', async () => {
    const page = await get(`/v1/publisher/reports/transactions${range({ limit: 2 })}`);
    expect(page.status, page.text).toBe(200);
    const [refund, sold] = page.json.data;
    const common = {
      purchaseId: sale.purchaseId,
      workspaceId: buyer.id,
      workspaceName: '=HYPERLINK("https://evil.example","Reports Buyer")',
      appId: jira,
      appName: 'Jira Connector',
      publisherId: northwind,
      planId: '',
      plan: 'One-time',
      seats: 0,
    };
    expect(sold).toMatchObject({ ...common, kind: 'sale', amount: sale.price, net: share, fee: money(sale.price - share) });
    expect(refund).toMatchObject({ ...common, kind: 'refund', amount: -sale.price, net: -share, fee: money(-(sale.price - share)) });
    expect(Date.parse(refund.at)).toBeGreaterThanOrEqual(Date.parse(sold.at));
    expect(page.json.meta.total).toBeGreaterThanOrEqual(2);
    // The next page goes on where this one stopped.
    const all = await get(`/v1/publisher/reports/transactions${range({ limit: 100 })}`);
    expect(all.json.data.slice(0, 2)).toEqual(page.json.data);
    expect(all.json.data).toHaveLength(all.json.meta.total);
    const second = await get(`/v1/publisher/reports/transactions${range({ limit: 1, offset: 1 })}`);
    expect(second.json.data).toEqual([sold]);
    // One app: the same lines; another of the publisher's apps: none of these.
    const jiraOnly = await get(`/v1/publisher/reports/transactions${range({ appId: jira, limit: 100 })}`);
    expect(jiraOnly.json.data.map((t: { id: string }) => t.id)).toEqual(expect.arrayContaining([refund.id, sold.id]));
    const standup = await get(`/v1/publisher/reports/transactions${range({ appId: uuidOf('app:Standup Bot'), limit: 100 })}`);
    expect(standup.status).toBe(200);
    expect(standup.json.data.map((t: { id: string }) => t.id)).not.toContain(sold.id);
    // Not another publisher's: Fjord Labs' list does not hold them.
    const theirs = await get(`/v1/publisher/reports/transactions${range({ limit: 100 })}`, fjord);
    expect(theirs.json.data.map((t: { id: string }) => t.id)).not.toContain(sold.id);
  });

  it('exports the transactions as CSV: the header, one row per line, formulas neutralised, refunds negative', async () => {
    const res = await fetch(`${s.base}/v1/publisher/reports/transactions/export${range()}`, { headers: { authorization: `Bearer ${owner}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="transactions-${from}-to-${to}.csv"`);
    const bytes = Buffer.from(await res.arrayBuffer());
    // UTF-8 with its byte order mark, so spreadsheets read it as such.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8');
    const [header, ...rows] = parseCsv(text);
    expect(header).toEqual([
      'ID',
      'Date',
      'Kind',
      'Purchase ID',
      'Publisher ID',
      'Workspace ID',
      'Workspace',
      'App ID',
      'App',
      'Plan ID',
      'Plan',
      'Seats',
      'Amount (USD)',
      'Fee (USD)',
      'Net (USD)',
      'Available On',
    ]);
    const page = await get(`/v1/publisher/reports/transactions${range({ limit: 100 })}`);
    expect(rows.map((r) => r[0])).toEqual(page.json.data.map((t: { id: string }) => t.id));
    const refundRow = rows.find((r) => r[3] === sale.purchaseId && r[2] === 'refund')!;
    expect(refundRow).toEqual([
      expect.any(String),
      expect.any(String),
      'refund',
      sale.purchaseId,
      northwind,
      buyer.id,
      `'=HYPERLINK("https://evil.example","Reports Buyer")`,
      jira,
      'Jira Connector',
      '',
      'One-time',
      '0',
      (-sale.price).toFixed(2),
      (-(sale.price - share)).toFixed(2),
      (-share).toFixed(2),
      expect.any(String),
    ]);
    // The raw line: the formula quoted and apostrophed, the negative amount a plain number.
    expect(text).toContain(`"'=HYPERLINK(""https://evil.example"",""Reports Buyer"")"`);
    expect(text).toContain(`,${(-sale.price).toFixed(2)},`);
  });

  it('exports the summary as CSV, one row per period', async () => {
    const res = await fetch(`${s.base}/v1/publisher/reports/summary/export${range({ group: 'day' })}`, { headers: { authorization: `Bearer ${owner}` } });
    expect(res.status).toBe(200);
    const [header, ...rows] = parseCsv(await res.text());
    expect(header![0]).toBe('Period');
    expect(header).toContain('Net (USD)');
    const json = await summaryOf();
    expect(rows.map((r) => r[0])).toEqual(json.series.map((p: { period: string }) => p.period));
    expect(rows.map((r) => r[header!.indexOf('Gross (USD)')])).toEqual(json.series.map((p: { gross: number }) => p.gross.toFixed(2)));
  });

  it('counts install reports, lists them newest first, and per version the workspaces running it', async () => {
    const sumBefore = await summaryOf();
    const versionsBefore = (await get(`/v1/publisher/reports/versions${range({ appId: jira })}`)).json.data as {
      version: string;
      activeWorkspaces: number;
      installs: number;
      updates: number;
      uninstalls: number;
    }[];
    const other = await registerWorkspace(s, admin, 'Reports Installer');
    await report(buyer, 'install', '1.0.0');
    await report(other, 'install', '1.0.0');
    await report(buyer, 'update', '1.1.0');
    await report(other, 'uninstall', '1.0.0');
    // A download is not an install report.
    const sumAfter = await summaryOf();
    expect(sumAfter.totals).toMatchObject({
      installs: sumBefore.totals.installs + 2,
      updates: sumBefore.totals.updates + 1,
      uninstalls: sumBefore.totals.uninstalls + 1,
      activeWorkspaces: sumBefore.totals.activeWorkspaces + 1,
    });

    const page = await get(`/v1/publisher/reports/installs${range({ limit: 4 })}`);
    expect(page.status, page.text).toBe(200);
    expect(page.json.data.map((e: { action: string; version: string; workspaceId: string }) => [e.action, e.version, e.workspaceId])).toEqual([
      ['uninstall', '1.0.0', other.id],
      ['update', '1.1.0', buyer.id],
      ['install', '1.0.0', other.id],
      ['install', '1.0.0', buyer.id],
    ]);
    expect(page.json.data[0]).toMatchObject({ appId: jira, appName: 'Jira Connector', workspaceName: 'Reports Installer' });
    expect(page.json.meta.total).toBeGreaterThanOrEqual(4);
    // Fjord Labs sees none of Northwind's.
    const theirs = await get(`/v1/publisher/reports/installs${range({ limit: 100 })}`, fjord);
    expect(theirs.json.data.map((e: { appId: string }) => e.appId)).not.toContain(jira);

    const csv = await fetch(`${s.base}/v1/publisher/reports/installs/export${range()}`, { headers: { authorization: `Bearer ${owner}` } });
    const [header, ...rows] = parseCsv(await csv.text());
    expect(header).toEqual(['ID', 'Date', 'Action', 'Workspace ID', 'Workspace', 'App ID', 'App', 'Version']);
    expect(rows.slice(0, 4).map((r) => [r[2], r[7], r[4]])).toEqual([
      ['uninstall', '1.0.0', 'Reports Installer'],
      ['update', '1.1.0', `'=HYPERLINK("https://evil.example","Reports Buyer")`],
      ['install', '1.0.0', 'Reports Installer'],
      ['install', '1.0.0', `'=HYPERLINK("https://evil.example","Reports Buyer")`],
    ]);
    expect(rows).toHaveLength(page.json.meta.total);

    const versions = (await get(`/v1/publisher/reports/versions${range({ appId: jira })}`)).json.data as typeof versionsBefore;
    const of = (list: typeof versionsBefore, v: string) => list.find((x) => x.version === v) ?? { activeWorkspaces: 0, installs: 0, updates: 0, uninstalls: 0 };
    expect(of(versions, '1.1.0')).toMatchObject({
      appId: jira,
      appName: 'Jira Connector',
      activeWorkspaces: of(versionsBefore, '1.1.0').activeWorkspaces + 1,
      updates: of(versionsBefore, '1.1.0').updates + 1,
    });
    expect(of(versions, '1.0.0')).toMatchObject({
      activeWorkspaces: of(versionsBefore, '1.0.0').activeWorkspaces,
      installs: of(versionsBefore, '1.0.0').installs + 2,
      uninstalls: of(versionsBefore, '1.0.0').uninstalls + 1,
    });
    // Newest version first within an app.
    const order = versions.map((v) => v.version);
    expect(order.indexOf('1.1.0')).toBeLessThan(order.indexOf('1.0.0'));
  });

  it('shows staff the same figures for the publisher, and the marketplace’s at least as large', async () => {
    const mine = await summaryOf();
    const staffs = await summaryOf({ publisherId: northwind }, admin, '/v1/admin/reports/summary');
    expect(staffs).toEqual(mine);
    const all = await summaryOf({}, admin, '/v1/admin/reports/summary');
    expect(all.totals.gross).toBeGreaterThanOrEqual(mine.totals.gross);
    expect(all.totals.installs).toBeGreaterThanOrEqual(mine.totals.installs);
    const tx = await get(`/v1/admin/reports/transactions${range({ publisherId: northwind, limit: 100 })}`, admin);
    expect(tx.json).toEqual((await get(`/v1/publisher/reports/transactions${range({ limit: 100 })}`)).json);
    const inst = await get(`/v1/admin/reports/installs${range({ appId: jira, limit: 100 })}`, admin);
    expect(inst.json).toEqual((await get(`/v1/publisher/reports/installs${range({ appId: jira, limit: 100 })}`)).json);
    const versions = await get(`/v1/admin/reports/versions${range({ appId: jira })}`, admin);
    expect(versions.json).toEqual((await get(`/v1/publisher/reports/versions${range({ appId: jira })}`)).json);
    const csv = await fetch(`${s.base}/v1/admin/reports/transactions/export${range({ publisherId: northwind })}`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(csv.status).toBe(200);
    expect(parseCsv(await csv.text()).length - 1).toBe(tx.json.meta.total);
  });

  it('shows staff the marketplace at a glance: today’s installs and sales, this month’s best sellers', async () => {
    const res = await get('/v1/admin/dashboard', admin);
    expect(res.status, res.text).toBe(200);
    const d = res.json;
    expect(d.installsToday).toBeGreaterThanOrEqual(2);
    expect(d.salesToday.count).toBeGreaterThanOrEqual(1);
    expect(d.salesToday.gross).toBeGreaterThanOrEqual(sale.price);
    expect(d.salesThisMonth.count).toBeGreaterThanOrEqual(d.salesToday.count);
    expect(d.salesThisMonth.gross).toBeGreaterThanOrEqual(d.salesToday.gross);
    expect(d.topApps.length).toBeGreaterThan(0);
    expect(d.topApps.length).toBeLessThanOrEqual(5);
    expect(d.topApps).toContainEqual(expect.objectContaining({ appId: jira, appName: 'Jira Connector', publisherName: 'Northwind Integrations' }));
    // By gross, then installs.
    const keys = d.topApps.map((a: { gross: number; installs: number }) => [a.gross, a.installs]);
    expect(keys).toEqual([...keys].sort((a, b) => b[0] - a[0] || b[1] - a[1]));
    expect(d.reviewQueue.waiting).toBeGreaterThanOrEqual(0);
    if (d.reviewQueue.waiting) expect(Date.parse(d.reviewQueue.oldestSince)).toBeLessThanOrEqual(Date.now());
    expect(d.compileFailuresToday).toBeGreaterThanOrEqual(0);
  });
});

describe('periods', () => {
  it('groups days into weeks from Monday and months from the 1st, the first period from the range’s start: flows summed, stocks at the end', async () => {
    // From a Wednesday, over the seed's history (its subscriptions count from the days they were made).
    const end = dayOf(now().getTime());
    let start = dayOf(now().getTime() - 120 * DAY);
    while (new Date(`${start}T00:00:00Z`).getUTCDay() !== 3) start = dayOf(Date.parse(start) + DAY);
    const q = (group: string) => get(`/v1/publisher/reports/summary${qs({ from: start, to: end, group })}`);
    const [day, week, month] = await Promise.all([q('day'), q('week'), q('month')]).then((r) => r.map((x) => x.json));
    expect(day.series).toHaveLength((Date.parse(end) - Date.parse(start)) / DAY + 1);
    const flows = [
      'gross',
      'fees',
      'refunds',
      'net',
      'payouts',
      'sales',
      'newSubscriptions',
      'cancelledSubscriptions',
      'trialStarts',
      'trialConversions',
      'installs',
      'updates',
      'uninstalls',
    ];
    const stocks = ['mrr', 'activeSubscriptions', 'trialingSubscriptions', 'seats', 'activeWorkspaces'];
    for (const [grouped, startsOn] of [
      [week, (d: string) => new Date(`${d}T00:00:00Z`).getUTCDay() === 1],
      [month, (d: string) => d.endsWith('-01')],
    ] as const) {
      const periods = grouped.series.map((p: { period: string }) => p.period);
      expect(periods[0]).toBe(start);
      expect(periods.slice(1).every(startsOn)).toBe(true);
      expect(periods).toEqual(day.series.map((p: { period: string }) => p.period).filter((d: string, i: number) => i === 0 || startsOn(d)));
      grouped.series.forEach((p: Record<string, number | string>, i: number) => {
        const next = periods[i + 1] ?? '9999-12-31';
        const days = day.series.filter((d: { period: string }) => d.period >= p.period! && d.period < next);
        for (const f of flows)
          expect(p[f], `${f} of ${p.period}`).toBeCloseTo(
            days.reduce((sum: number, d: Record<string, number>) => sum + d[f]!, 0),
            2,
          );
        for (const f of stocks) expect(p[f], `${f} of ${p.period}`).toBe(days.at(-1)[f]);
      });
      expect(grouped.totals).toEqual(day.totals);
    }
    // The seed's subscriptions are there to sum: the stocks are not all zero.
    expect(day.totals.activeSubscriptions).toBeGreaterThan(0);
    expect(day.totals.arr).toBeCloseTo(day.totals.mrr * 12, 1);
  });
});

describe('payout statements', () => {
  type Statement = {
    payout: { id: string; amount: number; status: string; createdAt: string };
    since: string | null;
    carriedIn: number;
    sales: number;
    refunds: number;
    net: number;
    carriedOut: number;
  };
  const payout = async (amount: number) => {
    const res = await s.request('POST', `/v1/admin/publishers/${northwind}/payout`, { token: admin, body: { amount } });
    expect(res.status, res.text).toBe(200);
    const list = await get(`/v1/publisher/reports/payouts${range({ limit: 1 })}`);
    return list.json.data[0] as { id: string; amount: number; status: string; createdAt: string; publisherId: string };
  };

  it('lists payouts newest first; each statement covers what became available since the previous one and carries the balance on', async () => {
    const first = await payout(10);
    expect(first).toMatchObject({ amount: 10, status: 'paid', publisherId: northwind });
    const ws = await registerWorkspace(s, admin, 'Statement Buyer');
    const bought = await buyJira(ws);
    const second = await payout(12.5);
    const list = await get(`/v1/publisher/reports/payouts${range()}`);
    expect(list.json.data.slice(0, 2).map((p: { id: string }) => p.id)).toEqual([second.id, first.id]);

    const one = (await get(`/v1/publisher/reports/payouts/${first.id}`)).json as Statement;
    const two = (await get(`/v1/publisher/reports/payouts/${second.id}`)).json as Statement;
    // A statement's figures are its lines': how many sales and refunds, and their net.
    for (const st of [one, two]) {
      const { json } = await get(`/v1/publisher/reports/payouts/${st.payout.id}/lines?limit=100`);
      const lines = json.data as { kind: string; net: number; availableOn: string }[];
      expect(json.meta.total).toBe(lines.length);
      expect(lines.filter((l) => l.kind === 'refund').length).toBe(st.refunds);
      expect(lines.length - st.refunds).toBe(st.sales);
      expect(st.net).toBeCloseTo(
        lines.reduce((sum, l) => sum + l.net, 0),
        2,
      );
      // Oldest first, each available after the previous payout and by this one.
      const times = lines.map((l) => Date.parse(l.availableOn));
      expect(times).toEqual([...times].sort((a, b) => a - b));
      for (const t of times) expect(t > Date.parse(st.since ?? '1970-01-01T00:00:00Z') && t <= Date.parse(st.payout.createdAt)).toBe(true);
    }
    expect(two.since).toBe(first.createdAt);
    // What the first left is what the second starts with.
    expect(two.carriedIn).toBeCloseTo(one.carriedOut, 2);
    expect(one.carriedOut).toBeCloseTo(one.carriedIn + one.net - 10, 2);
    expect(two.carriedOut).toBeCloseTo(two.carriedIn + two.net - 12.5, 2);
    const share = publisherShare(s.app.sales, bought.price);
    expect(two).toMatchObject({ sales: 1, refunds: 0, net: share, payout: { id: second.id, amount: 12.5, status: 'paid' } });

    const lines = await get(`/v1/publisher/reports/payouts/${second.id}/lines`);
    expect(lines.status, lines.text).toBe(200);
    expect(lines.json.meta.total).toBe(1);
    expect(lines.json.data[0]).toMatchObject({ kind: 'sale', purchaseId: bought.purchaseId, workspaceName: 'Statement Buyer', net: share });
    const csv = await fetch(`${s.base}/v1/publisher/reports/payouts/${second.id}/export`, { headers: { authorization: `Bearer ${owner}` } });
    expect(csv.status).toBe(200);
    const [, ...rows] = parseCsv(await csv.text());
    expect(rows.map((r) => r[0])).toEqual([lines.json.data[0].id]);
    // Staff read any payout's statement and lines alike.
    expect((await get(`/v1/admin/reports/payouts/${second.id}`, admin)).json).toEqual(two);
    expect((await get(`/v1/admin/reports/payouts/${second.id}/lines`, admin)).json).toEqual(lines.json);
    expect((await get(`/v1/admin/reports/payouts${range({ publisherId: northwind, limit: 2 })}`, admin)).json.data).toEqual(list.json.data.slice(0, 2));
    // Every member of the team reads them (the purchases list's rule).
    expect((await get(`/v1/publisher/reports/payouts/${second.id}`, viewer)).status).toBe(200);
  });

  it('does not show another publisher’s payout: 404', async () => {
    const mine = (await get(`/v1/publisher/reports/payouts${range({ limit: 1 })}`)).json.data[0];
    for (const path of [
      `/v1/publisher/reports/payouts/${mine.id}`,
      `/v1/publisher/reports/payouts/${mine.id}/lines`,
      `/v1/publisher/reports/payouts/${mine.id}/export`,
    ]) {
      const res = await get(path, fjord);
      expect([path, res.status, res.json?.code, res.json?.error]).toEqual([path, 404, 'not_found', 'Payout not found.']);
    }
    expect((await get('/v1/admin/reports/payouts/no-such-payout', admin)).status).toBe(404);
    expect((await get(`/v1/publisher/reports/payouts${range({ limit: 100 })}`, fjord)).json.data.map((p: { id: string }) => p.id)).not.toContain(mine.id);
  });
});

describe('what a report refuses', () => {
  it('answers 404 for an app of another publisher, or none; staff’s for a publisher that does not exist', async () => {
    for (const path of [
      '/v1/publisher/reports/summary',
      '/v1/publisher/reports/summary/export',
      '/v1/publisher/reports/transactions',
      '/v1/publisher/reports/transactions/export',
      '/v1/publisher/reports/installs',
      '/v1/publisher/reports/installs/export',
      '/v1/publisher/reports/versions',
      '/v1/publisher/reports/payouts',
    ]) {
      for (const appId of [jira, 'no-such-app']) {
        const res = await get(`${path}${range({ appId })}`, fjord);
        expect([path, appId, res.status, res.json]).toEqual([path, appId, 404, { error: 'App not found.', code: 'not_found', requestId: expect.any(String) }]);
      }
    }
    const unknown = await get(`/v1/admin/reports/summary${range({ publisherId: 'no-such-publisher' })}`, admin);
    expect([unknown.status, unknown.json.error]).toEqual([404, 'Publisher not found.']);
    // An app of another publisher than the one named.
    const fjordId = demoPublishers.find((p) => p.key === 'fjord')!.id;
    expect((await get(`/v1/admin/reports/transactions${range({ publisherId: fjordId, appId: jira })}`, admin)).status).toBe(404);
  });

  it('refuses a bad range with a 400 in the envelope, naming the field', async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ from: '2026-03-02', to: '2026-03-01' }, 'to', 'The range must start on or before its end, and span at most ten years.'],
      [{ from: '2016-01-01', to: '2026-12-31' }, 'to', 'The range must start on or before its end, and span at most ten years.'],
      [{ from: '2026-02-30', to: '2026-03-01' }, 'from', 'A day is written YYYY-MM-DD.'],
      [{ from: '2026-03-01', to: 'tomorrow' }, 'to', 'A day is written YYYY-MM-DD.'],
      [{ from: '2014-12-31', to: '2015-01-31' }, 'from', 'A day is written YYYY-MM-DD.'],
      [{ to: '2026-03-01' }, 'from', ''],
    ];
    for (const path of [
      '/v1/publisher/reports/summary',
      '/v1/publisher/reports/transactions',
      '/v1/publisher/reports/installs/export',
      '/v1/admin/reports/summary',
    ]) {
      for (const [query, field, message] of cases) {
        const res = await get(`${path}${qs(query)}`, path.startsWith('/v1/admin/') ? admin : owner);
        expect([path, query, res.status, res.json?.code, typeof res.json?.requestId]).toEqual([path, query, 400, 'validation_error', 'string']);
        const named = (res.json.fields as { path: string; message: string }[]).find((f) => f.path === `query.${field}`);
        expect(named, `${path} ${JSON.stringify(query)} names ${field}: ${res.text}`).toBeDefined();
        if (message) expect(named!.message).toBe(message);
      }
    }
    // A bad grouping, a page past the limits.
    expect((await get(`/v1/publisher/reports/summary${range({ group: 'year' })}`)).status).toBe(400);
    expect((await get(`/v1/publisher/reports/transactions${range({ limit: 0 })}`)).status).toBe(400);
  });
});

describe('API tokens', () => {
  const make = async (abilities: string[], appIds: string[] | null = null) => {
    const res = await s.request('POST', '/v1/publisher/tokens', { token: owner, body: { name: `Reports ${abilities.join(' ')}`, abilities, appIds } });
    expect(res.status, res.text).toBe(201);
    return res.json.secret as string;
  };

  it('reads reports with reports:read; refuses a token without it, or limited to chosen apps (403 token_scope)', async () => {
    const reader = await make(['reports:read']);
    const session = await summaryOf();
    const byToken = await get(`/v1/publisher/reports/summary${range()}`, reader);
    expect(byToken.status, byToken.text).toBe(200);
    expect(byToken.json).toEqual(session);
    expect((await get(`/v1/publisher/reports/transactions${range()}`, reader)).status).toBe(200);
    const payouts = await get(`/v1/publisher/reports/payouts${range({ limit: 1 })}`, reader);
    expect((await get(`/v1/publisher/reports/payouts/${payouts.json.data[0].id}`, reader)).status).toBe(200);
    // Not the apps, nor staff's reports.
    expect((await get('/v1/publisher/apps', reader)).json.code).toBe('token_scope');
    expect((await get(`/v1/admin/reports/summary${range()}`, reader)).status).toBe(403);

    const appsOnly = await make(['read']);
    const refused = await get(`/v1/publisher/reports/summary${range()}`, appsOnly);
    expect([refused.status, refused.json]).toEqual([
      403,
      { error: 'This API token may not read reports.', code: 'token_scope', requestId: expect.any(String) },
    ]);
    const chosen = await make(['reports:read'], [jira]);
    const limited = await get(`/v1/publisher/reports/summary${range({ appId: jira })}`, chosen);
    expect([limited.status, limited.json.code]).toEqual([403, 'token_scope']);
  });
});
