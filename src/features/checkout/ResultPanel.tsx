import { Card, Flex, Heading } from '@radix-ui/themes';
import { useEffect, useRef, type ReactNode } from 'react';

/** An outcome of the checkout (paid, declined, expired, cancelled …): its heading takes the focus, so it is read out. */
export function ResultPanel({ title, children, actions }: { title: string; children?: ReactNode; actions: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Card size={{ initial: '2', sm: '3' }}>
      <Flex direction="column" gap="3">
        <Heading as="h2" size="4" ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
          {title}
        </Heading>
        {children}
        <Flex gap="3" wrap="wrap">
          {actions}
        </Flex>
      </Flex>
    </Card>
  );
}
