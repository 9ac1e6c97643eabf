import { Button, Card, Flex, Heading, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';

/** A full-page result: 403/404/500 pages and other outcomes (Go Home and the like as `action`). */
export function ResultPage({ status, title, text, action }: { status?: string | number; title: string; text?: ReactNode; action?: ReactNode }) {
  return (
    <Flex align="center" justify="center" p="5" style={{ minHeight: '60vh' }}>
      <Card size="4" style={{ maxWidth: 520, width: '100%' }}>
        <Flex direction="column" gap="3" align="center" style={{ textAlign: 'center' }}>
          {status !== undefined && (
            <Text size="8" weight="bold" color="gray" aria-hidden>
              {status}
            </Text>
          )}
          <Heading as="h1" size="5">
            {title}
          </Heading>
          {text && (
            <Text as="p" color="gray">
              {text}
            </Text>
          )}
          {action}
        </Flex>
      </Card>
    </Flex>
  );
}

export function GoHome({ onClick }: { onClick: () => void }) {
  return <Button onClick={onClick}>Go Home</Button>;
}
