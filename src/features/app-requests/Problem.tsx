import { Button, Callout, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { toApiError } from '../../lib/api';
import { answerWorkspace, inFrame } from './parent';
import { appRequestText as T } from './strings';

/** An answer of the API that is not about a field: its `error` verbatim, and its request id to quote. */
export function ErrorNote({ error, text }: { error?: unknown; text?: string }) {
  const e = error === undefined ? null : toApiError(error);
  return (
    <Flex direction="column" gap="1">
      <Callout.Root color="red" role="alert">
        <Callout.Text>{text ?? e?.body?.error ?? e?.message}</Callout.Text>
      </Callout.Root>
      {e?.requestId && (
        <Text size="1" color="gray">
          {T.requestId(e.requestId)}
        </Text>
      )}
    </Flex>
  );
}

/** Closes Rocket.Chat's modal (`{result: false}`); nothing to show on a page of its own. */
export function CloseButton({ label = T.close, variant = 'soft' }: { label?: string; variant?: 'soft' | 'solid' }) {
  if (!inFrame()) return null;
  return (
    <Button type="button" variant={variant} color={variant === 'soft' ? 'gray' : undefined} onClick={() => answerWorkspace({ result: false })}>
      {label}
    </Button>
  );
}

/** A page that cannot do what it is for: why, and a way back to the workspace. */
export function Problem({ title, error, text }: { title: string; error?: unknown; text?: string }) {
  return (
    <Card size={{ initial: '2', sm: '3' }}>
      <Flex direction="column" gap="3">
        <Heading as="h1" size="5">
          {title}
        </Heading>
        <ErrorNote error={error} text={text} />
        <Flex>
          <CloseButton />
        </Flex>
      </Flex>
    </Card>
  );
}
