import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { VersionDiff } from '../../../contract/schemas/diff';
import { renderScreen, stubFetch } from '../../../tests/render';
import type { DiffSearch } from './api';
import { diffText } from './diff-strings';
import { VersionChanges } from './VersionChanges';

afterEach(() => vi.unstubAllGlobals());

const at = '2026-03-02T09:30:00.000Z';
const version = (id: string, v: string, status: string) => ({
  id,
  internalId: id,
  version: v,
  status,
  modifiedDate: at,
  createdDate: at,
  name: 'Reminder Bot',
});
const versions = [version('v3', '2.4.0', 'compiled'), version('v2', '2.3.1', 'published'), version('v1', '2.3.0', 'rejected')];
const app = { appId: 'a1', isBundle: false, latest: versions[0] };

const blocks: VersionDiff['files']['items'][number] = {
  path: 'lib/blocks.ts',
  change: 'changed',
  binary: false,
  tooLarge: false,
  size: { from: 420, to: 424 },
  hunks: [
    {
      oldStart: 3,
      oldLines: 3,
      newStart: 3,
      newLines: 3,
      lines: ['   return {', '-    text: `In ${minutes} min`,', '+    text: `In ${minutes} minutes`,', '   };'],
    },
  ],
};

/** Page one of the default comparison (2.3.1 → 2.4.0); page two after lib/blocks.ts. */
const firstPage: VersionDiff = {
  from: { version: '2.3.1', status: 'published', createdDate: at, packageStored: true },
  to: { version: '2.4.0', status: 'compiled', createdDate: at, packageStored: true },
  fromIsLastApproved: true,
  manifest: [
    { field: 'description', from: 'Reminds a room later.', to: 'Reminds a room later, in minutes.' },
    { field: 'version', from: '2.3.1', to: '2.4.0' },
  ],
  permissions: { added: ['room.read'], removed: ['message.read'] },
  listing: [
    { field: 'categories', from: ['Productivity'], to: ['Productivity', 'Social'] },
    { field: 'icon', from: 'data:image/webp;base64,AAAA', to: 'data:image/webp;base64,BBBB' },
  ],
  pricing: [{ field: 'buyPrice', from: 0, to: 5 }],
  runtime: [],
  files: {
    summary: { added: 1, removed: 1, changed: 3, unchanged: 4 },
    items: [{ path: 'icon.png', change: 'changed', binary: true, tooLarge: false, size: { from: 12, to: 24 }, hunks: null }, blocks],
    next: 'lib/blocks.ts',
  },
};
const secondPage: VersionDiff = {
  ...firstPage,
  files: {
    ...firstPage.files,
    items: [
      {
        path: 'lib/extra.ts',
        change: 'added',
        binary: false,
        tooLarge: false,
        size: { from: null, to: 24 },
        hunks: [{ oldStart: 1, oldLines: 0, newStart: 1, newLines: 1, lines: ['+export const extra = 1;'] }],
      },
      { path: 'lib/huge.ts', change: 'removed', binary: false, tooLarge: true, size: { from: 600 * 1024, to: null }, hunks: null },
    ],
    next: null,
  },
};

/** The screen as the route wires it: the search params in, a navigation out (no route of its own in this router). */
function Harness({ canCite = false }: { canCite?: boolean }) {
  const s = useSearch({ strict: false }) as Record<string, unknown>;
  const navigate = useNavigate();
  const text = (v: unknown) => (v === undefined ? undefined : String(v));
  const search: DiffSearch = { diffFrom: text(s.diffFrom), diffTo: text(s.diffTo), diffAfter: text(s.diffAfter), cite: s.cite as string[] | undefined };
  return (
    <Suspense fallback={null}>
      <VersionChanges appId="a1" search={search} canCite={canCite} onSearch={(next) => void navigate({ to: '.', search: next as never })} />
    </Suspense>
  );
}

function stub(diff: (url: URL) => { status: number; body: unknown }, list: unknown[] = versions) {
  return stubFetch({
    'GET /v1/admin/app/a1': () => ({ status: 200, body: app }),
    'GET /v1/admin/app/a1/all': () => ({ status: 200, body: list }),
    'GET /v1/admin/app/a1/diff': (_body, url) => diff(url),
  });
}
const diffCalls = (calls: ReturnType<typeof stubFetch>) =>
  calls.filter((c) => c.key === 'GET /v1/admin/app/a1/diff').map((c) => Object.fromEntries(c.url.searchParams));

describe('what changed between two versions (staff review)', () => {
  it('titles the default comparison and sums it up: files, new permissions highlighted, manifest, listing with both icons, pricing', async () => {
    const calls = stub(() => ({ status: 200, body: firstPage }));
    await renderScreen(() => <Harness />);
    const section = await screen.findByRole('region', { name: 'Changes since v2.3.1' });
    expect(diffCalls(calls)).toEqual([{}]);
    await within(section).findByText('1 added, 1 removed, 3 changed, 4 unchanged files');
    expect(within(section).queryByText(diffText.noApproved)).toBeNull();

    // The new permission stands out (an amber callout, red badges) and says so in words, not colour alone.
    const added = within(section).getByRole('list', { name: diffText.permissionsAddedList });
    expect(added).toHaveTextContent('+ room.read');
    expect(added.closest('.rt-CalloutRoot')).toHaveTextContent(diffText.permissionsAdded(1));
    expect(added.closest('.rt-CalloutRoot')).toHaveAttribute('data-accent-color', 'amber');
    expect(within(section).getByRole('list', { name: diffText.permissionsRemovedList })).toHaveTextContent('- message.read');

    const manifest = within(section).getByRole('table', { name: diffText.manifest });
    expect(within(manifest).getByRole('row', { name: /version/ })).toHaveTextContent('2.3.1');
    expect(within(manifest).getByRole('row', { name: /version/ })).toHaveTextContent('2.4.0');
    const listing = within(section).getByRole('table', { name: diffText.listing });
    expect(within(listing).getByRole('row', { name: /Categories/ })).toHaveTextContent('ProductivityProductivity, Social');
    expect(within(listing).getByRole('img', { name: 'Icon of v2.3.1' })).toHaveAttribute('src', 'data:image/webp;base64,AAAA');
    expect(within(listing).getByRole('img', { name: 'Icon of v2.4.0' })).toHaveAttribute('src', 'data:image/webp;base64,BBBB');
    expect(within(within(section).getByRole('table', { name: diffText.pricing })).getByRole('row', { name: /One-time price/ })).toHaveTextContent('Free$5.00');
  });

  it('says what starting both versions in Apps-Engine showed changed, the quoted names in monospace; nothing when it showed nothing', async () => {
    stub(() => ({ status: 200, body: { ...firstPage, runtime: ['adds slash command `/export`', 'removes setting `token`'] } }));
    await renderScreen(() => <Harness />);
    const section = await screen.findByRole('region', { name: 'Changes since v2.3.1' });
    const list = await within(section).findByRole('list', { name: diffText.runtime });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['adds slash command /export', 'removes setting token']);
    expect(within(list).getByText('/export').tagName).toBe('CODE');
  });

  it('a change only when started is still a change (not “No differences”)', async () => {
    const none = { added: [], removed: [] };
    stub(() => ({
      status: 200,
      body: {
        ...firstPage,
        manifest: [],
        listing: [],
        pricing: [],
        permissions: none,
        runtime: ['adds slash command `/export`'],
        files: { summary: { added: 0, removed: 0, changed: 0, unchanged: 9 }, items: [], next: null },
      },
    }));
    await renderScreen(() => <Harness />);
    await screen.findByRole('list', { name: diffText.runtime });
    expect(screen.queryByText(diffText.same)).toBeNull();
  });

  it('lists a binary file with its sizes, and renders a text file’s hunks as a unified diff with line numbers and visible +/-', async () => {
    stub(() => ({ status: 200, body: firstPage }));
    await renderScreen(() => <Harness />);
    const icon = await screen.findByRole('article', { name: 'icon.png' });
    expect(within(icon).getByText('Changed')).toBeInTheDocument();
    expect(icon).toHaveTextContent('Binary file, not shown (12 bytes → 24 bytes)');
    expect(within(icon).queryByRole('table')).toBeNull();

    const file = screen.getByRole('article', { name: 'lib/blocks.ts' });
    const table = within(file).getByRole('table', { name: 'Changes to lib/blocks.ts' });
    expect(within(table).getByRole('rowheader', { name: '@@ -3,3 +3,3 @@' })).toHaveAttribute('scope', 'rowgroup');
    const rows = within(table)
      .getAllByRole('row')
      .slice(2)
      .map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent));
    expect(rows).toEqual([
      ['3', '3', '   return {'],
      ['4', '', '-    text: `In ${minutes} min`,'],
      ['', '4', '+    text: `In ${minutes} minutes`,'],
      ['5', '5', '   };'],
    ]);
    // The colour follows the line's kind (its '+' / '-' stays in the text).
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.getAttribute('data-line')),
    ).toEqual([null, '@', ' ', '-', '+', ' ']);
  });

  it('pages the files through the address: Next files sets diffAfter, First files clears it', async () => {
    const calls = stub((url) => ({ status: 200, body: url.searchParams.get('after') === 'lib/blocks.ts' ? secondPage : firstPage }));
    const user = userEvent.setup();
    const { router } = await renderScreen(() => <Harness />);
    await screen.findByRole('article', { name: 'lib/blocks.ts' });
    const pages = screen.getByRole('navigation', { name: diffText.filePages });
    expect(within(pages).getByRole('button', { name: diffText.firstFiles })).toBeDisabled();

    await user.click(within(pages).getByRole('button', { name: diffText.nextFiles }));
    await vi.waitFor(() => expect(router.state.location.search).toEqual({ diffAfter: 'lib/blocks.ts' }));
    const heading = await screen.findByRole('heading', { name: diffText.filesAfter('lib/blocks.ts') });
    await screen.findByRole('article', { name: 'lib/extra.ts' });
    // The keyboard goes on from the top of the new page.
    await vi.waitFor(() => expect(heading).toHaveFocus());
    expect(diffCalls(calls).at(-1)).toEqual({ after: 'lib/blocks.ts' });
    expect(screen.getByRole('article', { name: 'lib/huge.ts' })).toHaveTextContent('Too large to show (600.0 KB)');
    // An added file's empty old range is written as `diff -u` writes it (the API's hunk says it starts at 1).
    expect(within(screen.getByRole('table', { name: 'Changes to lib/extra.ts' })).getByRole('rowheader')).toHaveTextContent('@@ -0,0 +1,1 @@');
    expect(screen.getByRole('button', { name: diffText.nextFiles })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: diffText.firstFiles }));
    await vi.waitFor(() => expect(router.state.location.search).toEqual({}));
    await screen.findByRole('article', { name: 'icon.png' });
  });

  it('compares the versions the pickers name, through the address; the other side’s version cannot be chosen', async () => {
    const calls = stub((url) => {
      const from = url.searchParams.get('from');
      return {
        status: 200,
        body: from
          ? { ...firstPage, from: { version: from, status: 'rejected', createdDate: at, packageStored: false }, fromIsLastApproved: false }
          : firstPage,
      };
    });
    const { router } = await renderScreen(() => <Harness />, '/');
    await act(() => router.navigate({ to: '/', search: { diffAfter: 'icon.png' } as never }));
    const from = await screen.findByRole('combobox', { name: diffText.from });
    await vi.waitFor(() => expect(from).toHaveTextContent('v2.3.1 · Published'));
    expect(screen.getByRole('combobox', { name: diffText.to })).toHaveTextContent('v2.4.0 · Compiled');

    const user = userEvent.setup();
    await user.click(from);
    expect(await screen.findByRole('option', { name: 'v2.4.0 · Compiled' })).toHaveAttribute('data-disabled');
    await user.click(screen.getByRole('option', { name: 'v2.3.0 · Rejected' }));
    // A new pair starts at its first files.
    await vi.waitFor(() => expect(router.state.location.search).toEqual({ diffFrom: '2.3.0' }));
    await screen.findByRole('region', { name: 'Changes since v2.3.0' });
    expect(diffCalls(calls).at(-1)).toEqual({ from: '2.3.0' });
    // Chosen, not the default: no note about approvals. Its package is not stored: said, not shown as identical.
    expect(screen.queryByText(diffText.noApproved)).toBeNull();
    expect(screen.getByRole('note')).toHaveTextContent(diffText.notStored('v2.3.0'));

    await user.click(screen.getByRole('button', { name: diffText.reset }));
    await vi.waitFor(() => expect(router.state.location.search).toEqual({}));
  });

  it('says when no earlier version was approved, and when two versions do not differ', async () => {
    stub(() => ({
      status: 200,
      body: {
        ...firstPage,
        fromIsLastApproved: false,
        manifest: [],
        listing: [],
        pricing: [],
        permissions: { added: [], removed: [] },
        files: { summary: { added: 0, removed: 0, changed: 0, unchanged: 9 }, items: [], next: null },
      },
    }));
    await renderScreen(() => <Harness />);
    const section = await screen.findByRole('region', { name: 'Changes since v2.3.1' });
    await within(section).findByText(diffText.same);
    expect(within(section).getByText(diffText.noApproved)).toBeInTheDocument();
  });

  it('offers a first version’s files on request, titled as all new', async () => {
    const user = userEvent.setup();
    stub(() => ({ status: 200, body: { ...firstPage, from: null, fromIsLastApproved: false, pricing: [] } }), [versions[2]]);
    const { router } = await renderScreen(() => <Harness />);
    await user.click(await screen.findByRole('button', { name: diffText.showFirst }));
    await vi.waitFor(() => expect(router.state.location.search).toEqual({ diffTo: '2.3.0' }));
    await screen.findByRole('region', { name: diffText.titleFirst });
  });

  it('shows the API’s error in a callout, with the request id to quote', async () => {
    stub(() => ({ status: 400, body: { error: 'The app has no version 9.9.9.', code: 'bad_request', requestId: 'req-42' } }));
    const { router } = await renderScreen(() => <Harness />);
    await act(() => router.navigate({ to: '/', search: { diffFrom: '9.9.9' } as never }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The app has no version 9.9.9. Request ID: req-42');
    expect(alert).toHaveClass('rt-CalloutRoot');
    // The pickers stay, to choose again.
    expect(screen.getByRole('combobox', { name: diffText.from })).toBeInTheDocument();
  });

  it('for staff who may cite: a line’s number picks it to cite (the address’s `cite`), and picks it off again; Clear forgets them all', async () => {
    stub((url) => ({ status: 200, body: url.searchParams.get('after') === 'lib/blocks.ts' ? secondPage : firstPage }));
    const user = userEvent.setup();
    const { router } = await renderScreen(() => <Harness canCite />);
    const table = await screen.findByRole('table', { name: 'Changes to lib/blocks.ts' });
    expect(screen.getByText(diffText.citeHint)).toBeInTheDocument();
    // A line both sides have is cited by its new number; a removed line by its old; an added one by its new.
    expect(
      within(table)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Cite line 3 of lib/blocks.ts', 'Cite line 4 of lib/blocks.ts (old)', 'Cite line 4 of lib/blocks.ts', 'Cite line 5 of lib/blocks.ts']);
    // The cells still read as the numbers.
    expect([...within(table).getAllByRole('row')[3]!.querySelectorAll('td')].map((c) => c.textContent)).toEqual(['4', '', '-    text: `In ${minutes} min`,']);

    const added = within(table).getByRole('button', { name: 'Cite line 4 of lib/blocks.ts' });
    await user.click(added);
    await vi.waitFor(() => expect(router.state.location.search).toEqual({ cite: ['new:4:lib/blocks.ts'] }));
    await vi.waitFor(() => expect(added).toHaveAttribute('aria-pressed', 'true'));
    await user.click(within(table).getByRole('button', { name: 'Cite line 4 of lib/blocks.ts (old)' }));
    await vi.waitFor(() => expect(router.state.location.search).toEqual({ cite: ['new:4:lib/blocks.ts', 'old:4:lib/blocks.ts'] }));
    expect(screen.getByText(diffText.cited(2))).toBeInTheDocument();

    // Paging keeps them; picking one again unpicks it.
    await user.click(screen.getByRole('button', { name: diffText.nextFiles }));
    await vi.waitFor(() => expect(router.state.location.search).toEqual({ diffAfter: 'lib/blocks.ts', cite: ['new:4:lib/blocks.ts', 'old:4:lib/blocks.ts'] }));
    await user.click(screen.getByRole('button', { name: diffText.firstFiles }));
    await user.click(await screen.findByRole('button', { name: 'Cite line 4 of lib/blocks.ts' }));
    await vi.waitFor(() => expect(router.state.location.search).toEqual({ cite: ['old:4:lib/blocks.ts'] }));
    await user.click(screen.getByRole('button', { name: diffText.clearCitedLabel }));
    await vi.waitFor(() => expect(router.state.location.search).toEqual({}));
  });

  it('for staff who may not: the numbers are numbers', async () => {
    stub(() => ({ status: 200, body: firstPage }));
    await renderScreen(() => <Harness />);
    const table = await screen.findByRole('table', { name: 'Changes to lib/blocks.ts' });
    expect(within(table).queryAllByRole('button')).toEqual([]);
    expect(screen.queryByText(diffText.citeHint)).toBeNull();
  });
});

/** An added text file of `n` lines. */
const addedFile = (path: string, n = 3): VersionDiff['files']['items'][number] => ({
  path,
  change: 'added',
  binary: false,
  tooLarge: false,
  size: { from: null, to: n * 10 },
  hunks: [{ oldStart: 1, oldLines: 0, newStart: 1, newLines: n, lines: Array.from({ length: n }, (_, i) => `+line ${i + 1}`) }],
});
/** A first version: nothing before it, every file added (11 text files and an icon: over LARGE_DIFF_FILES). */
const firstVersion: VersionDiff = {
  ...firstPage,
  from: null,
  fromIsLastApproved: false,
  pricing: [],
  files: {
    summary: { added: 12, removed: 0, changed: 0, unchanged: 0 },
    items: [
      { path: 'icon.png', change: 'added', binary: true, tooLarge: false, size: { from: null, to: 24 }, hunks: null },
      ...Array.from({ length: 11 }, (_, i) => addedFile(`lib/f${String(i + 1).padStart(2, '0')}.ts`)),
    ],
    next: null,
  },
};
/** A file's disclosure button (its header). */
const toggle = (path: string) => within(within(screen.getByRole('article', { name: path })).getByRole('heading', { level: 4 })).getByRole('button');

describe('a large diff opens on its list of files', () => {
  it('lists each file with its change and line counts, folded; a file unfolds and folds by pointer and keyboard', async () => {
    stub(() => ({ status: 200, body: firstVersion }));
    const user = userEvent.setup();
    const { router } = await renderScreen(() => <Harness />);
    await act(() => router.navigate({ to: '/', search: { diffTo: '2.4.0' } as never }));
    const section = await screen.findByRole('region', { name: diffText.titleFirst });
    await within(section).findByText(diffText.folded(12, 33));
    const list = within(section).getByRole('list', { name: diffText.fileList });
    expect(within(list).getAllByRole('listitem')).toHaveLength(12);
    // Folded: a disclosure button per file, its lines not rendered at all.
    expect(within(section).queryAllByRole('table', { name: /^Changes to / })).toEqual([]);
    const f01 = toggle('lib/f01.ts');
    expect(f01).toHaveAttribute('aria-expanded', 'false');
    expect(f01).toHaveAccessibleName('Added lib/f01.ts 3 lines added, 0 lines removed');
    expect(f01).toHaveTextContent('+3 −0');
    expect(toggle('icon.png')).toHaveAccessibleName('Added icon.png binary');
    const body = document.getElementById(f01.getAttribute('aria-controls')!)!;
    expect(body).not.toBeVisible();

    await user.click(f01);
    expect(f01).toHaveAttribute('aria-expanded', 'true');
    expect(body).toBeVisible();
    const table = within(body).getByRole('table', { name: 'Changes to lib/f01.ts' });
    expect(within(table).getAllByRole('row')).toHaveLength(5);
    await user.click(f01);
    expect(f01).toHaveAttribute('aria-expanded', 'false');
    expect(within(section).queryByRole('table', { name: 'Changes to lib/f01.ts' })).toBeNull();

    // By keyboard: Enter and Space, as any button.
    const f02 = toggle('lib/f02.ts');
    f02.focus();
    await user.keyboard('{Enter}');
    expect(f02).toHaveAttribute('aria-expanded', 'true');
    expect(within(section).getByRole('table', { name: 'Changes to lib/f02.ts' })).toBeInTheDocument();
    await user.keyboard(' ');
    expect(f02).toHaveAttribute('aria-expanded', 'false');
    expect(within(section).getByRole('article', { name: 'icon.png' })).not.toHaveTextContent('Binary file, not shown');
  });

  it('Expand all unfolds every file, Collapse all folds them again', async () => {
    stub(() => ({ status: 200, body: firstVersion }));
    const user = userEvent.setup();
    const { router } = await renderScreen(() => <Harness />);
    await act(() => router.navigate({ to: '/', search: { diffTo: '2.4.0' } as never }));
    await screen.findByRole('list', { name: diffText.fileList });
    await user.click(screen.getByRole('button', { name: diffText.expandAllLabel }));
    expect(screen.getAllByRole('table', { name: /^Changes to / })).toHaveLength(11);
    expect(screen.getByRole('article', { name: 'icon.png' })).toHaveTextContent('Binary file, not shown (24 bytes)');
    expect(screen.getAllByRole('button', { expanded: true })).toHaveLength(12);
    await user.click(screen.getByRole('button', { name: diffText.collapseAllLabel }));
    expect(screen.queryAllByRole('table', { name: /^Changes to / })).toEqual([]);
    expect(screen.getAllByRole('button', { expanded: false })).toHaveLength(12);
  });

  it('folds a few files when their changed lines are many (over 400 in all)', async () => {
    const big = { ...firstVersion, files: { ...firstVersion.files, items: [addedFile('lib/a.ts', 250), addedFile('lib/b.ts', 151)] } };
    stub(() => ({ status: 200, body: big }));
    const { router } = await renderScreen(() => <Harness />);
    await act(() => router.navigate({ to: '/', search: { diffTo: '2.4.0' } as never }));
    await screen.findByText(diffText.folded(2, 401));
    expect(toggle('lib/a.ts')).toHaveAttribute('aria-expanded', 'false');
    expect(toggle('lib/b.ts')).toHaveTextContent('+151 −0');
  });

  it('a small diff stays unfolded, without disclosure buttons or Expand all', async () => {
    stub(() => ({ status: 200, body: firstPage }));
    await renderScreen(() => <Harness />);
    await screen.findByRole('table', { name: 'Changes to lib/blocks.ts' });
    expect(screen.queryByRole('button', { expanded: false })).toBeNull();
    expect(screen.queryByRole('button', { name: diffText.expandAllLabel })).toBeNull();
    // Its counts are said all the same.
    expect(screen.getByRole('article', { name: 'lib/blocks.ts' })).toHaveTextContent('+1 −1');
  });

  it('a cited line (a link carrying `cite`) unfolds its file; citing in an unfolded file keeps it open; a line cited later unfolds its file again', async () => {
    stub(() => ({ status: 200, body: firstVersion }));
    const user = userEvent.setup();
    const { router } = await renderScreen(() => <Harness canCite />);
    await act(() => router.navigate({ to: '/', search: { diffTo: '2.4.0', cite: ['new:2:lib/f03.ts'] } as never }));
    const table = await screen.findByRole('table', { name: 'Changes to lib/f03.ts' });
    expect(toggle('lib/f03.ts')).toHaveAttribute('aria-expanded', 'true');
    expect(toggle('lib/f03.ts')).toHaveTextContent('1 cited');
    expect(within(table).getByRole('button', { name: 'Cite line 2 of lib/f03.ts' })).toHaveAttribute('aria-pressed', 'true');
    // Only that one.
    expect(screen.getAllByRole('table', { name: /^Changes to / })).toHaveLength(1);

    // Another line of it, picked by its number: the address keeps both, the file stays open.
    await user.click(within(table).getByRole('button', { name: 'Cite line 3 of lib/f03.ts' }));
    await vi.waitFor(() => expect(router.state.location.search).toEqual({ diffTo: '2.4.0', cite: ['new:2:lib/f03.ts', 'new:3:lib/f03.ts'] }));
    expect(toggle('lib/f03.ts')).toHaveAttribute('aria-expanded', 'true');
    expect(toggle('lib/f03.ts')).toHaveTextContent('2 cited');

    // Folded by hand, it stays folded; a line of it cited anew (the address changed) unfolds it, as one in another file does.
    await user.click(toggle('lib/f03.ts'));
    expect(toggle('lib/f03.ts')).toHaveAttribute('aria-expanded', 'false');
    await act(() =>
      router.navigate({
        to: '/',
        search: { diffTo: '2.4.0', cite: ['new:2:lib/f03.ts', 'new:3:lib/f03.ts', 'new:1:lib/f03.ts', 'new:1:lib/f07.ts'] } as never,
      }),
    );
    await vi.waitFor(() => expect(toggle('lib/f03.ts')).toHaveAttribute('aria-expanded', 'true'));
    expect(toggle('lib/f07.ts')).toHaveAttribute('aria-expanded', 'true');
    expect(toggle('lib/f05.ts')).toHaveAttribute('aria-expanded', 'false');
  });
});
