import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, stubFetch } from '../../../tests/render';
import { CategoriesList } from './CategoriesList';

afterEach(() => vi.unstubAllGlobals());

const at = '2026-03-02T09:30:00.000Z';
const category = (id: string, title: string) => ({ id, title, createdDate: at, modifiedDate: at });

/** The list under a router whose search is its address, as the route passes it (`?new=1`: the modal is open). */
function Harness() {
  const s = useSearch({ strict: false }) as Record<string, unknown>;
  const navigate = useNavigate();
  return <CategoriesList canCreate creating={s.new === 1} onCreating={(open) => void navigate({ to: '.', search: (open ? { new: 1 } : {}) as never })} />;
}

describe('categories', () => {
  it('creates one in the New Category modal: the title is required, a taken one is said, then the list reads again', async () => {
    const categories = [category('c1', 'Productivity')];
    const calls = stubFetch({
      'GET /v1/admin/categories': () => ({ status: 200, body: categories }),
      'POST /v1/admin/categories': (body) => {
        const { title } = body as { title: string };
        if (categories.some((c) => c.title === title))
          return { status: 409, body: { error: `A category titled "${title}" already exists.`, code: 'duplicate_category', requestId: 'r-1' } };
        categories.push(category('c2', title));
        return { status: 201, body: categories.at(-1) };
      },
    });
    const user = userEvent.setup();
    const { router } = await renderScreen(() => <Harness />);
    await screen.findByRole('rowheader', { name: 'Productivity' });

    await user.click(screen.getByRole('button', { name: 'New' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Category' });
    expect(router.state.location.search).toEqual({ new: 1 });
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Please state the title of the category')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Title' })).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.key === 'POST /v1/admin/categories')).toBe(false);

    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Productivity');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('A category titled "Productivity" already exists.');

    await user.clear(within(dialog).getByRole('textbox', { name: 'Title' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Customer Success');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await screen.findByRole('rowheader', { name: 'Customer Success' });
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.search).toEqual({});
    expect(calls.filter((c) => c.key === 'POST /v1/admin/categories').map((c) => c.body)).toEqual([{ title: 'Productivity' }, { title: 'Customer Success' }]);
  });

  it('follows the address: the modal opens from it, and Cancel takes it out', async () => {
    stubFetch({ 'GET /v1/admin/categories': () => ({ status: 200, body: [] }) });
    const user = userEvent.setup();
    const { router } = await renderScreen(() => <Harness />);
    await screen.findByText('No categories yet');
    await router.navigate({ to: '/', search: { new: 1 } as never });
    const dialog = await screen.findByRole('dialog', { name: 'New Category' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await vi.waitFor(() => expect(router.state.location.search).toEqual({}));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
