import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../../tests/render';
import NewWebhookDrawer, { webhookProblems } from './NewWebhookDrawer';

describe('the New Webhook drawer (SPEC §3, §5)', () => {
  it('starts enabled, keeps Save disabled until an event is chosen, and moves events both ways', async () => {
    await renderScreen(() => <NewWebhookDrawer onClose={vi.fn()} onCreated={vi.fn()} />);
    const drawer = await screen.findByRole('dialog', { name: 'New Webhook' });
    expect(within(drawer).getByRole('switch', { name: 'Enabled' }).getAttribute('aria-checked')).toBe('true');
    const save = within(drawer).getByRole('button', { name: 'Save' });
    expect(save.hasAttribute('disabled')).toBe(true);
    fireEvent.click(within(drawer).getByRole('button', { name: /^Add .* · app\.purchase\.created$/ }));
    expect(save.hasAttribute('disabled')).toBe(false);
    expect(within(drawer).getByRole('button', { name: /^Remove .* · app\.purchase\.created$/ })).toBeTruthy();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Add all' }));
    expect(within(drawer).getAllByRole('button', { name: /^Remove .* · app\./ })).toHaveLength(6);
    fireEvent.click(within(drawer).getByRole('button', { name: 'Remove all' }));
    expect(save.hasAttribute('disabled')).toBe(true);
  });

  it('shows the label and url messages on Save', async () => {
    await renderScreen(() => <NewWebhookDrawer onClose={vi.fn()} onCreated={vi.fn()} />);
    const drawer = await screen.findByRole('dialog', { name: 'New Webhook' });
    fireEvent.click(within(drawer).getByRole('button', { name: /^Add .* · app\.subscription\.created$/ }));
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    await within(drawer).findByText('Please provide a label for the webhook');
    expect(within(drawer).getByText('Please provide the url of the webhook')).toBeTruthy();
    fireEvent.change(within(drawer).getByLabelText('Url'), { target: { value: 'ftp://x.example' } });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    await within(drawer).findByText('Invalid url, it must start with "https://".');
  });

  it('checks the form with the contract’s messages', () => {
    expect(webhookProblems({ label: '', enabled: true, url: '', for: [] })).toEqual({
      label: 'Please provide a label for the webhook',
      url: 'Please provide the url of the webhook',
      for: 'You must select at least one event this webhook listens for.',
    });
    expect(webhookProblems({ label: 'Sales', enabled: false, url: 'https://hooks.example.com/x', for: ['app.purchase.created'] })).toEqual({});
  });
});
