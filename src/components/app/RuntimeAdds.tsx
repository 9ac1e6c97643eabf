import { Badge, Code, Flex, Heading, Text } from '@radix-ui/themes';
import { useId, type ReactNode } from 'react';
import type { RuntimeAdds as Adds } from '../../../contract/schemas/runtime';
import {
  addsNothing,
  buttonContext,
  buttonName,
  commandName,
  componentLocation,
  endpointAccess,
  endpointLine,
  eventWords,
  processorWhen,
  runtimeText as T,
  settingFlags,
} from './runtime-sentences';

export type HeadingLevel = 3 | 4 | 5;
const tag = (level: HeadingLevel) => `h${level}` as const;
const wrap = { overflowWrap: 'anywhere' } as const;

/** One kind of thing the app adds: its name and count as a heading, its items as a list named by it. */
function Group({ title, count, level, children }: { title: string; count: number; level: HeadingLevel; children: ReactNode }) {
  const id = useId();
  if (!count) return null;
  return (
    <Flex direction="column" gap="1" minWidth="0">
      <Heading as={tag(level)} size="2" id={id}>
        {T.groupTitle(title, count)}
      </Heading>
      <Flex asChild direction="column" gap="2" m="0" p="0" style={{ listStyle: 'none' }}>
        <ul aria-labelledby={id}>{children}</ul>
      </Flex>
    </Flex>
  );
}

/** An item: its name (in monospace where it is code), then what to know of it, wrapping on a narrow screen. */
const Item = ({ children }: { children: ReactNode }) => (
  <li style={{ minWidth: 0 }}>
    <Flex gap="2" align="baseline" wrap="wrap">
      {children}
    </Flex>
  </li>
);
const Words = ({ children }: { children: ReactNode }) => (
  <Text size="2" color="gray" style={wrap}>
    {children}
  </Text>
);

/**
 * What a started app registered with the workspace (docs/packages-and-review.md, Runtime evidence), kind by kind:
 * slash commands, settings, API endpoints, buttons, contextual bars and modals, scheduled processors, video
 * conference providers and the events it listens to. `appId` fills the endpoints' addresses. `level` is the
 * heading level of each kind.
 */
export function RuntimeAdds({ adds, appId, level }: { adds: Adds; appId?: string; level: HeadingLevel }) {
  if (addsNothing(adds))
    return (
      <Text as="p" size="2" color="gray">
        {T.addsNothing}
      </Text>
    );
  const g = T.groups;
  return (
    <Flex direction="column" gap="4" minWidth="0">
      <Group title={g.slashCommands} count={adds.slashCommands.length} level={level}>
        {adds.slashCommands.map((c, i) => (
          <Item key={i}>
            <Code weight="bold">{commandName(c)}</Code>
            {c.description && (
              <Text size="2" style={wrap}>
                {c.description}
              </Text>
            )}
            {c.params && (
              <Words>
                {T.params} <Code variant="ghost">{c.params}</Code>
              </Words>
            )}
            {c.providesPreview && (
              <Badge color="gray" variant="soft">
                {T.preview}
              </Badge>
            )}
          </Item>
        ))}
      </Group>
      <Group title={g.settings} count={adds.settings.length} level={level}>
        {adds.settings.map((s, i) => (
          <Item key={i}>
            <Code>{s.id}</Code>
            <Words>{s.type}</Words>
            {settingFlags(s).map((f) => (
              <Badge key={f} color="gray" variant="soft">
                {f}
              </Badge>
            ))}
            {s.label && s.label !== s.id && <Words>{s.label}</Words>}
          </Item>
        ))}
      </Group>
      <Group title={g.apiEndpoints} count={adds.apiEndpoints.length} level={level}>
        {adds.apiEndpoints.map((e, i) => (
          <Item key={i}>
            <Code style={wrap}>{endpointLine(e, appId)}</Code>
            <Words>{endpointAccess(e).join(' · ')}</Words>
          </Item>
        ))}
      </Group>
      <Group title={g.actionButtons} count={adds.actionButtons.length} level={level}>
        {adds.actionButtons.map((b, i) => (
          <Item key={i}>
            <Text size="2" weight="medium" style={wrap}>
              {buttonName(b)}
            </Text>
            {b.label && <Code variant="ghost">{b.actionId}</Code>}
            <Words>{buttonContext(b.context)}</Words>
          </Item>
        ))}
      </Group>
      <Group title={g.externalComponents} count={adds.externalComponents.length} level={level}>
        {adds.externalComponents.map((c, i) => (
          <Item key={i}>
            <Text size="2" weight="medium" style={wrap}>
              {c.name}
            </Text>
            <Words>{componentLocation(c.location)}</Words>
          </Item>
        ))}
      </Group>
      <Group title={g.processors} count={adds.processors.length} level={level}>
        {adds.processors.map((p, i) => (
          <Item key={i}>
            <Code>{p.id}</Code>
            <Words>{processorWhen(p)}</Words>
          </Item>
        ))}
      </Group>
      <Group title={g.videoConfProviders} count={adds.videoConfProviders.length} level={level}>
        {adds.videoConfProviders.map((p, i) => (
          <Item key={i}>
            <Text size="2" style={wrap}>
              {p}
            </Text>
          </Item>
        ))}
      </Group>
      <Group title={g.events} count={adds.events.length} level={level}>
        {adds.events.map((e, i) => (
          <Item key={i}>
            <Text size="2" style={wrap}>
              {eventWords(e)}
            </Text>
          </Item>
        ))}
      </Group>
    </Flex>
  );
}
