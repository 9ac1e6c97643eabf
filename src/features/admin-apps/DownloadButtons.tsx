import { DownloadIcon } from '@radix-ui/react-icons';
import { Button } from '@radix-ui/themes';
import type { z } from 'zod';
import type { AppVersion } from '../../../contract/schemas/app';
import { toast } from '../../lib/toast';
import { useDownloadLink } from './api';

/**
 * Source and compiled package downloads (SPEC §7): the tab opens on the click (so no popup blocker
 * stops it), then goes to the short-lived link the server signs; the activity log then shows the download.
 */
export function DownloadButtons({ appId, version }: { appId: string; version: z.infer<typeof AppVersion> }) {
  const downloadLink = useDownloadLink(appId);
  const download = async (compiled: boolean) => {
    const tab = window.open('about:blank', '_blank');
    try {
      const url = await downloadLink(version.id, compiled);
      if (tab) tab.location.href = url;
      else window.location.assign(url);
    } catch (err) {
      tab?.close();
      toast.failure(err);
    }
  };
  return (
    <>
      <Button
        size="1"
        variant="outline"
        disabled={!version.packages.source}
        onClick={() => void download(false)}
        aria-label={`Download the source package of v${version.version}`}
      >
        <DownloadIcon /> Source
      </Button>
      <Button
        size="1"
        variant="outline"
        disabled={!version.packages.compiled}
        onClick={() => void download(true)}
        aria-label={`Download the compiled package of v${version.version}`}
      >
        <DownloadIcon /> Compiled
      </Button>
    </>
  );
}
