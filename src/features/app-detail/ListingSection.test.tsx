import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppVersion } from '../../../contract/schemas/app';
import type { ListingPreview } from '../../../contract/schemas/listing';
import { renderScreen, stubFetch } from '../../../tests/render';
import { runtimeOf, startedReport } from '../../components/app/runtime-fixtures';
import { ListingSection } from './ListingSection';

afterEach(() => vi.unstubAllGlobals());

const version = (status: AppVersion['status']) => ({ id: 'v1', name: 'Standup Bot', version: '2.0.0', status, isBundle: false }) as AppVersion;
const shot = (id: string, fileName: string, position: number, caption = '') => ({
  id,
  appId: 'a1',
  fileName,
  thumbnailUrl: `/media/screenshots/a1/${id}.png`,
  caption,
  position,
});
const listing = (screenshots = [shot('s1', 'board.png', 0, 'The board'), shot('s2', 'thread.png', 1)]): ListingPreview => ({
  appId: 'a1',
  internalId: 'v1',
  name: 'Standup Bot',
  version: '2.0.0',
  status: 'published',
  author: { name: 'Northwind', support: 'help@northwind.example', homepage: 'northwind.example' },
  iconFileData: 'data:image/png;base64,AAAA',
  shortDescription: 'Standups without a meeting',
  detailedDescription: { raw: 'Type **/standup**.', rendered: '<p>Type <strong>/standup</strong>.</p>' },
  categories: ['Productivity'],
  languages: ['en', 'de'],
  privacyPolicySummary: 'Keeps answers in the workspace.',
  documentationUrl: 'https://northwind.example/docs',
  screenshots,
});

const show = async (status: AppVersion['status'], routes: Parameters<typeof stubFetch>[0] = {}, canUpdate = true) => {
  const calls = stubFetch({
    'GET /v1/misc/cloud-urls': () => ({ status: 200, body: { productName: 'Comet' } }),
    'GET /v1/publisher/apps/a1/info/v1/listing': () => ({ status: 200, body: listing() }),
    'GET /v1/publisher/apps/a1/versions/v1/runtime': () => ({ status: 200, body: runtimeOf(startedReport) }),
    ...routes,
  });
  await renderScreen(() => <ListingSection appId="a1" version={version(status)} canUpdate={canUpdate} />);
  return { calls, section: await screen.findByRole('region', { name: 'Listing' }) };
};
const items = (section: HTMLElement) => within(within(section).getByRole('list', { name: /Screenshots/ })).getAllByRole('listitem');

describe('the app page’s Listing section', () => {
  it('shows the listing’s fields, its screenshots in order and the Marketplace preview', async () => {
    const { section } = await show('published');
    expect(within(section).getByText('Standups without a meeting', { selector: 'dd, dd *' })).toBeInTheDocument();
    expect(within(section).getByText('English, German')).toBeInTheDocument();
    // The description rendered, as the catalog serves it.
    expect(within(section).getAllByText('/standup', { selector: 'strong' })).toHaveLength(2);
    expect(items(section).map((li) => li.querySelector('p')?.textContent)).toEqual(['1 of 2 · board.png', '2 of 2 · thread.png']);
    expect(within(section).getByRole('link', { name: 'Edit listing' })).toHaveAttribute('href', '/publisher/edit-details/app/a1/v1/1');
    const preview = within(section).getByRole('region', { name: 'Preview in Comet.Chat’s Marketplace' });
    expect(within(preview).getByText('Standup Bot', { selector: 'p' })).toBeInTheDocument();
    expect(within(preview).getByText('1 of 2')).toBeInTheDocument();
    expect(within(preview).getByRole('img', { name: 'The board' })).toBeInTheDocument();
    await userEvent.click(within(preview).getByRole('button', { name: 'Next screenshot' }));
    expect(within(preview).getByText('2 of 2')).toBeInTheDocument();
    expect(within(preview).getByRole('img', { name: 'App preview image' })).toBeInTheDocument();
    // Addresses as Rocket.Chat normalizes them.
    expect(within(preview).getByRole('link', { name: 'northwind.example' })).toHaveAttribute('href', 'https://northwind.example');
    expect(within(preview).getByRole('link', { name: 'help@northwind.example' })).toHaveAttribute('href', 'mailto:help@northwind.example');
  });

  it('the preview lists what the app adds to a workspace, as its administrator reads it: no timings, no stack', async () => {
    const { section } = await show('published');
    const preview = within(section).getByRole('region', { name: 'Preview in Comet.Chat’s Marketplace' });
    expect(within(preview).getByRole('heading', { name: 'What this app adds to your workspace' })).toBeInTheDocument();
    const adds = within(within(preview).getByRole('list', { name: 'What this app adds to your workspace' })).getAllByRole('listitem');
    expect(adds.map((li) => li.textContent)).toEqual([
      'Slash command /poll: Create a poll',
      '2 settings for administrators: token and anonymous',
      'An API endpoint at POST /api/apps/public/a1/vote',
      'A message action button: Close poll',
      'A contextual bar: poll-results',
      '1 background job: close-expired',
      'A video conference provider: PollCall',
      'Acts on: message sent, room created and IPostSomethingNew',
    ]);
    expect(preview).not.toHaveTextContent('Apps-Engine');
  });

  it('the preview leaves the adds out while the version has not been started', async () => {
    const { section } = await show('draft', { 'GET /v1/publisher/apps/a1/versions/v1/runtime': () => ({ status: 200, body: runtimeOf(null) }) });
    const preview = within(section).getByRole('region', { name: 'Preview in Comet.Chat’s Marketplace' });
    expect(within(preview).queryByRole('heading', { name: 'What this app adds to your workspace' })).toBeNull();
  });

  it('moves a screenshot with the keyboard’s buttons, keeping the focus on it', async () => {
    const user = userEvent.setup();
    // The server's state: the new order once it is saved.
    let stored = listing();
    const { calls, section } = await show('published', {
      'GET /v1/publisher/apps/a1/info/v1/listing': () => ({ status: 200, body: stored }),
      'POST /v1/publisher/apps/a1/info/v1/screenshots/order': () => {
        stored = listing([shot('s2', 'thread.png', 0), shot('s1', 'board.png', 1, 'The board')]);
        return { status: 200, body: stored.screenshots };
      },
    });
    const board = items(section)[0]!;
    within(board).getByRole('button', { name: 'Move down' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(items(section).map((li) => li.querySelector('p')?.textContent)).toEqual(['1 of 2 · thread.png', '2 of 2 · board.png']));
    expect(calls.find((c) => c.key === 'POST /v1/publisher/apps/a1/info/v1/screenshots/order')?.body).toEqual({ ids: ['s2', 's1'] });
    // At the end now: its Move down is disabled, the focus is on its Move up.
    const moved = items(section)[1]!;
    expect(within(moved).getByRole('button', { name: 'Move down' })).toBeDisabled();
    expect(within(moved).getByRole('button', { name: 'Move up' })).toHaveFocus();
    expect(screen.getByText('board.png is now 2 of 2.')).toBeInTheDocument();
  });

  it('saves a caption on Enter with a toast, and says why one is refused', async () => {
    const user = userEvent.setup();
    const { calls, section } = await show('compiled', {
      'PATCH /v1/publisher/apps/a1/info/v1/screenshots/s2': (body) => ({
        status: 200,
        body: shot('s2', 'thread.png', 1, (body as { caption: string }).caption),
      }),
    });
    const field = within(items(section)[1]!).getByLabelText('Caption');
    await user.type(field, '  Answers in a thread  {Enter}');
    await screen.findByText('Caption saved.');
    expect(calls.filter((c) => c.key.startsWith('PATCH')).map((c) => c.body)).toEqual([{ caption: 'Answers in a thread' }]);
    // Leaving the field after Enter saves nothing more.
    await user.tab();
    expect(calls.filter((c) => c.key.startsWith('PATCH'))).toHaveLength(1);
  });

  it('removes a screenshot after asking', async () => {
    const user = userEvent.setup();
    const { calls, section } = await show('draft', {
      'DELETE /v1/apps/a1/screenshots/s1': () => ({ status: 200, body: { success: true } }),
    });
    await user.click(within(items(section)[0]!).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove this screenshot?' });
    expect(dialog).toHaveTextContent('board.png leaves this version’s listing; other versions keep theirs.');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await screen.findByText('Screenshot removed.');
    expect(calls.some((c) => c.key === 'DELETE /v1/apps/a1/screenshots/s1')).toBe(true);
  });

  it('says when there are no screenshots yet', async () => {
    const { section } = await show('draft', { 'GET /v1/publisher/apps/a1/info/v1/listing': () => ({ status: 200, body: listing([]) }) });
    expect(within(section).getByText('No screenshots yet')).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Choose files' })).toBeInTheDocument();
    expect(within(section).queryByRole('list', { name: /Screenshots/ })).toBeNull();
  });

  it('is read-only while the version waits for review, saying why in Edit info’s words', async () => {
    const { section } = await show('author-approved');
    expect(within(section).getByRole('note')).toHaveTextContent(
      'Standup Bot v2.0.0 is author approved: its details can no longer change. Upload an update to change them.',
    );
    expect(within(section).queryByRole('button', { name: /Move|Remove|Choose files/ })).toBeNull();
    expect(within(section).queryByRole('link', { name: 'Edit listing' })).toBeNull();
    expect(within(items(section)[0]!).getByText('The board')).toBeInTheDocument();
    expect(within(items(section)[1]!).getByText('No caption')).toBeInTheDocument();
  });

  it('shows a viewer the listing without changes and without a reason', async () => {
    const { section } = await show('published', {}, false);
    expect(within(section).queryByRole('note')).toBeNull();
    expect(within(section).queryByRole('button', { name: /Move|Remove|Choose files/ })).toBeNull();
  });

  it('says when the listing cannot be loaded, and loads it again on request', async () => {
    let fail = true;
    const { section } = await show('published', {
      'GET /v1/publisher/apps/a1/info/v1/listing': () =>
        fail ? { status: 500, body: { error: 'The database is away.', code: 'internal_error', requestId: 'r-9' } } : { status: 200, body: listing() },
    });
    expect(within(section).getByRole('alert')).toHaveTextContent('The listing could not be loaded. The database is away. Request ID: r-9');
    fail = false;
    await userEvent.click(within(section).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(items(section)).toHaveLength(2));
  });
});
