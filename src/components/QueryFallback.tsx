import { Callout, Flex, Spinner, Text } from '@radix-ui/themes';
import { errorToastText } from '../lib/toast';

/** What a section shows while its query has no data: its error (with the request id to quote), else a spinner saying `loading`. */
export function QueryFallback({ error, isPending, loading }: { error: unknown; isPending: boolean; loading: string }) {
  if (error && !isPending)
    return (
      <Callout.Root color="red" role="alert" size="1">
        <Callout.Text>{errorToastText(error)}</Callout.Text>
      </Callout.Root>
    );
  return (
    <Flex align="center" gap="2" role="status">
      <Spinner />
      <Text size="2" color="gray">
        {loading}
      </Text>
    </Flex>
  );
}
