import { Callout, Flex, Text } from '@radix-ui/themes';
import { toApiError } from '../lib/api';

const requestIdText = (id: string) => `Request ID: ${id}`;

/** An answer of the API that is not about a field: its `error` verbatim, and its request id to quote. */
export function ApiErrorNote({ error, text }: { error?: unknown; text?: string }) {
  const e = error === undefined ? null : toApiError(error);
  return (
    <Flex direction="column" gap="1">
      <Callout.Root color="red" role="alert">
        <Callout.Text>{text ?? e?.body?.error ?? e?.message}</Callout.Text>
      </Callout.Root>
      {e?.requestId && (
        <Text size="1" color="gray">
          {requestIdText(e.requestId)}
        </Text>
      )}
    </Flex>
  );
}
