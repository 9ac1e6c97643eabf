import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, stubFetch } from '../../../tests/render';
import { DownloadButtons } from './DownloadButtons';

afterEach(() => vi.unstubAllGlobals());

const version = { id: 'v1', version: '1.0.0', packages: { source: true, compiled: true } };

describe('the download buttons', () => {
  it('open the signed link and reload the app’s activity log, which records the download', async () => {
    stubFetch({
      'GET /v1/admin/secret': () => ({ status: 200, body: { secret: 's3cret' } }),
      'GET /v1/admin/apps/download/v1': () => ({ status: 200, body: { url: '/downloads/signed' } }),
    });
    const tab = { location: { href: '' }, close: vi.fn() };
    vi.stubGlobal(
      'open',
      vi.fn(() => tab),
    );
    const { queryClient } = await renderScreen(() => <DownloadButtons appId="a1" version={version as never} />);
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Download the source package of v1.0.0' }));
    await vi.waitFor(() => expect(tab.location.href).toBe('/downloads/signed'));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['admin', 'apps', 'a1', 'activity'] });
  });
});
