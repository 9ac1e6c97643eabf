import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../tests/render';
import { runtimeOf, startedReport } from '../../components/app/runtime-fixtures';
import { runtimeRefetch, saveStep } from './api';

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

const zip = new File([new Uint8Array([0x50, 0x4b, 3, 4])], 'app.zip', { type: 'application/zip' });

describe('the wizard’s saveStep', () => {
  it('uploads a new app with real progress and returns its app and version ids', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const progress: number[] = [];
    const saving = saveStep({ step: 'upload', appId: '', versionId: '', data: { step: 'upload', file: zip, onProgress: (n: number) => progress.push(n) } });
    const xhr = FakeXhr.last!;
    expect([xhr.method, xhr.url, xhr.headers['x-requested-with']]).toEqual(['POST', '/v1/publisher/apps', 'marketplace-portal']);
    expect((xhr.body!.get('app') as File).name).toBe('app.zip');
    xhr.progress(30, 100);
    xhr.progress(100, 100);
    xhr.answer(201, { appId: 'a1', latest: { id: 'v1' } });
    await expect(saving).resolves.toEqual({ appId: 'a1', versionId: 'v1' });
    expect(progress).toEqual([0.3, 1, 1]);
  });

  it('uploads an update with PUT /apps/{id}; a refusal reads "{error} ({code})"', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const saving = saveStep({ step: 'upload', appId: 'a 1', versionId: '', data: { step: 'upload', file: zip, onProgress: () => {} } });
    const xhr = FakeXhr.last!;
    expect([xhr.method, xhr.url]).toEqual(['PUT', '/v1/apps/a%201']);
    xhr.answer(409, { error: "The update's version 1.0.0 must be greater than 1.0.0.", code: 'version_not_newer', requestId: 'r1' });
    await expect(saving).rejects.toThrow("The update's version 1.0.0 must be greater than 1.0.0. (version_not_newer)");
  });

  it('says "Failed to update the App Details." when the details call fails', async () => {
    stubFetch({
      'POST /v1/publisher/apps/a1/info/v1/details': () => ({ status: 500, body: { error: 'Internal server error.', code: 'internal_error', requestId: 'r' } }),
    });
    await expect(
      saveStep({ step: 'details', appId: 'a1', versionId: 'v1', data: { step: 'details', values: { categories: ['Social'], languages: ['en'] } } }),
    ).rejects.toThrow('Failed to update the App Details.');
  });
});

describe('how often the submission step asks for the version’s run', () => {
  it('every 3 s while its compile (and the start after it) is under way', () => {
    expect(runtimeRefetch({ data: runtimeOf(null, 'waiting') })).toBe(3000);
  });
  it('not at all once the compile is done — with a report or without one — or when there is no answer', () => {
    expect(runtimeRefetch({ data: runtimeOf(startedReport) })).toBe(false);
    expect(runtimeRefetch({ data: runtimeOf(null, 'succeeded') })).toBe(false);
    expect(runtimeRefetch({ data: runtimeOf(null, 'failed') })).toBe(false);
    expect(runtimeRefetch({ data: undefined })).toBe(false);
  });
});
