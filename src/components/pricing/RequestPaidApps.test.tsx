import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PAID_APPS_TEXT as T } from '../../../contract/schemas/publisher';
import { renderScreen, stubFetch } from '../../../tests/render';
import { RequestPaidApps } from './RequestPaidApps';

describe('RequestPaidApps', () => {
  it('sends the request with the message, without submitting the form it sits in', async () => {
    const calls = stubFetch({ 'POST /v1/publisher/paid-apps/request': () => ({ status: 200, body: { success: true } }) });
    const outer = vi.fn((e: { preventDefault: () => void }) => e.preventDefault());
    await renderScreen(() => (
      <form onSubmit={outer}>
        <RequestPaidApps canAsk />
      </form>
    ));
    expect(screen.getByText(T.notEnabled)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: T.request }));
    const dialog = await screen.findByRole('dialog', { name: T.requestTitle });
    fireEvent.change(within(dialog).getByLabelText(T.messageLabel), { target: { value: '  Templates for sale.  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: T.request }));
    expect(await screen.findByText(T.sent)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.map((c) => [c.key, c.body])).toEqual([['POST /v1/publisher/paid-apps/request', { message: 'Templates for sale.' }]]);
    expect(outer).not.toHaveBeenCalled();
  });

  it('says why the server refused, in the dialog; and offers nothing to those who may not ask', async () => {
    stubFetch({
      'POST /v1/publisher/paid-apps/request': () => ({ status: 409, body: { error: T.pending('2030-01-01'), code: 'already_requested', requestId: 'r-1' } }),
    });
    await renderScreen(() => (
      <>
        <RequestPaidApps canAsk said={false} />
        <RequestPaidApps canAsk={false} />
      </>
    ));
    expect(screen.getAllByText(T.notEnabled)).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: T.request })).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: T.request }));
    const dialog = await screen.findByRole('dialog', { name: T.requestTitle });
    fireEvent.click(within(dialog).getByRole('button', { name: T.request }));
    expect(await within(dialog).findByText(T.pending('2030-01-01'))).toBeInTheDocument();
  });
});
