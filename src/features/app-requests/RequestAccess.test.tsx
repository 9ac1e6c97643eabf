import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, stubFetch } from '../../../tests/render';
import { answerWorkspace } from './parent';
import { RequestAccess } from './RequestAccess';

vi.mock('./parent', () => ({ inFrame: vi.fn(() => true), answerWorkspace: vi.fn() }));

const b64 = (value: unknown) => btoa(JSON.stringify(value));
const search = { requester: b64({ id: 'u1', username: 'dana', name: 'Dana' }), admins: b64([{ id: 'a1' }, { id: 'a2' }]) };
const listed = { id: 'app1', name: 'Jira Connector', version: '1.0.0', iconFileData: '', shortDescription: 'Issues', author: { name: 'Northwind' } };

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('requesting an app', () => {
  it('sends the request with the address’s requester and the message, then answers the modal with the message trimmed', async () => {
    const calls = stubFetch({
      'GET /v1/apps/app1/latest': () => ({ status: 200, body: listed }),
      'POST /v1/app-request': () => ({ status: 201, body: { id: 'r1' } }),
    });
    await renderScreen(() => <RequestAccess appId="app1" workspaceId="ws1" search={search} />);
    expect(await screen.findByRole('heading', { name: 'Request Jira Connector', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Dana @dana')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Message to your administrators (optional)'), { target: { value: '  For support.  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Request' }));
    expect(await screen.findByRole('heading', { name: 'Request sent' })).toBeInTheDocument();
    const sent = calls.filter((c) => c.key === 'POST /v1/app-request');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({ workspaceId: 'ws1', appId: 'app1', requester: search.requester, admins: search.admins, message: '  For support.  ' });
    expect(answerWorkspace).toHaveBeenCalledWith({ result: true, message: 'For support.' });
  });

  it('a refused request shows the API’s error with its request id, and the modal is not answered', async () => {
    stubFetch({
      'GET /v1/apps/app1/latest': () => ({ status: 200, body: listed }),
      'POST /v1/app-request': () => ({ status: 404, body: { error: 'This app is not listed in this marketplace.', code: 'not_found', requestId: 'req-3' } }),
    });
    await renderScreen(() => <RequestAccess appId="app1" workspaceId="ws1" search={search} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Request' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This app is not listed in this marketplace.');
    expect(screen.getByText('Request ID: req-3')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Request' })).not.toBeDisabled());
    expect(answerWorkspace).not.toHaveBeenCalled();
  });
});
