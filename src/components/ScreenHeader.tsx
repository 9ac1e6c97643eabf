import { Flex, Heading } from '@radix-ui/themes';
import type { ReactNode } from 'react';

/** A screen's title (its one h1) with its actions beside it; the row keeps its height while actions load. */
export function ScreenHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Flex justify="between" align="center" mb="4" gap="3" wrap="wrap" style={{ minHeight: 32 }}>
      <Heading as="h1" size="6">
        {title}
      </Heading>
      {children}
    </Flex>
  );
}
