import { ArrowLeftIcon, ArrowRightIcon } from '@radix-ui/react-icons';
import { Box, Button, Card, Flex, Grid, Text } from '@radix-ui/themes';
import { webhookEvents } from '../../../contract/schemas/webhook';
import { eventLabels } from './strings';

type Event = (typeof webhookEvents)[number];

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
  icon: 'add' | 'remove';
  verb: string;
  onAll: () => void;
  allLabel: string;
}) {
  const Icon = icon === 'add' ? ArrowRightIcon : ArrowLeftIcon;
  return (
    <Card size="1">
      <Flex justify="between" align="center" mb="2">
        <Text as="div" size="2" weight="bold" id={`events-${icon}`}>
          {title} ({events.length})
        </Text>
        <Button type="button" size="1" variant="ghost" disabled={events.length === 0} onClick={onAll}>
          {allLabel}
        </Button>
      </Flex>
      <Flex direction="column" gap="1" asChild>
        <ul aria-labelledby={`events-${icon}`} style={{ listStyle: 'none', margin: 0, padding: 0, minHeight: 120 }}>
          {events.map((e) => (
            <li key={e}>
              <Button
                type="button"
                variant="soft"
                color="gray"
                size="1"
                style={{ width: '100%', justifyContent: 'space-between' }}
                onClick={() => move(e)}
                aria-label={`${verb} ${eventLabels[e]} · ${e}`}
              >
                <Box asChild style={{ textAlign: 'left' }}>
                  <span>
                    {eventLabels[e]} <Text color="gray">· {e}</Text>
                  </span>
                </Box>
                <Icon aria-hidden />
              </Button>
            </li>
          ))}
          {events.length === 0 && (
            <Text as="p" size="1" color="gray">
              None
            </Text>
          )}
        </ul>
      </Flex>
    </Card>
  );
}

/** SPEC §3 Events transfer list: the five events, moved between Available and Chosen one by one or all at once. */
export function EventsTransfer({ value, onChange, describedBy }: { value: Event[]; onChange: (next: Event[]) => void; describedBy?: string }) {
  const available = webhookEvents.filter((e) => !value.includes(e));
  const chosen = webhookEvents.filter((e) => value.includes(e));
  return (
    <Grid columns={{ initial: '1', xs: '2' }} gap="2" role="group" aria-label="Events" aria-describedby={describedBy}>
      <Column
        title="Available"
        events={available}
        icon="add"
        verb="Add"
        move={(e) => onChange([...chosen, e])}
        onAll={() => onChange([...webhookEvents])}
        allLabel="Add all"
      />
      <Column
        title="Chosen"
        events={chosen}
        icon="remove"
        verb="Remove"
        move={(e) => onChange(chosen.filter((x) => x !== e))}
        onAll={() => onChange([])}
        allLabel="Remove all"
      />
    </Grid>
  );
}
