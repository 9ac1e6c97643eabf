import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../tests/render';
import { DiagnosticsDialog } from './DiagnosticsDialog';
import { groupByFile, diagnosticPlace, problemCount } from './diagnostics';

const job = (diagnostics: { file?: string; line: number; character: number; message: string }[]) => ({
  id: 'j1',
  internalAppId: 'v1',
  appId: 'a1',
  typeScriptVersion: '5.9.3',
  engineVersion: '1.66.0',
  status: 'failed' as const,
  duration: 1200,
  requestedAt: '2026-11-01T00:00:00Z',
  finishedAt: '2026-11-01T00:00:02Z',
  diagnostics,
});

describe('grouping diagnostics', () => {
  it('groups by file in the order first reported, lines ordered within a file', () => {
    const groups = groupByFile([
      { file: 'b.ts', line: 9, character: 1, message: 'x' },
      { file: 'a.ts', line: 1, character: 1, message: 'y' },
      { file: 'b.ts', line: 2, character: 5, message: 'z' },
      { line: 0, character: 0, message: 'The compile ran out of memory.' },
    ]);
    expect(groups.map((g) => [g.file, g.diagnostics.map(diagnosticPlace)])).toEqual([
      ['b.ts', ['b.ts:2:5', 'b.ts:9:1']],
      ['a.ts', ['a.ts:1:1']],
      ['', ['package:0:0']],
    ]);
    expect([problemCount(1), problemCount(3)]).toEqual(['1 problem', '3 problems']);
  });
});

describe('the diagnostics dialog', () => {
  it('shows the count and every line as file:line:character message, grouped by file, in a scrolling region', async () => {
    const diagnostics = [
      ...Array.from({ length: 40 }, (_, i) => ({ file: 'commands/Big.ts', line: i + 1, character: 3, message: `Problem ${i + 1}.` })),
      { file: 'lib/x.ts', line: 4, character: 7, message: "Cannot find name 'nope'." },
    ];
    await renderScreen(() => (
      <DiagnosticsDialog job={{ queryKey: ['job', 'j1'], queryFn: async () => job(diagnostics) }} title="Big v1.0.0" onClose={() => {}} />
    ));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('The TypeScript compiler (5.9.3) reported 41 problems for this version.');
    const region = within(dialog).getByRole('region', { name: 'Diagnostics by file' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(region.style.overflow).toBe('auto');
    const big = within(region).getByRole('region', { name: 'commands/Big.ts' });
    expect(within(big).getAllByRole('listitem')).toHaveLength(40);
    expect(within(big).getByText('40')).toBeInTheDocument();
    const x = within(region).getByRole('region', { name: 'lib/x.ts' });
    expect(within(x).getByText('lib/x.ts:4:7')).toBeInTheDocument();
    expect(within(x).getByText("Cannot find name 'nope'.")).toBeInTheDocument();
  });

  it('says so when the compiler reported nothing, and shows the spec’s failure text', async () => {
    await renderScreen(() => <DiagnosticsDialog job={{ queryKey: ['job', 'ok'], queryFn: async () => job([]) }} title="Ok v1" onClose={() => {}} />);
    await screen.findByText('The compiler reported nothing.');
  });

  it('shows the failure page when the job cannot be read', async () => {
    await renderScreen(() => (
      <DiagnosticsDialog job={{ queryKey: ['job', 'bad'], queryFn: async () => Promise.reject(new Error('nope')) }} title="Bad v1" onClose={() => {}} />
    ));
    await screen.findByText('Sorry, something went wrong.');
  });
});
