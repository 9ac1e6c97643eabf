import { Card, Flex, Heading, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { errorToastText } from '../lib/toast';
import { PageLoader } from './PageLoader';

/** The loading, error and empty states of a list; `children` render once there are rows. */
export function ListState({
  isPending,
  error,
  empty,
  loading,
  emptyTitle,
  emptyText,
  emptyAction,
  children,
}: {
  isPending: boolean;
  error: unknown;
  empty: boolean;
  loading: string;
  emptyTitle: string;
  emptyText: string;
  /** What to do about it (e.g. create the first one). */
  emptyAction?: ReactNode;
  children: ReactNode;
}) {
  if (isPending) return <PageLoader label={loading} />;
  if (error)
    return (
      <Card>
        <Text color="red" role="alert">
          {errorToastText(error)}
        </Text>
      </Card>
    );
  if (empty)
    return (
      <Card size="3">
        <Flex direction="column" align="center" gap="2" p="4">
          <Heading as="h2" size="4">
            {emptyTitle}
          </Heading>
          <Text color="gray">{emptyText}</Text>
          {emptyAction}
        </Flex>
      </Card>
    );
  return <>{children}</>;
}
