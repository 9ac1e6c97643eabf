import { ArrowDownIcon, ArrowUpIcon, TrashIcon } from '@radix-ui/react-icons';
import { Button, Card, Flex, Grid, Text } from '@radix-ui/themes';
import { useId } from 'react';
import type { Screenshot } from '../../../contract/schemas/app';
import type { z } from 'zod';
import { CaptionField } from './CaptionField';
import { listingText } from './listing-text';

const T = listingText.screenshots;
type Shot = z.infer<typeof Screenshot>;

export type Move = 'up' | 'down';
/** The id of a screenshot's Move button: focus follows the screenshot it moved. */
export const moveButtonId = (shotId: string, move: Move) => `move-${move}-${shotId}`;

/** One screenshot of the listing: the image, its place and file name, its caption; with the changes the listing allows. */
export function ScreenshotItem({
  appId,
  versionId,
  shot,
  index,
  count,
  editable,
  onMove,
  onRemove,
}: {
  appId: string;
  versionId: string;
  shot: Shot;
  index: number;
  count: number;
  editable: boolean;
  onMove: (move: Move) => void;
  onRemove: () => void;
}) {
  const nameId = useId();
  return (
    <li>
      <Card>
        <Grid columns={{ initial: '1', sm: '220px 1fr' }} gap="3" align="start">
          <img className="listing-shot-img" src={shot.thumbnailUrl} alt={shot.caption || shot.fileName} loading="lazy" />
          <Flex direction="column" gap="2" minWidth="0">
            <Text as="p" size="2" weight="medium" id={nameId} style={{ overflowWrap: 'anywhere' }}>
              {T.place(index, count)} · {shot.fileName}
            </Text>
            {editable ? (
              <CaptionField appId={appId} versionId={versionId} shot={shot} describedBy={nameId} />
            ) : (
              <Text as="p" size="2" color={shot.caption ? undefined : 'gray'}>
                {shot.caption || T.noCaption}
              </Text>
            )}
            {editable && (
              <Flex gap="2" wrap="wrap">
                <Button
                  id={moveButtonId(shot.id, 'up')}
                  type="button"
                  size="1"
                  variant="soft"
                  aria-describedby={nameId}
                  disabled={index === 0}
                  onClick={() => onMove('up')}
                >
                  <ArrowUpIcon aria-hidden /> {T.moveUp}
                </Button>
                <Button
                  id={moveButtonId(shot.id, 'down')}
                  type="button"
                  size="1"
                  variant="soft"
                  aria-describedby={nameId}
                  disabled={index === count - 1}
                  onClick={() => onMove('down')}
                >
                  <ArrowDownIcon aria-hidden /> {T.moveDown}
                </Button>
                <Button type="button" size="1" variant="soft" color="red" aria-describedby={nameId} onClick={onRemove}>
                  <TrashIcon aria-hidden /> {T.remove}
                </Button>
              </Flex>
            )}
          </Flex>
        </Grid>
      </Card>
    </li>
  );
}
