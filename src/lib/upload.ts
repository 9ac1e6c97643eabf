import type { ErrorBody } from '../../contract/common';
import { ApiError, requestHeaders, unauthorized } from './api';

export type UploadRequest = {
  method: 'POST' | 'PUT';
  path: string;
  field: string;
  file: (Blob & { name?: string }) | (Blob & { name?: string })[];
  /** 0–1, as the bytes leave the browser. */
  onProgress: (fraction: number) => void;
  signal?: AbortSignal;
};

/**
 * A multipart upload with real progress: fetch cannot report upload progress, XMLHttpRequest can.
 * Resolves with the parsed 2xx body; rejects with an ApiError like every other call.
 */
export function uploadWithProgress<T>({ method, path, field, file, onProgress, signal }: UploadRequest): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, path);
    for (const [name, value] of Object.entries(requestHeaders())) if (value) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve(body as T);
        return;
      }
      if (xhr.status === 401) unauthorized();
      reject(new ApiError(xhr.status, body && typeof body === 'object' ? (body as Partial<ErrorBody>) : null));
    };
    xhr.onerror = () => reject(new ApiError(0, { error: 'The upload could not reach the server.' }));
    xhr.onabort = () => reject(new ApiError(0, { error: 'The upload was cancelled.' }));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    for (const f of Array.isArray(file) ? file : [file]) form.append(field, f, f.name ?? 'upload');
    xhr.send(form);
  });
}

/** SPEC §8 upload failure: '{error} ({code})' when both are present, else what there is. */
export function uploadFailureText(err: unknown): string {
  if (err instanceof ApiError && err.body?.error && err.body.code) return `${err.body.error} (${err.body.code})`;
  if (err instanceof ApiError) return err.body?.error ?? `The upload failed (HTTP ${err.status}).`;
  return 'The upload failed.';
}
