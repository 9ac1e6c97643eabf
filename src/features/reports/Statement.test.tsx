import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, stubFetch } from '../../../tests/render';
import { toCsv } from './DownloadCsv';
import { Statement } from './Statement';

afterEach(() => vi.unstubAllGlobals());

const statement = {
  payout: { id: 'po1', publisherId: 'pub', createdAt: '2026-03-10T00:00:00.000Z', amount: 20, status: 'paid', expected: '2026-03-12T00:00:00.000Z' },
  since: '2026-02-10T00:00:00.000Z',
  carriedIn: 15,
  sales: 2,
  refunds: 1,
  net: 11,
  carriedOut: 6,
};
const line = (id: string, kind: string, amount: number, fee: number) => ({
  id,
  at: '2026-03-01T09:00:00.000Z',
  kind,
  purchaseId: 'p1',
  workspaceId: 'w1',
  workspaceName: 'Acme HQ',
  appId: 'a1',
  appName: 'Jira Connector',
  publisherId: 'pub',
  planId: '',
  plan: 'One-time',
  seats: 0,
  amount,
  fee,
  net: amount - fee,
  availableOn: '2026-03-08T09:00:00.000Z',
});

describe('a payout’s statement', () => {
  it('shows what it covers, the balance carried in and out, and its lines with their total', async () => {
    stubFetch({
      'GET /v1/publisher/reports/payouts/po1': () => ({ status: 200, body: statement }),
      'GET /v1/publisher/reports/payouts/po1/lines': () => ({
        status: 200,
        body: { data: [line('l1', 'sale', 10, 2), line('l2', 'sale', 5, 1), line('l3', 'refund', -1, 0)], meta: { total: 3 } },
      }),
    });
    await renderScreen(() => <Statement scope="publisher" id="po1" page={1} onPage={vi.fn()} />);
    expect(await screen.findByRole('heading', { name: 'Payout statement: Mar 10, 2026', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('From Feb 10, 2026 to Mar 10, 2026')).toBeInTheDocument();
    expect(screen.getByText('Carried in').closest('.rt-DataListItem')!.textContent).toBe('Carried in$15.00');
    expect(screen.getByText('Carried out').closest('.rt-DataListItem')!.textContent).toBe('Carried out$6.00');
    expect(screen.getByText('This payout').closest('.rt-DataListItem')!.textContent).toBe('This payout$20.00PaidExpected Mar 12, 2026');
    const lines = await screen.findByRole('table', { name: 'Lines' });
    expect(within(lines).getAllByRole('row')).toHaveLength(5);
    expect(within(lines).getByRole('row', { name: /^Total All 3 lines: 2 sales and renewals, 1 refunds \$11\.00/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download CSV of the lines' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Reports' }).getAttribute('href')).toBe('/publisher/reports?tab=payouts');
  });

  it('for staff: another publisher’s statement, without the publisher’s CSV route', async () => {
    stubFetch({
      'GET /v1/admin/reports/payouts/po1': () => ({ status: 200, body: { ...statement, since: null } }),
      'GET /v1/admin/reports/payouts/po1/lines': () => ({ status: 200, body: { data: [], meta: { total: 0 } } }),
    });
    await renderScreen(() => <Statement scope="admin" id="po1" page={1} onPage={vi.fn()} />);
    expect(await screen.findByText('Everything up to Mar 10, 2026')).toBeInTheDocument();
    expect(await screen.findByText('No sale, renewal or refund became available for this payout.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Download CSV/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to Reports' }).getAttribute('href')).toBe('/publisher/admin/reports?tab=payouts');
  });

  it('says a payout that is not the caller’s does not exist', async () => {
    stubFetch({});
    await renderScreen(() => <Statement scope="publisher" id="nope" page={1} onPage={vi.fn()} />);
    expect((await screen.findByRole('alert')).textContent).toMatch(/not stubbed/);
  });
});

describe('CSV made in the browser', () => {
  it('quotes what needs it and neutralises a formula', () => {
    expect(
      toCsv([
        ['App', 'Version'],
        ['Jira, "Cloud"', '1.0.0'],
        ['=HYPERLINK()', '-1'],
      ]),
    ).toBe('App,Version\r\n"Jira, ""Cloud""",1.0.0\r\n\'=HYPERLINK(),-1\r\n');
  });
});
