import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { InstallStats } from '../../../contract/workspace-installs';
import { renderScreen } from '../../../tests/render';
import { InstallCharts } from './InstallCharts';

const days = Array.from({ length: 90 }, (_, i) => ({
  date: `2026-${String(9 + Math.floor(i / 30)).padStart(2, '0')}-${String((i % 30) + 1).padStart(2, '0')}`,
  installs: 0,
  updates: 0,
  uninstalls: 0,
  downloads: 0,
}));
const stats = (o: Partial<InstallStats> = {}): InstallStats => ({
  days,
  versions: [],
  totals: { installs: 0, updates: 0, uninstalls: 0, downloads: 0, activeWorkspaces: 0 },
  ...o,
});
const query = (answer: () => Promise<InstallStats>) => ({ queryKey: ['installs', String(Math.random())], queryFn: answer });

describe('the installs of the stats dialog', () => {
  it('says when no workspace downloaded or installed the app', async () => {
    await renderScreen(() => <InstallCharts query={query(async () => stats())} />);
    await screen.findByText('No workspace has downloaded or installed this app yet.');
  });

  it('says when the installs could not be loaded', async () => {
    await renderScreen(() => <InstallCharts query={query(async () => Promise.reject(new Error('down')))} />);
    expect((await screen.findByRole('alert')).textContent).toBe('The installs could not be loaded.');
  });

  it('shows the totals, a chart of each with its summary, and the tables behind them', async () => {
    const filled = days.map((d, i) => (i === 89 ? { ...d, installs: 3, uninstalls: 1, downloads: 4 } : i === 60 ? { ...d, updates: 1 } : d));
    const versions = [
      { version: '1.1.0', activeWorkspaces: days.map((_, i) => (i >= 60 ? 1 : 0)) },
      { version: '1.0.0', activeWorkspaces: days.map((_, i) => (i === 89 ? 2 : i >= 60 ? 0 : 1)) },
    ];
    await renderScreen(() => (
      <InstallCharts
        query={query(async () => stats({ days: filled, versions, totals: { installs: 3, updates: 1, uninstalls: 1, downloads: 4, activeWorkspaces: 3 } }))}
      />
    ));
    await screen.findByText('Workspaces running it');
    expect(screen.getByRole('img', { name: /3 installs, 1 updates, 1 uninstalls and 4 downloads/ })).toBeTruthy();
    expect(screen.getByRole('img', { name: /v1\.1\.0 1 today, at most 1; v1\.0\.0 2 today, at most 2/ })).toBeTruthy();
    // Only the days something happened; for versions, the days a count changed.
    expect(screen.getByRole('table', { name: 'Installs per day' }).querySelectorAll('tbody tr')).toHaveLength(2);
    expect(screen.getByRole('table', { name: 'Workspaces per version' }).querySelectorAll('tbody tr')).toHaveLength(3);
  });
});
