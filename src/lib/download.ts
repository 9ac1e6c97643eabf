import { ApiError, requestHeaders, unauthorized } from './api';

/**
 * Downloads what `path` answers (a CSV export) as the file its Content-Disposition names: the request
 * carries the session like every API call, so it is fetched and handed to the browser as a Blob.
 */
export async function downloadFile(path: string, fallbackName: string) {
  const res = await fetch(`/v1${path}`, { headers: requestHeaders() });
  if (res.status === 401) unauthorized();
  if (!res.ok) throw new ApiError(res.status, (await res.json().catch(() => null)) as ConstructorParameters<typeof ApiError>[1]);
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await res.blob());
  const a = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
