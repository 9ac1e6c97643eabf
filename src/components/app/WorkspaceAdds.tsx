import { Flex, Text } from '@radix-ui/themes';
import type { RuntimeAdds } from '../../../contract/schemas/runtime';
import { runtimeText as T, workspaceAdds } from './runtime-sentences';

/**
 * What an app adds to a workspace, as its administrator would read it before installing: one line a kind (its slash
 * commands, settings, endpoints, buttons, bars and modals, jobs, providers, the events it acts on) — no timings, no
 * errors. `label` names the list (the heading above it).
 */
export function WorkspaceAdds({ adds, appId, label }: { adds: RuntimeAdds; appId?: string; label: string }) {
  const lines = workspaceAdds(adds, appId);
  if (!lines.length)
    return (
      <Text as="p" size="2" color="gray">
        {T.addsNothing}
      </Text>
    );
  return (
    <Flex asChild direction="column" gap="1" m="0" pl="4">
      <ul aria-label={label}>
        {lines.map((line, i) => (
          <li key={i}>
            <Text size="2" style={{ overflowWrap: 'anywhere' }}>
              {line}
            </Text>
          </li>
        ))}
      </ul>
    </Flex>
  );
}
