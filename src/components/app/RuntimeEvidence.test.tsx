import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { emptyAdds } from '../../../contract/schemas/runtime';
import { renderScreen } from '../../../tests/render';
import { failedReport, olderFailedReport, runtimeOf, startedReport } from './runtime-fixtures';
import { RuntimeEvidence, RuntimePanel } from './RuntimeEvidence';
import { runtimeText as T } from './runtime-sentences';
import { WorkspaceAdds } from './WorkspaceAdds';

/** The items of the list a heading names. */
const items = (name: string) => within(screen.getByRole('list', { name })).getAllByRole('listitem');
const texts = (name: string) => items(name).map((li) => li.textContent);

/** axe's rules that jsdom can judge (it lays nothing out: no contrast, no sizes). */
async function violations(node: Element) {
  const result = await axe.run(node, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' ')}`);
}

describe('a version’s runtime evidence', () => {
  it('a started version: the headline, its lifecycle timings, and every kind of thing it adds', async () => {
    await renderScreen(() => <RuntimeEvidence report={startedReport} appId="a1" />);
    expect(screen.getByText('Starts in Apps-Engine 1.53 (Deno) in 1.8 s')).toBeInTheDocument();
    expect(screen.getByText('initialize() took 120 ms · onEnable() took 35 ms')).toBeInTheDocument();

    const adds = screen.getByRole('region', { name: T.adds });
    expect(
      within(adds)
        .getAllByRole('heading', { level: 4 })
        .map((h) => h.textContent),
    ).toEqual([
      'Slash commands (1)',
      'Settings (2)',
      'API endpoints (1)',
      'Buttons (1)',
      'Contextual bars and modals (1)',
      'Scheduled processors (1)',
      'Video conference providers (1)',
      'Events it listens to (3)',
    ]);
    expect(texts('Slash commands (1)')).toEqual(['/pollCreate a pollParameters: "Question" "Option 1" "Option 2"']);
    expect(within(items('Slash commands (1)')[0]!).getByText('/poll').tagName).toBe('CODE');
    expect(texts('Settings (2)')).toEqual(['tokenpasswordrequiredPoll_Token', 'anonymousbooleanpublic']);
    expect(texts('API endpoints (1)')).toEqual(['POST /api/apps/public/a1/votepublic address · no sign-in needed']);
    expect(texts('Buttons (1)')).toEqual(['Close pollclose-pollmessage action']);
    expect(texts('Contextual bars and modals (1)')).toEqual(['poll-resultscontextual bar']);
    expect(texts('Scheduled processors (1)')).toEqual(['close-expiredstarts with the app, and recurs']);
    expect(texts('Video conference providers (1)')).toEqual(['PollCall']);
    expect(texts('Events it listens to (3)')).toEqual(['message sent', 'room created', 'IPostSomethingNew']);
  });

  it('a started version: what it tried to reach (refused), and its permissions used, unused and undeclared', async () => {
    await renderScreen(() => <RuntimeEvidence report={startedReport} appId="a1" />);
    const access = screen.getByRole('region', { name: T.access });
    expect(within(access).getByRole('list', { name: T.network })).toHaveTextContent(
      'Tried to reach: GET https://api.poll.example/config (refused: nothing was sent)',
    );
    const permissions = within(within(access).getByRole('list', { name: T.permissions })).getAllByRole('listitem');
    expect(permissions.map((li) => li.textContent)).toEqual([
      'slashcommandused while startingby SlashCommandBridge.doRegisterCommand',
      'room.readnot used while starting',
      'user.readused without declaring itby UserBridge.doGetById',
    ]);
    // The colour only repeats the words.
    expect(within(permissions[2]!).getByText('used without declaring it')).toHaveAttribute('data-accent-color', 'red');
  });

  it('a failed version: where, the message, and its own stack frames in a scrollable block the keyboard reaches', async () => {
    const user = userEvent.setup();
    await renderScreen(() => <RuntimeEvidence report={failedReport} appId="a1" />);
    expect(screen.getByText('Does not start in Apps-Engine 1.53 (Deno)')).toBeInTheDocument();
    expect(screen.getByText('initialize()', { selector: 'code' }).parentElement).toHaveTextContent('In initialize()');
    expect(screen.getByText("Cannot read properties of undefined (reading 'get')")).toBeInTheDocument();
    const frames = screen.getByRole('region', { name: T.frames });
    expect(frames.tagName).toBe('PRE');
    expect(frames).toHaveTextContent('at PollApp.initialize (app.js:42:17) at PollApp.extendConfiguration (app.js:88:5)');
    expect(frames.textContent).toContain('\n');
    await user.tab();
    expect(frames).toHaveFocus();
    // Nothing was registered, nothing reached for.
    expect(within(screen.getByRole('region', { name: T.adds })).getByText(T.addsNothing)).toBeInTheDocument();
    expect(screen.getByText(T.noHttp)).toBeInTheDocument();
  });

  it('started, but not in the older engine its requiredApiVersion admits: says so, with where, why and its frames', async () => {
    await renderScreen(() => <RuntimeEvidence report={olderFailedReport} appId="a1" />);
    expect(screen.getByText('Starts in Apps-Engine 1.53 (Deno) in 1.8 s')).toBeInTheDocument();
    expect(screen.getByText('Does not start in Apps-Engine 1.42 (Node) — which its requiredApiVersion admits')).toBeInTheDocument();
    expect(screen.getByText('structuredClone is not defined')).toBeInTheDocument();
    expect(screen.getByText('constructing the app', { selector: 'code' }).parentElement).toHaveTextContent('While constructing the app');
    expect(screen.getByRole('region', { name: 'Stack frames in the app’s code, in Apps-Engine 1.42 (Node)' })).toHaveTextContent(
      'at new PollApp (app.js:12:3)',
    );
  });

  it('stopped by a limit: says so plainly, with no error block', async () => {
    await renderScreen(() => (
      <>
        <RuntimeEvidence report={{ ...failedReport, outcome: 'timeout', startMs: 30_000, error: null }} />
        <RuntimeEvidence report={{ ...failedReport, outcome: 'out-of-memory', error: null }} />
      </>
    ));
    expect(screen.getByText('Did not finish starting in Apps-Engine 1.53 (Deno): stopped at the time limit, after 30.0 s')).toBeInTheDocument();
    expect(screen.getByText('Ran out of memory while starting in Apps-Engine 1.53 (Deno): stopped at the memory limit')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: T.frames })).toBeNull();
  });

  it('the query’s states: loading, its error with the request id, not started yet', async () => {
    const error = { status: 500, body: { error: 'The database is away.', code: 'internal', requestId: 'req-7' } };
    await renderScreen(() => (
      <>
        <RuntimePanel data={undefined} error={null} isPending />
        <RuntimePanel data={undefined} error={error} isPending={false} />
        <RuntimePanel data={runtimeOf(null)} error={null} isPending={false} />
      </>
    ));
    expect(screen.getByRole('status')).toHaveTextContent(T.loading);
    expect(screen.getByRole('alert')).toHaveTextContent('The database is away. Request ID: req-7');
    expect(screen.getByText('Not started yet — it starts after a successful compile.')).toBeInTheDocument();
  });

  it('the workspace’s view: only what it adds, one line a kind; or that it adds nothing', async () => {
    await renderScreen(() => (
      <>
        <WorkspaceAdds adds={startedReport.adds} appId="a1" label="Adds" />
        <WorkspaceAdds adds={emptyAdds()} label="None" />
      </>
    ));
    expect(texts('Adds')).toHaveLength(8);
    expect(texts('Adds')[2]).toBe('An API endpoint at POST /api/apps/public/a1/vote');
    expect(screen.getByText(T.addsNothing)).toBeInTheDocument();
  });

  // One report a page, as the screens show it (two would be two regions of the same name).
  it.each([
    ['started', startedReport],
    ['failed', failedReport],
    ['not in the older engine', olderFailedReport],
  ])('has no axe violations (%s)', async (_, report) => {
    await renderScreen(() => (
      <main>
        <h2>Runtime</h2>
        <RuntimeEvidence report={report} appId="a1" />
        <WorkspaceAdds adds={report.adds} appId="a1" label="Adds" />
      </main>
    ));
    expect(await violations(document.body)).toEqual([]);
  });
});
