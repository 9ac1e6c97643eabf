import { DownloadIcon } from '@radix-ui/react-icons';
import { Button } from '@radix-ui/themes';
import { useState } from 'react';
import { REPORT_TEXT } from '../../../contract/schemas/reports-text';
import { ApiError, requestHeaders, unauthorized } from '../../lib/api';
import { toast } from '../../lib/toast';
import { reportsText as T } from './text';

/**
 * Download CSV: what an export route streams for the same range (`path`, under /v1), fetched with the session as
 * every call is and handed to the browser as a file; or, for a table no route exports, the `rows` given.
 */
export function DownloadCsv({ what, name, path, rows }: { what: string; name: string; path?: string; rows?: () => string[][] }) {
  const [busy, setBusy] = useState(false);
  const download = async () => save(path ? await fetchCsv(path) : new Blob([toCsv(rows?.() ?? [])], { type: 'text/csv;charset=utf-8' }), name);
  return (
    <Button
      variant="soft"
      loading={busy}
      aria-label={T.csvOf(what)}
      onClick={() => {
        setBusy(true);
        download()
          .catch((err: unknown) => toast.failure(err))
          .finally(() => setBusy(false));
      }}
    >
      <DownloadIcon aria-hidden /> {REPORT_TEXT.downloadCsv}
    </Button>
  );
}

/** RFC 4180: every field quoted where it holds a comma, a quote or a line break (quotes doubled); a formula's lead neutralised. */
export const toCsv = (rows: string[][]) =>
  rows
    .map((row) =>
      row
        .map((cell) => {
          const safe = /^[=+\-@\t\r]/.test(cell) && !/^-?\d/.test(cell) ? `'${cell}` : cell;
          return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
        })
        .join(','),
    )
    .join('\r\n') + '\r\n';

/**
 * What an export route answers, with the session as every call (lib/download.ts does the same for the purchase
 * exports; importing it here would make it shared by three screens, which moves it into the first screen's chunk).
 */
async function fetchCsv(path: string) {
  const res = await fetch(`/v1${path}`, { headers: requestHeaders() });
  if (res.status === 401) unauthorized();
  if (!res.ok) throw new ApiError(res.status, (await res.json().catch(() => null)) as ConstructorParameters<typeof ApiError>[1]);
  return res.blob();
}

/** Hands a file to the browser as a download named `name`. */
function save(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
