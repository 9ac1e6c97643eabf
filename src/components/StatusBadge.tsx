import { Badge, Flex, Text } from '@radix-ui/themes';
import { publisherMeaning, statusBadge } from '../../machines/app-version-status';
import type { VersionStatus } from '../../contract/schemas/app';

/** A version's status by the spec's name; to its publisher (`meaning`), with what it means to them beside it. */
export function StatusBadge({ status, meaning = false }: { status: VersionStatus; meaning?: boolean }) {
  const b = statusBadge[status];
  const badge = (
    <Badge color={b.color} highContrast>
      {b.label}
    </Badge>
  );
  const said = meaning ? publisherMeaning[status] : undefined;
  if (!said) return badge;
  return (
    <Flex as="span" gap="1" align="center" wrap="wrap">
      {badge}
      <Text size="1" color="gray">
        — {said}
      </Text>
    </Flex>
  );
}
