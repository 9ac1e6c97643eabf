import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_DISALLOWED_LICENCES, DEFAULT_SEVERITIES, type ReviewQueue as Queue, type ReviewQueueItem } from '../../../contract/schemas/review';
import { renderScreen, stubFetch } from '../../../tests/render';
import type { ReviewSearch } from './api';
import { ReviewQueue } from './ReviewQueue';
import { findingsText, reviewText, waitingText } from './strings';

afterEach(() => vi.unstubAllGlobals());

const HOUR = 3_600_000;
const item = (key: string, name: string, hours: number, over: Partial<ReviewQueueItem> = {}): ReviewQueueItem => ({
  appId: `app-${key}`,
  internalId: `v-${key}`,
  appName: name,
  version: '1.2.0',
  isBundle: false,
  iconThumbnail: 'data:image/webp;base64,AAAA',
  publisher: { id: 'p1', label: 'Northwind' },
  firstTimePublisher: false,
  status: 'submitted',
  waitingSince: new Date(Date.now() - hours * HOUR).toISOString(),
  waitingHours: hours,
  overdue: hours > 48,
  findings: { blocks: 0, warns: 0 },
  assignee: null,
  ...over,
});
const oldest = item('jira', 'Jira Connector', 74, { findings: { blocks: 1, warns: 2 }, firstTimePublisher: true });
const newer = item('kanban', 'Kanban Board', 5, { assignee: { id: 'd8', name: 'Daniel Kim' }, publisher: { id: 'p2', label: 'Fjord Apps' } });
const queue = (data: ReviewQueueItem[], over: Partial<Queue> = {}): Queue => ({
  data,
  meta: { total: data.length },
  targetHours: 48,
  overdueCount: data.filter((i) => i.overdue).length,
  ...over,
});
const checks = {
  checks: Object.entries(DEFAULT_SEVERITIES).map(([id, severity]) => ({ id, title: id, severity, defaultSeverity: severity })),
  disallowedLicences: DEFAULT_DISALLOWED_LICENCES,
  updatedAt: null,
  updatedBy: null,
};

/** The screen under a router whose search is its address, as the route passes it. */
function Harness() {
  const s = useSearch({ strict: false }) as Record<string, unknown>;
  const navigate = useNavigate();
  const search: ReviewSearch = {
    page: Number(s.page ?? 1),
    q: typeof s.q === 'string' ? s.q : '',
    assignee: s.assignee === 'me' || s.assignee === 'nobody' ? s.assignee : undefined,
    overdue: s.overdue === true || undefined,
  };
  return <ReviewQueue search={search} onSearch={(next) => void navigate({ to: '.', search: next as never, replace: true })} />;
}

const rowOf = async (name: string) => (await screen.findByRole('rowheader', { name })).closest('tr')!;
const queueCalls = (calls: ReturnType<typeof stubFetch>) =>
  calls.filter((c) => c.key === 'GET /v1/admin/reviews').map((c) => Object.fromEntries(c.url.searchParams));

describe('the review queue', () => {
  it('lists the versions in the order the server serves them (the longest waiting first), with their wait, findings and assignee', async () => {
    stubFetch({
      'GET /v1/admin/reviews': () => ({ status: 200, body: queue([oldest, newer], { meta: { total: 7 }, overdueCount: 3 }) }),
      'GET /v1/admin/publish-checks': () => ({ status: 200, body: checks }),
    });
    await renderScreen(() => <Harness />);
    await screen.findByText(reviewText.summary(7, 3, 48));
    expect(screen.getByText('7 waiting · 3 over the 48-hour target')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Versions waiting for review' });
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['Jira Connector', 'Kanban Board']);
    const first = await rowOf('Jira Connector');
    expect(within(first).getByRole('link', { name: 'Jira Connector' })).toHaveAttribute('href', '/publisher/admin/apps/app-jira');
    expect(within(first).getByText('3 days 2 hours')).toBeInTheDocument();
    expect(within(first).getByText('1 blocking · 2 warnings')).toBeInTheDocument();
    expect(within(first).getByText(reviewText.firstTime)).toBeInTheDocument();
    expect(within(first).getByText(reviewText.unassigned)).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: `${reviewText.assign}: Jira Connector 1.2.0` })).toHaveTextContent(reviewText.assign);
    const second = await rowOf('Kanban Board');
    expect(within(second).getByText('5 hours')).toBeInTheDocument();
    expect(within(second).getByText('None')).toBeInTheDocument();
    expect(within(second).getByText('Daniel Kim')).toBeInTheDocument();
    expect(within(second).queryByText(reviewText.firstTime)).toBeNull();
    expect(within(second).getByRole('button', { name: `${reviewText.unassign}: Kanban Board 1.2.0` })).toHaveTextContent(reviewText.unassign);
  });

  it('highlights an overdue version: a colour on its row and words in a badge', async () => {
    stubFetch({
      'GET /v1/admin/reviews': () => ({ status: 200, body: queue([oldest, newer]) }),
      'GET /v1/admin/publish-checks': () => ({ status: 200, body: checks }),
    });
    await renderScreen(() => <Harness />);
    const late = await rowOf('Jira Connector');
    expect(within(late).getByText('Over 48 hours')).toBeInTheDocument();
    expect(late.style.backgroundColor).toBe('var(--amber-a3)');
    const onTime = await rowOf('Kanban Board');
    expect(within(onTime).queryByText('Over 48 hours')).toBeNull();
    expect(onTime.style.backgroundColor).toBe('');
  });

  it('assigns a version to me and unassigns one, then reads the queue again', async () => {
    let assigned: ReviewQueueItem | null = null;
    const calls = stubFetch({
      'GET /v1/admin/reviews': () => ({ status: 200, body: queue(assigned ? [assigned, newer] : [oldest, newer]) }),
      'GET /v1/admin/publish-checks': () => ({ status: 200, body: checks }),
      'POST /v1/admin/app/app-jira/review/v-jira': () => {
        assigned = { ...oldest, assignee: { id: 'd8', name: 'Daniel Kim' } };
        return { status: 200, body: assigned };
      },
      'DELETE /v1/admin/app/app-kanban/review/v-kanban': () => ({ status: 200, body: { ...newer, assignee: null } }),
    });
    const user = userEvent.setup();
    await renderScreen(() => <Harness />);
    await user.click(within(await rowOf('Jira Connector')).getByRole('button', { name: /^Assign to me/ }));
    await screen.findByText(reviewText.assigned('Jira Connector 1.2.0'));
    await vi.waitFor(async () => expect(within(await rowOf('Jira Connector')).getByText('Daniel Kim')).toBeInTheDocument());
    expect(calls.filter((c) => c.key.startsWith('POST')).map((c) => c.key)).toEqual(['POST /v1/admin/app/app-jira/review/v-jira']);
    expect(queueCalls(calls).length).toBeGreaterThanOrEqual(2);

    await user.click(within(await rowOf('Kanban Board')).getByRole('button', { name: /^Unassign/ }));
    await screen.findByText(reviewText.released('Kanban Board 1.2.0'));
    expect(calls.filter((c) => c.key.startsWith('DELETE')).map((c) => c.key)).toEqual(['DELETE /v1/admin/app/app-kanban/review/v-kanban']);
  });

  it('says why an assignment is refused (409: reviewed meanwhile)', async () => {
    stubFetch({
      'GET /v1/admin/reviews': () => ({ status: 200, body: queue([oldest]) }),
      'GET /v1/admin/publish-checks': () => ({ status: 200, body: checks }),
      'POST /v1/admin/app/app-jira/review/v-jira': () => ({
        status: 409,
        body: { error: 'This version is not waiting for review.', code: 'not_waiting', requestId: 'req-9' },
      }),
    });
    const user = userEvent.setup();
    await renderScreen(() => <Harness />);
    await user.click(within(await rowOf('Jira Connector')).getByRole('button', { name: /^Assign to me/ }));
    await screen.findByText('This version is not waiting for review. Request ID: req-9');
  });

  it('writes the filters to the address (a new filter starts at page 1) and asks the API with them', async () => {
    const calls = stubFetch({
      'GET /v1/admin/reviews': (_, url) => ({
        status: 200,
        body: url.searchParams.get('q') === 'nothing' ? queue([]) : queue([oldest, newer], { meta: { total: 60 } }),
      }),
      'GET /v1/admin/publish-checks': () => ({ status: 200, body: checks }),
    });
    const user = userEvent.setup();
    const { router } = await renderScreen(() => <Harness />);
    await rowOf('Jira Connector');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await vi.waitFor(() => expect(router.state.location.search).toEqual({ page: 2, q: '' }));
    await user.click(screen.getByRole('checkbox', { name: 'Only overdue' }));
    await vi.waitFor(() => expect(router.state.location.search).toEqual({ page: 1, q: '', overdue: true }));

    await user.click(screen.getByRole('combobox', { name: 'Assignee' }));
    await user.click(await screen.findByRole('option', { name: 'Assigned to me' }));
    await vi.waitFor(() => expect(router.state.location.search).toEqual({ page: 1, q: '', overdue: true, assignee: 'me' }));

    await user.type(screen.getByRole('textbox', { name: 'Search the queue' }), 'jira');
    await vi.waitFor(() => expect(router.state.location.search).toEqual({ page: 1, q: 'jira', overdue: true, assignee: 'me' }));
    await vi.waitFor(() => expect(queueCalls(calls).at(-1)).toMatchObject({ q: 'jira', assignee: 'me', overdue: 'true', offset: '0' }));
    expect(queueCalls(calls).some((q) => q.offset !== '0' && q.overdue === undefined)).toBe(true);

    await user.click(screen.getByRole('checkbox', { name: 'Only overdue' }));
    await vi.waitFor(() => expect(router.state.location.search).toEqual({ page: 1, q: 'jira', assignee: 'me' }));
    await user.click(screen.getByRole('combobox', { name: 'Assignee' }));
    await user.click(await screen.findByRole('option', { name: 'Anyone' }));
    await vi.waitFor(() => expect(router.state.location.search).toEqual({ page: 1, q: 'jira' }));
    expect(queueCalls(calls).at(-1)).toEqual({ limit: expect.any(String), offset: '0', q: 'jira' });

    await user.clear(screen.getByRole('textbox', { name: 'Search the queue' }));
    await user.type(screen.getByRole('textbox', { name: 'Search the queue' }), 'nothing');
    await screen.findByText(reviewText.noMatch);
  });

  it('says when nothing waits', async () => {
    stubFetch({
      'GET /v1/admin/reviews': () => ({ status: 200, body: queue([]) }),
      'GET /v1/admin/publish-checks': () => ({ status: 200, body: checks }),
    });
    await renderScreen(() => <Harness />);
    await screen.findByText('No versions are waiting for review.');
    expect(screen.getByText('0 waiting · 0 over the 48-hour target')).toBeInTheDocument();
  });

  it('shows the API’s error with its request id', async () => {
    stubFetch({
      'GET /v1/admin/reviews': () => ({ status: 500, body: { error: 'The database is unreachable.', code: 'internal', requestId: 'req-1' } }),
      'GET /v1/admin/publish-checks': () => ({ status: 200, body: checks }),
    });
    await renderScreen(() => <Harness />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The database is unreachable. Request ID: req-1');
  });
});

describe('waiting and findings, in words', () => {
  it('counts days and hours, blocking findings and warnings', () => {
    expect(waitingText(0)).toBe('Less than an hour');
    expect(waitingText(1)).toBe('1 hour');
    expect(waitingText(24)).toBe('1 day');
    expect(waitingText(74)).toBe('3 days 2 hours');
    expect(waitingText(49)).toBe('2 days 1 hour');
    expect(findingsText({ blocks: 0, warns: 0 })).toBe('None');
    expect(findingsText({ blocks: 1, warns: 2 })).toBe('1 blocking · 2 warnings');
    expect(findingsText({ blocks: 0, warns: 1 })).toBe('1 warning');
    expect(findingsText({ blocks: 2, warns: 0 })).toBe('2 blocking');
  });
});
