import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, stubFetch } from '../../../tests/render';
import { FeaturedSections } from './FeaturedSections';
import { featuredText } from './strings';

afterEach(() => vi.unstubAllGlobals());

const standup = { appId: 'a1', name: 'Standup Bot', iconFileData: '' };

/** The sections under a router whose search is its address, as the route passes it (`?new=1`: the drawer is open). */
function Harness() {
  const s = useSearch({ strict: false }) as Record<string, unknown>;
  const navigate = useNavigate();
  return (
    <FeaturedSections canCreate canDelete marking={s.new === 1} onMarking={(open) => void navigate({ to: '.', search: (open ? { new: 1 } : {}) as never })} />
  );
}

describe('featured sections', () => {
  it('features an app: both choices are required, then the sections are the answer’s', async () => {
    const calls = stubFetch({
      'GET /v1/admin/featured': () => ({ status: 200, body: { sections: [] } }),
      'GET /v1/admin/featured/apps': () => ({ status: 200, body: [standup] }),
      'POST /v1/admin/featured': () => ({ status: 201, body: { sections: [{ slug: 'trending', apps: [standup] }] } }),
    });
    const user = userEvent.setup();
    const { router } = await renderScreen(() => <Harness />);
    await screen.findByText(featuredText.empty);

    await user.click(screen.getByRole('button', { name: 'Make Featured' }));
    const drawer = await screen.findByRole('dialog', { name: featuredText.drawerTitle });
    expect(router.state.location.search).toEqual({ new: 1 });
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await within(drawer).findByText('Select the App which will be featured.')).toBeInTheDocument();
    expect(within(drawer).getByText('The section slug is required in order to make it featured')).toBeInTheDocument();
    expect(calls.some((c) => c.key === 'POST /v1/admin/featured')).toBe(false);

    await user.click(within(drawer).getByRole('combobox', { name: 'App' }));
    await user.click(await screen.findByRole('option', { name: 'Standup Bot' }));
    await user.click(within(drawer).getByRole('combobox', { name: 'Section Slug' }));
    await user.click(await screen.findByRole('option', { name: 'trending' }));
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    await screen.findByText(featuredText.made.trim());
    await within(await screen.findByRole('region', { name: 'trending' })).findByText('Standup Bot');
    await vi.waitFor(() => expect(router.state.location.search).toEqual({}));
    expect(calls.filter((c) => c.key === 'POST /v1/admin/featured').map((c) => c.body)).toEqual([{ appId: 'a1', sectionSlug: 'trending' }]);
  });

  it('removes an app from a section, and says so when that fails', async () => {
    let sections = [{ slug: 'trending', apps: [standup] }];
    let fail = true;
    stubFetch({
      'GET /v1/admin/featured': () => ({ status: 200, body: { sections } }),
      'DELETE /v1/admin/featured/trending/a1': () => {
        if (fail) return { status: 500, body: { error: 'Down.', code: 'internal', requestId: 'r-1' } };
        sections = [];
        return { status: 200, body: { ok: true } };
      },
    });
    const user = userEvent.setup();
    await renderScreen(() => <Harness />);
    await user.click(await screen.findByRole('button', { name: 'Remove Standup Bot from trending' }));
    await screen.findByText(featuredText.removeFailed);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Remove Standup Bot from trending' }));
    await screen.findByText(featuredText.empty);
  });
});
