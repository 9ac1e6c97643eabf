import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, stubFetch } from '../../../tests/render';
import { formatDateTime } from '../../lib/format';
import { EmailTemplatesList } from './EmailTemplatesList';
import { emailText } from './strings';

afterEach(() => vi.unstubAllGlobals());

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
    await renderScreen(() => <EmailTemplatesList canCreate canUpdate />);
    const row = async (name: string) => (await screen.findByRole('rowheader', { name: new RegExp(`^${name}`) })).closest('tr')!;
    expect(within(await row('version-approved')).getByText(emailText.renderFailedBadge)).toBeInTheDocument();
    expect(within(await row('default-layout')).queryByText(emailText.renderFailedBadge)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Edit version-approved' }));
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
    await renderScreen(() => <EmailTemplatesList canCreate canUpdate />);
    await user.click(await screen.findByRole('button', { name: 'Edit default-layout' }));
    await screen.findByRole('dialog', { name: 'Edit default-layout' });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
