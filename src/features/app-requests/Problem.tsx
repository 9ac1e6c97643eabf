import { Button, Card, Flex, Heading } from '@radix-ui/themes';
import { ApiErrorNote } from '../../components/ApiErrorNote';
import { answerWorkspace, inFrame } from './parent';
import { appRequestText as T } from './strings';

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
        <ApiErrorNote error={error} text={text} />
        <Flex>
          <CloseButton />
        </Flex>
      </Flex>
    </Card>
  );
}
