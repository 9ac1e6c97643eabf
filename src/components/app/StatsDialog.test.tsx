import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { InstallStats } from '../../../contract/workspace-installs';
import { renderScreen } from '../../../tests/render';
import { StatsDialog } from './StatsDialog';

const appStats = { totalDownloads: 4, purchases: 2, activeSubscriptions: 1, inactiveSubscriptions: 0, appVersions: { '1.0.0': { downloads: 4 } }, daily: [] };
const installStats = (totals: InstallStats['totals']): InstallStats => ({ days: [], versions: [], totals });
const query = <T,>(answer: () => Promise<T>) => ({ queryKey: ['stats', String(Math.random())], queryFn: answer });
const none = { installs: 0, updates: 0, uninstalls: 0, downloads: 0, activeWorkspaces: 0 };

describe('the stats dialog', () => {
  // The app page's route names the app: here a route whose path is its own pattern, so the app's id reads `$id`.
  it('shows what workspaces reported in all, and links into Reports for the same over time', async () => {
    await renderScreen(
      () => (
        <StatsDialog
          stats={query(async () => appStats)}
          installs={query(async () => installStats({ installs: 3, updates: 0, uninstalls: 1, downloads: 2, activeWorkspaces: 2 }))}
          name="Jira Connector"
          onClose={vi.fn()}
        />
      ),
      '/publisher/apps/$id',
    );
    const dialog = await screen.findByRole('dialog', { name: 'Stats: Jira Connector' });
    expect(await screen.findByText('Workspaces running it')).toBeInTheDocument();
    expect(dialog.textContent).toContain('Installs3Updates0Uninstalls1Workspaces running it2');
    expect(screen.getByRole('link', { name: 'open Reports for this app' }).getAttribute('href')).toBe('/publisher/reports?app=%24id');
  });

  it('says when no workspace downloaded or installed the app', async () => {
    await renderScreen(() => (
      <StatsDialog stats={query(async () => appStats)} installs={query(async () => installStats(none))} name="Standup Bot" onClose={vi.fn()} />
    ));
    expect(await screen.findByText('No workspace has downloaded or installed this app yet.')).toBeInTheDocument();
    // Outside an app's page (no app id in the route) there is nothing to link to.
    expect(screen.queryByRole('link', { name: /Reports/ })).toBeNull();
  });

  it('says when the installs could not be loaded', async () => {
    await renderScreen(() => (
      <StatsDialog stats={query(async () => appStats)} installs={query(async () => Promise.reject(new Error('down')))} name="X" onClose={vi.fn()} />
    ));
    expect((await screen.findByRole('alert')).textContent).toBe('The installs could not be loaded.');
  });
});
