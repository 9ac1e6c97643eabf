import { Card, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';

/** One figure in a list of them (a report's headline, the dashboard's tiles): what it is, its value, what is under it. */
export function FigureCard({ label, value, children }: { label: string; value: string; children?: ReactNode }) {
  return (
    <Card asChild>
      <li>
        <Text as="p" size="2" color="gray">
          {label}
        </Text>
        <Text as="p" size={{ initial: '5', sm: '6' }} weight="bold" style={{ overflowWrap: 'anywhere' }}>
          {value}
        </Text>
        {children}
      </li>
    </Card>
  );
}
