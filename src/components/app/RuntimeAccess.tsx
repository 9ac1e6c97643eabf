import { Badge, Code, Flex, Heading, Text } from '@radix-ui/themes';
import { useId, type ReactNode } from 'react';
import type { RuntimeReport } from '../../../contract/schemas/runtime';
import type { HeadingLevel } from './RuntimeAdds';
import { httpTarget, permissionUses, runtimeText as T, type PermissionUse } from './runtime-sentences';

const wrap = { overflowWrap: 'anywhere' } as const;
const stateColor = { used: 'green', unused: 'gray', undeclared: 'red' } as const satisfies Record<PermissionUse['state'], string>;

function Part({ title, level, children }: { title: string; level: HeadingLevel; children: (labelledBy: string) => ReactNode }) {
  const id = useId();
  return (
    <Flex direction="column" gap="1" minWidth="0">
      <Heading as={`h${level}`} size="2" id={id}>
        {title}
      </Heading>
      {children(id)}
    </Flex>
  );
}

const listStyle = { listStyle: 'none' } as const;

/**
 * What the app reached for while starting: each outgoing request it asked for (recorded, refused, never sent) and
 * its permissions — each declared one, used while starting or not, and any it used without declaring it (which
 * Apps-Engine refuses in every workspace; a finding says so too). The badge's colour only repeats its words.
 */
export function RuntimeAccess({ report, level }: { report: Pick<RuntimeReport, 'http' | 'permissions' | 'declaredPermissions'>; level: HeadingLevel }) {
  const uses = permissionUses(report);
  return (
    <Flex direction="column" gap="4" minWidth="0">
      <Part title={T.network} level={level}>
        {(id) =>
          report.http.length === 0 ? (
            <Text as="p" size="2" color="gray">
              {T.noHttp}
            </Text>
          ) : (
            <Flex asChild direction="column" gap="1" m="0" p="0" style={listStyle}>
              <ul aria-labelledby={id}>
                {report.http.map((h, i) => (
                  <li key={i}>
                    <Text size="2" style={wrap}>
                      {T.tried} <Code variant="ghost">{httpTarget(h)}</Code> <Text color="gray">{T.refused}</Text>
                    </Text>
                  </li>
                ))}
              </ul>
            </Flex>
          )
        }
      </Part>
      <Part title={T.permissions} level={level}>
        {(id) =>
          uses.length === 0 ? (
            <Text as="p" size="2" color="gray">
              {T.noPermissions}
            </Text>
          ) : (
            <Flex asChild direction="column" gap="2" m="0" p="0" style={listStyle}>
              <ul aria-labelledby={id}>
                {uses.map((u) => (
                  <li key={`${u.state}:${u.permission}`}>
                    <Flex gap="2" align="baseline" wrap="wrap">
                      <Code>{u.permission}</Code>
                      <Badge color={stateColor[u.state]} variant="soft" highContrast>
                        {T.permissionState[u.state]}
                      </Badge>
                      {u.calls.length > 0 && (
                        <Text size="1" color="gray" style={wrap}>
                          {T.by(u.calls)}
                        </Text>
                      )}
                    </Flex>
                  </li>
                ))}
              </ul>
            </Flex>
          )
        }
      </Part>
    </Flex>
  );
}
