import { Code, Flex, Heading, Text } from '@radix-ui/themes';
import { useId } from 'react';
import { diffText } from './diff-strings';

/** A sentence of the diff with its `quoted` parts (a command, a setting's id) in monospace. */
function Sentence({ text }: { text: string }) {
  return (
    <Text size="2" style={{ overflowWrap: 'anywhere' }}>
      {text.split('`').map((part, i) => (i % 2 ? <Code key={i}>{part}</Code> : part))}
    </Text>
  );
}

/**
 * What starting each version in Apps-Engine showed changed (VersionDiff.runtime): "adds slash command `/export`",
 * "removes setting `token`" — what a workspace would see change on updating.
 */
export function RuntimeChanges({ sentences }: { sentences: readonly string[] }) {
  const id = useId();
  return (
    <Flex direction="column" gap="2">
      <Heading as="h3" size="3" id={id}>
        {diffText.runtime}
      </Heading>
      <Flex asChild direction="column" gap="1" m="0" pl="4">
        <ul aria-labelledby={id}>
          {sentences.map((s, i) => (
            <li key={i}>
              <Sentence text={s} />
            </li>
          ))}
        </ul>
      </Flex>
    </Flex>
  );
}
