import { ArrowLeftIcon, ArrowRightIcon } from '@radix-ui/react-icons';
import { Box, Button, Card, Flex, Grid, Text } from '@radix-ui/themes';
import { useEffect, useRef } from 'react';
import { webhookEvents } from '../../../contract/schemas/webhook';
import { eventLabels } from './strings';

type Event = (typeof webhookEvents)[number];
type Side = 'add' | 'remove';

function Column({
  title,
  events,
  move,
  icon,
  verb,
  onAll,
  allLabel,
}: {
  title: string;
  events: Event[];
  move: (e: Event) => void;
  icon: Side;
  verb: string;
  onAll: () => void;
  allLabel: string;
}) {
  const Icon = icon === 'add' ? ArrowRightIcon : ArrowLeftIcon;
  return (
    // minWidth 0: a grid column as narrow as the drawer allows, its labels wrapping, not wider than its half.
    <Card size="1" style={{ minWidth: 0 }}>
      <Flex justify="between" align="center" gap="2" wrap="wrap" mb="2">
        <Text as="div" size="2" weight="bold" id={`events-${icon}`}>
          {title} ({events.length})
        </Text>
        <Button type="button" size="1" variant="ghost" disabled={events.length === 0} onClick={onAll} data-focus-key={`${icon}:all`}>
          {allLabel}
        </Button>
      </Flex>
      {events.length === 0 ? (
        // Beside the list, not in it: a list holds its items only.
        <Text as="p" size="1" color="gray" style={{ minHeight: 120 }}>
          None
        </Text>
      ) : (
        <Flex direction="column" gap="1" asChild>
          <ul aria-labelledby={`events-${icon}`} style={{ listStyle: 'none', margin: 0, padding: 0, minHeight: 120 }}>
            {events.map((e) => (
              <li key={e}>
                {/* A label of two lines makes its button taller: a Radix button is one line high, and a second line lay over the next button. */}
                <Button
                  type="button"
                  variant="soft"
                  color="gray"
                  size="1"
                  style={{
                    width: '100%',
                    height: 'auto',
                    minHeight: 'var(--base-button-height)',
                    paddingBlock: 'var(--space-1)',
                    justifyContent: 'space-between',
                  }}
                  onClick={() => move(e)}
                  aria-label={`${verb} ${eventLabels[e]} · ${e}`}
                  data-focus-key={`${icon}:${e}`}
                >
                  <Box asChild style={{ textAlign: 'left', minWidth: 0, whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
                    <span>
                      {eventLabels[e]} <Text color="gray">· {e}</Text>
                    </span>
                  </Box>
                  <Icon aria-hidden style={{ flexShrink: 0 }} />
                </Button>
              </li>
            ))}
          </ul>
        </Flex>
      )}
    </Card>
  );
}

/**
 * SPEC §3 Events transfer list: the events, moved between Available and Chosen one by one or all at once.
 * The button pressed leaves its list; focus goes to its neighbour there (else to the moved event on the
 * other side), so a keyboard user carries on where they were instead of starting again from the page's top.
 */
export function EventsTransfer({ value, onChange, describedBy }: { value: Event[]; onChange: (next: Event[]) => void; describedBy?: string }) {
  const available = webhookEvents.filter((e) => !value.includes(e));
  const chosen = webhookEvents.filter((e) => value.includes(e));
  const group = useRef<HTMLDivElement>(null);
  const focusNext = useRef<string>(undefined);
  useEffect(() => {
    const key = focusNext.current;
    focusNext.current = undefined;
    if (key) group.current?.querySelector<HTMLElement>(`[data-focus-key="${key}"]`)?.focus();
  }, [value]);
  const moveOne = (from: Side, list: Event[], e: Event, next: Event[]) => {
    const i = list.indexOf(e);
    const neighbour = list[i + 1] ?? list[i - 1];
    focusNext.current = neighbour ? `${from}:${neighbour}` : `${from === 'add' ? 'remove' : 'add'}:${e}`;
    onChange(next);
  };
  const moveAll = (from: Side, next: Event[]) => {
    focusNext.current = `${from === 'add' ? 'remove' : 'add'}:all`;
    onChange(next);
  };
  return (
    <Grid ref={group} columns={{ initial: '1', xs: '2' }} gap="2" role="group" aria-label="Events" aria-describedby={describedBy}>
      <Column
        title="Available"
        events={available}
        icon="add"
        verb="Add"
        move={(e) => moveOne('add', available, e, [...chosen, e])}
        onAll={() => moveAll('add', [...webhookEvents])}
        allLabel="Add all"
      />
      <Column
        title="Chosen"
        events={chosen}
        icon="remove"
        verb="Remove"
        move={(e) =>
          moveOne(
            'remove',
            chosen,
            e,
            chosen.filter((x) => x !== e),
          )
        }
        onAll={() => moveAll('remove', [])}
        allLabel="Remove all"
      />
    </Grid>
  );
}
