import { Card, Flex, Heading, Text } from '@radix-ui/themes';
import { useId, useLayoutEffect, useRef, useState } from 'react';
import type { Screenshot } from '../../../contract/schemas/app';
import type { z } from 'zod';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FileDrop } from '../../components/FileDrop';
import { toast } from '../../lib/toast';
import { uploadFailureText } from '../../lib/upload';
import { useOrderScreenshots, useRemoveScreenshot, useUploadScreenshots } from './listing-api';
import { listingText } from './listing-text';
import { moveButtonId, ScreenshotItem, type Move } from './ScreenshotItem';

const T = listingText.screenshots;
type Shot = z.infer<typeof Screenshot>;

/**
 * A version's screenshots in the order buyers see them. Where the listing may change (`editable`): add PNG or JPEG
 * files, move one up or down (buttons: the keyboard's way, focus staying on the screenshot moved), caption one in
 * place, remove one after a confirmation. Each change is saved at once and shown before the server answers.
 */
export function ScreenshotsManager({ appId, versionId, shots, editable }: { appId: string; versionId: string; shots: Shot[]; editable: boolean }) {
  const upload = useUploadScreenshots(appId, versionId);
  const remove = useRemoveScreenshot(appId, versionId);
  const order = useOrderScreenshots(appId, versionId);
  const [removing, setRemoving] = useState<Shot | null>(null);
  const [announced, setAnnounced] = useState('');
  const moved = useRef<{ id: string; move: Move } | null>(null);
  const headingId = useId();

  // The Move button pressed moved with its screenshot: keep the focus on it (or on the other one, at an end).
  useLayoutEffect(() => {
    const m = moved.current;
    if (!m) return;
    moved.current = null;
    const same = document.getElementById(moveButtonId(m.id, m.move)) as HTMLButtonElement | null;
    const other = document.getElementById(moveButtonId(m.id, m.move === 'up' ? 'down' : 'up')) as HTMLButtonElement | null;
    // After a removal with nothing left to move, the section's heading keeps the focus near.
    (same && !same.disabled ? same : other && !other.disabled ? other : document.getElementById(headingId))?.focus();
  }, [shots, headingId]);

  const move = (index: number, by: Move) => {
    const to = by === 'up' ? index - 1 : index + 1;
    if (order.isPending || to < 0 || to >= shots.length) return;
    const ids = shots.map((s) => s.id);
    [ids[index], ids[to]] = [ids[to]!, ids[index]!];
    moved.current = { id: shots[index]!.id, move: by };
    setAnnounced(T.moved(shots[index]!.fileName, to, shots.length));
    order.mutate(ids, { onError: toast.apiError });
  };

  const add = (files: File[]) => {
    if (!files.length) return;
    upload.mutate(files, {
      onSuccess: (added) => toast.success(T.added(added.length)),
      onError: (err) => toast.error(uploadFailureText(err)),
    });
  };

  return (
    <Flex direction="column" gap="3">
      <Heading as="h3" size="3" id={headingId} tabIndex={-1}>
        {T.title}
      </Heading>
      {editable && (
        <FileDrop
          id={`listing-screenshots-${versionId}`}
          label={upload.isPending ? T.uploading : T.upload}
          accept="image/png,image/jpeg"
          multiple
          disabled={upload.isPending}
          onFiles={add}
        />
      )}
      {shots.length === 0 ? (
        <Card>
          <Flex direction="column" gap="1" p="2">
            <Text as="p" weight="medium">
              {T.empty}
            </Text>
            <Text as="p" size="2" color="gray">
              {T.emptyHint(editable)}
            </Text>
          </Flex>
        </Card>
      ) : (
        <Flex asChild direction="column" gap="3">
          <ol aria-label={T.list} className="listing-shots">
            {shots.map((shot, i) => (
              <ScreenshotItem
                key={shot.id}
                appId={appId}
                versionId={versionId}
                shot={shot}
                index={i}
                count={shots.length}
                editable={editable}
                onMove={(by) => move(i, by)}
                onRemove={() => setRemoving(shot)}
              />
            ))}
          </ol>
        </Flex>
      )}
      <p role="status" className="visually-hidden">
        {announced}
      </p>
      {removing && (
        <ConfirmDialog
          title={T.removeTitle}
          text={T.removeText(removing.fileName)}
          yes={T.remove}
          no="Cancel"
          danger
          onNo={() => setRemoving(null)}
          onYes={() => {
            const shot = removing;
            setRemoving(null);
            // The focus goes to the screenshot that takes its place (else the one before it, else the heading).
            const at = shots.findIndex((x) => x.id === shot.id);
            const next = shots[at + 1] ?? shots[at - 1];
            moved.current = { id: next?.id ?? '', move: 'up' };
            remove.mutate(shot, { onSuccess: () => toast.success(T.removed), onError: toast.apiError });
          }}
        />
      )}
    </Flex>
  );
}
