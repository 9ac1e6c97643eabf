import { Badge } from '@radix-ui/themes';
import { statusBadge } from '../../machines/app-version-status';
import type { VersionStatus } from '../../contract/schemas/app';

export function StatusBadge({ status }: { status: VersionStatus }) {
  const b = statusBadge[status];
  return (
    <Badge color={b.color} highContrast>
      {b.label}
    </Badge>
  );
}
