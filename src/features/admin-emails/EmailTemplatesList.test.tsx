import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, stubFetch } from '../../../tests/render';
import { formatDateTime } from '../../lib/format';
import type { EmailSearch } from './api';
import { EmailTemplatesList } from './EmailTemplatesList';
import { emailText } from './strings';

afterEach(() => vi.unstubAllGlobals());

/** The list under a router whose search is its address, as the route passes it (the drawer open, if any). */
function Harness() {
  const s = useSearch({ strict: false }) as Record<string, unknown>;
  const navigate = useNavigate();
  const search: EmailSearch = { edit: typeof s.edit === 'string' ? s.edit : undefined, new: s.new === 1 ? 1 : undefined };
  return <EmailTemplatesList canCreate canUpdate search={search} onSearch={(next) => void navigate({ to: '.', search: next as never })} />;
}

const at = '2026-03-02T09:30:00.000Z';
const message = 'The rendered message (the body inside the layout "default-layout") nests HTML elements more than 400 deep.';
const templates = [
  { id: 't1', name: 'default-layout', layout: '', subject: '', body: '{{ content }}', lastRenderError: null },
  { id: 't2', name: 'version-approved', layout: 'default-layout', subject: 'Approved', body: '<p>Hi</p>', lastRenderError: { message, at } },
];

describe('email templates: a template whose last render failed', () => {
  it('is marked in the list, and its page says when and why', async () => {
    stubFetch({
      'GET /v1/admin/emailTemplates': () => ({ status: 200, body: templates }),
      'POST /v1/admin/emailTemplates/preview': () => ({ status: 200, body: { subject: 'Approved', html: '<p>Hi</p>', text: 'Hi' } }),
    });
    const user = userEvent.setup();
    const { router } = await renderScreen(() => <Harness />);
    const row = async (name: string) => (await screen.findByRole('rowheader', { name: new RegExp(`^${name}`) })).closest('tr')!;
    expect(within(await row('version-approved')).getByText(emailText.renderFailedBadge)).toBeInTheDocument();
    expect(within(await row('default-layout')).queryByText(emailText.renderFailedBadge)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Edit version-approved' }));
    await vi.waitFor(() => expect(router.state.location.search).toEqual({ edit: 't2' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(emailText.renderFailedTitle(formatDateTime(at)));
    expect(alert).toHaveTextContent(message);
    expect(alert).toHaveTextContent(emailText.renderFailedHelp);
  });

  it('says nothing on the page of a template whose last render went well', async () => {
    stubFetch({
      'GET /v1/admin/emailTemplates': () => ({ status: 200, body: templates }),
      'POST /v1/admin/emailTemplates/preview': () => ({ status: 200, body: { subject: '', html: '', text: '' } }),
    });
    const user = userEvent.setup();
    await renderScreen(() => <Harness />);
    await user.click(await screen.findByRole('button', { name: 'Edit default-layout' }));
    await screen.findByRole('dialog', { name: 'Edit default-layout' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('follows the address: a template named in it opens, and closing the drawer takes it out', async () => {
    stubFetch({
      'GET /v1/admin/emailTemplates': () => ({ status: 200, body: templates }),
      'POST /v1/admin/emailTemplates/preview': () => ({ status: 200, body: { subject: '', html: '', text: '' } }),
    });
    const user = userEvent.setup();
    const { router } = await renderScreen(() => <Harness />);
    await screen.findByRole('rowheader', { name: /^default-layout/ });
    await router.navigate({ to: '/', search: { edit: 't1' } as never });
    const drawer = await screen.findByRole('dialog', { name: 'Edit default-layout' });
    await user.click(within(drawer).getByRole('button', { name: 'Cancel' }));
    await vi.waitFor(() => expect(router.state.location.search).toEqual({}));
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'New' }));
    await screen.findByRole('dialog', { name: 'New Email Template' });
    expect(router.state.location.search).toEqual({ new: 1 });
  });
});
