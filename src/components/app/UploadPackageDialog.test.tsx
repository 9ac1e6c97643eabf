import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../../tests/render';
import { UploadPackageDialog } from './UploadPackageDialog';

/** A controllable XMLHttpRequest: the test decides when progress events and the answer arrive. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  status = 0;
  responseText = '';
  body: FormData | null = null;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeXhr.last = null;
});

const zipFile = new File([new Uint8Array([0x50, 0x4b, 3, 4])], 'app.zip', { type: 'application/zip' });

describe('Upload App Package', () => {
  it('keeps Upload disabled until one .zip is chosen, and refuses other files', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const user = userEvent.setup({ applyAccept: false });
    await renderScreen(() => <UploadPackageDialog target={{ kind: 'new' }} onUploaded={vi.fn()} onClose={vi.fn()} />);
    const upload = await screen.findByRole('button', { name: 'Upload' });
    expect(upload).toBeDisabled();
    await user.upload(screen.getByLabelText('App package (.zip)'), new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(screen.getByText('Choose one .zip file: the app package.')).toBeInTheDocument();
    expect(upload).toBeDisabled();
    await user.upload(screen.getByLabelText('App package (.zip)'), zipFile);
    expect(screen.queryByText('Choose one .zip file: the app package.')).not.toBeInTheDocument();
    expect(upload).toBeEnabled();
  });

  it('shows the bytes sent as a progress bar, then hands over the created app', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const onUploaded = vi.fn();
    const user = userEvent.setup();
    await renderScreen(() => <UploadPackageDialog target={{ kind: 'new' }} onUploaded={onUploaded} onClose={vi.fn()} />);
    await user.upload(await screen.findByLabelText('App package (.zip)'), zipFile);
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    const xhr = FakeXhr.last!;
    expect([xhr.method, xhr.url]).toEqual(['POST', '/v1/publisher/apps']);
    expect(xhr.headers['x-requested-with']).toBe('marketplace-portal');
    expect((xhr.body!.get('app') as File).name).toBe('app.zip');
    xhr.progress(25, 100);
    expect(await screen.findByText('Uploading… 25%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuenow', '25');
    xhr.progress(100, 100);
    expect(await screen.findByText('Uploaded; checking the package…')).toBeInTheDocument();
    xhr.answer(201, { appId: 'a1', latest: { name: 'Standup Helper', version: '1.0.0' } });
    await vi.waitFor(() => expect(onUploaded).toHaveBeenCalledWith(expect.objectContaining({ appId: 'a1' })));
  });

  it('sends an update with PUT /apps/{id} and shows a refusal as "{error} ({code})"', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const user = userEvent.setup();
    await renderScreen(() => <UploadPackageDialog target={{ kind: 'update', appId: 'a 1', name: 'Standup Helper' }} onUploaded={vi.fn()} onClose={vi.fn()} />);
    expect(await screen.findByRole('heading', { name: 'Upload an update for Standup Helper' })).toBeInTheDocument();
    await user.upload(screen.getByLabelText('App package (.zip)'), zipFile);
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    const xhr = FakeXhr.last!;
    expect([xhr.method, xhr.url]).toEqual(['PUT', '/v1/apps/a%201']);
    xhr.answer(409, { error: "The update's version 1.0.0 must be greater than 1.0.0.", code: 'version_not_newer', requestId: 'r1' });
    expect(await screen.findByText("The update's version 1.0.0 must be greater than 1.0.0. (version_not_newer)")).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload' })).toBeEnabled();
  });
});
