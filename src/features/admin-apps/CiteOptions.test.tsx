import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { VersionFindings } from '../../../contract/schemas/review';
import { renderScreen, stubFetch } from '../../../tests/render';
import { NoteDialog } from '../../components/app/NoteDialog';
import { CiteOptions, type CiteHandle } from './CiteOptions';

afterEach(() => vi.unstubAllGlobals());

const secret = { check: 'secrets', severity: 'blocks', reason: 'A private key is in the package: remove it.', file: 'keys/app.pem', line: 1 } as const;
const permission = { check: 'new-permissions', severity: 'warns', reason: 'This version asks for a new permission: room.read.' } as const;
const findings: VersionFindings = {
  compileJobId: 'j1',
  checkedAt: '2026-11-20T08:00:00Z',
  findings: [permission, secret],
  blocking: secret,
  review: { waitingSince: '2026-11-20T09:00:00Z', position: 1, expectedWithinHours: 40, overdue: false, targetHours: 48 },
};

/** The options inside a note dialog as AdminAppDetail holds them: the picked lines in (the address's), removals and the confirmation out. */
function Harness({ initial, onConfirm, kind = 'reject' }: { initial: string[]; onConfirm: (...a: unknown[]) => void; kind?: 'reject' | 'review' }) {
  const [cite, setCite] = useState<string[] | undefined>(initial);
  const citing = useRef<CiteHandle>(null);
  return (
    <NoteDialog
      title={kind === 'reject' ? 'Reject Reminder Bot v2.4.0' : 'Review Reminder Bot v2.4.0'}
      description="…"
      label={kind === 'reject' ? 'Reason' : 'Changes asked of the publisher'}
      required="Required."
      confirm={kind === 'reject' ? 'Reject' : 'Send review'}
      pending={false}
      onClose={() => {}}
      onConfirm={(note) => {
        const citations = citing.current ? citing.current.collect() : [];
        if (citations) onConfirm(note, citations);
      }}
    >
      <CiteOptions ref={citing} appId="a1" versionId="v2" cite={cite} onCite={setCite} />
    </NoteDialog>
  );
}

describe('what Reject and Review cite', () => {
  it('cites the findings checked and the lines picked (with their text from the diff); a line chip can be removed', async () => {
    stubFetch({ 'GET /v1/admin/app/a1/findings/v2': () => ({ status: 200, body: findings }) });
    const onConfirm = vi.fn();
    const user = userEvent.setup();
    const { queryClient } = await renderScreen(() => <Harness initial={['new:4:lib/blocks.ts', 'old:9:lib/gone.ts']} onConfirm={onConfirm} />);
    queryClient.setQueryData(['admin', 'apps', 'a1', 'diff', '', '', '', '', 's'], {
      files: {
        items: [{ path: 'lib/blocks.ts', hunks: [{ oldStart: 3, oldLines: 1, newStart: 3, newLines: 2, lines: ['   return {', "+    key: 'xoxb-1',"] }] }],
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Reject Reminder Bot v2.4.0' });

    // Findings: those that block first, each a checkbox named by its reason in the server's words.
    const group = within(dialog).getByRole('group', { name: 'Cite findings of the publish checks' });
    const boxes = await within(group).findAllByRole('checkbox');
    expect(boxes.map((b) => b.closest('label')!.textContent)).toEqual([
      'Secrets in the package: A private key is in the package: remove it. (keys/app.pem:1)',
      'New permissions: This version asks for a new permission: room.read.',
    ]);
    await user.click(within(group).getByRole('checkbox', { name: /Secrets in the package/ }));

    // Lines: chips, removable.
    const lines = within(dialog).getByRole('list', { name: 'Lines cited' });
    expect(
      within(lines)
        .getAllByRole('listitem')
        .map((l) => l.textContent),
    ).toEqual(['lib/blocks.ts, line 4 (new)', 'lib/gone.ts, line 9 (old)']);
    await user.click(within(lines).getByRole('button', { name: 'Remove lib/gone.ts, line 9 (old)' }));
    expect(within(lines).getAllByRole('listitem')).toHaveLength(1);

    await user.type(within(dialog).getByLabelText('Reason'), 'Remove the key.');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(onConfirm).toHaveBeenCalledWith('Remove the key.', [
      { kind: 'finding', check: 'secrets', reason: secret.reason, file: 'keys/app.pem', line: 1 },
      { kind: 'line', side: 'new', line: 4, path: 'lib/blocks.ts', text: "    key: 'xoxb-1'," },
    ]);
  });

  it('Review: says there is nothing to cite and how to pick a line; sends no citations', async () => {
    stubFetch({ 'GET /v1/admin/app/a1/findings/v2': () => ({ status: 200, body: { ...findings, findings: [], blocking: null } }) });
    const onConfirm = vi.fn();
    const user = userEvent.setup();
    await renderScreen(() => <Harness kind="review" initial={[]} onConfirm={onConfirm} />);
    const dialog = await screen.findByRole('dialog', { name: 'Review Reminder Bot v2.4.0' });
    await within(dialog).findByText('No findings.');
    expect(within(dialog).getByText('No lines picked. To cite one, close this and press its number in the changes below.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Changes asked of the publisher'), 'Please say why room.read is needed.');
    await user.click(within(dialog).getByRole('button', { name: 'Send review' }));
    expect(onConfirm).toHaveBeenCalledWith('Please say why room.read is needed.', []);
  });

  it('refuses more than 20 citations, saying so', async () => {
    stubFetch({ 'GET /v1/admin/app/a1/findings/v2': () => ({ status: 200, body: findings }) });
    const onConfirm = vi.fn();
    const user = userEvent.setup();
    await renderScreen(() => <Harness initial={Array.from({ length: 20 }, (_, i) => `new:${i + 1}:a.ts`)} onConfirm={onConfirm} />);
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('checkbox', { name: /New permissions/ }));
    await user.type(within(dialog).getByLabelText('Reason'), 'No.');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('At most 20 citations.');
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('shows the findings request’s error', async () => {
    stubFetch({ 'GET /v1/admin/app/a1/findings/v2': () => ({ status: 500, body: { error: 'The database is away.', code: 'internal', requestId: 'req-5' } }) });
    await renderScreen(() => <Harness initial={[]} onConfirm={vi.fn()} />);
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('The database is away. Request ID: req-5');
  });
});
