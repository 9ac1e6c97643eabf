import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Citation, Finding, ReviewWait } from '../../../contract/schemas/review';
import { renderScreen } from '../../../tests/render';
import { Citations, Findings, FindingsPanel, reviewText } from './Findings';

const permission: Finding = { check: 'new-permissions', severity: 'warns', reason: 'This version asks for a new permission: room.read.' };
const secret: Finding = { check: 'secrets', severity: 'blocks', reason: 'A private key is in the package: remove it.', file: 'keys/app.pem', line: 1 };
const licence: Finding = { check: 'bundled-licences', severity: 'blocks', reason: 'node_modules/x is AGPL-3.0-only.', file: 'node_modules/x/package.json' };
const unused: Finding = { check: 'unused-permission', severity: 'info', reason: 'Declares “room.read” but did not use it while starting.', file: 'app.json' };

describe('the publish checks’ findings', () => {
  it('lists those that block first, each with its severity in words, its check’s title, its reason and file:line', async () => {
    await renderScreen(() => <Findings findings={[permission, secret, licence]} checkedAt="2026-11-01T00:00:00Z" />);
    const items = within(screen.getByRole('list', { name: reviewText.list })).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      'Blocks submissionSecrets in the packageA private key is in the package: remove it.keys/app.pem:1',
      'Blocks submissionBundled modules’ licencesnode_modules/x is AGPL-3.0-only.node_modules/x/package.json',
      'WarningNew permissionsThis version asks for a new permission: room.read.',
    ]);
    // The colour only repeats the words.
    expect(within(items[0]!).getByText('Blocks submission')).toHaveAttribute('data-accent-color', 'red');
    expect(within(items[2]!).getByText('Warning')).toHaveAttribute('data-accent-color', 'amber');
  });

  it('shows a note (severity info) last, in words and a neutral colour', async () => {
    await renderScreen(() => <Findings findings={[unused, permission, secret]} checkedAt="2026-11-01T00:00:00Z" />);
    const items = within(screen.getByRole('list', { name: reviewText.list })).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      'Blocks submissionSecrets in the packageA private key is in the package: remove it.keys/app.pem:1',
      'WarningNew permissionsThis version asks for a new permission: room.read.',
      'NoteDeclares a permission it never used while startingDeclares “room.read” but did not use it while starting.app.json',
    ]);
    expect(within(items[2]!).getByText('Note')).toHaveAttribute('data-accent-color', 'gray');
  });

  it('says when there is none, and when the checks have not run yet', async () => {
    await renderScreen(() => (
      <>
        <Findings findings={[]} checkedAt="2026-11-01T00:00:00Z" />
        <Findings findings={[]} checkedAt={null} />
      </>
    ));
    expect(screen.getByText('No findings.')).toBeInTheDocument();
    expect(screen.getByText('The checks run when the package compiles.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: reviewText.list })).toBeNull();
  });

  it('shows the query’s states: loading, then its error with the request id to quote', async () => {
    const error = { status: 500, body: { error: 'The database is away.', code: 'internal', requestId: 'req-7' } };
    await renderScreen(() => (
      <>
        <FindingsPanel data={undefined} error={null} isPending />
        <FindingsPanel data={undefined} error={error} isPending={false} />
      </>
    ));
    expect(screen.getByRole('status')).toHaveTextContent('Loading the checks…');
    expect(screen.getByRole('alert')).toHaveTextContent('The database is away. Request ID: req-7');
  });

  it('sums them up, and says where a version stands in review (only what is true past the target)', () => {
    expect([
      reviewText.summary([]),
      reviewText.summary([permission]),
      reviewText.summary([secret, permission]),
      reviewText.summary([secret, licence, permission]),
    ]).toEqual(['No findings', '1 finding', '2 findings · 1 blocks submission', '3 findings · 2 block submission']);
    // Notes weigh nothing: counted apart.
    expect([reviewText.summary([unused]), reviewText.summary([secret, unused, unused])]).toEqual(['1 note', '1 finding · 1 blocks submission · 2 notes']);
    expect(reviewText.blocked(secret)).toBe('Secrets in the package: A private key is in the package: remove it.');
    const wait: ReviewWait = { waitingSince: '2026-11-01T09:00:00Z', position: 3, expectedWithinHours: 40, overdue: false, targetHours: 48 };
    expect(reviewText.waiting(wait, 'Nov 1, 2026')).toBe('Waiting for review since Nov 1, 2026 · number 3 in the queue · expected within 40 hours');
    expect(reviewText.waiting({ ...wait, expectedWithinHours: 1 }, 'Nov 1, 2026')).toBe(
      'Waiting for review since Nov 1, 2026 · number 3 in the queue · expected within 1 hour',
    );
    expect(reviewText.waiting({ ...wait, expectedWithinHours: 0, overdue: true }, 'Nov 1, 2026')).toBe(
      'Waiting for review since Nov 1, 2026 · number 3 in the queue · waiting longer than the 48-hour target',
    );
  });
});

describe('a review note’s citations', () => {
  it('shows a finding (title, reason, file:line) and a line of the diff (path, line, side, and the line in monospace)', async () => {
    const citations: Citation[] = [
      { kind: 'finding', check: 'secrets', reason: secret.reason, file: 'keys/app.pem', line: 1 },
      { kind: 'line', path: 'lib/blocks.ts', side: 'new', line: 12, text: "const key = 'xoxb-1';" },
      { kind: 'line', path: 'lib/old.ts', side: 'old', line: 3, text: '' },
    ];
    await renderScreen(() => <Citations citations={citations} />);
    const items = within(screen.getByRole('list', { name: reviewText.citationsList })).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      'Secrets in the package: A private key is in the package: remove it. (keys/app.pem:1)',
      "lib/blocks.ts, line 12 (new)const key = 'xoxb-1';",
      'lib/old.ts, line 3 (old)',
    ]);
    expect(within(items[1]!).getByText("const key = 'xoxb-1';").tagName).toBe('CODE');
  });

  it('shows nothing when the note cites nothing', async () => {
    await renderScreen(() => (
      <div data-testid="here">
        <Citations citations={[]} />
      </div>
    ));
    expect(screen.getByTestId('here')).toBeEmptyDOMElement();
  });
});
