import { Badge, Flex } from '@radix-ui/themes';
import { eventLabels } from './strings';

/** The events a webhook listens to, as badges (the event's name on hover). */
export function EventBadges({ events }: { events: readonly string[] }) {
  return (
    <Flex gap="1" wrap="wrap">
      {events.map((e) => (
        <Badge key={e} highContrast color="indigo" variant="soft" title={e}>
          {eventLabels[e] ?? e}
        </Badge>
      ))}
    </Flex>
  );
}
