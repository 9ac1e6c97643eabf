import { Button, Flex } from '@radix-ui/themes';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { toApiError } from '../lib/api';
import { PageLoader } from './PageLoader';
import { ResultPage } from './ResultPage';

/** The error state of a screen: a 401 is already on its way to sign-in; anything else can be retried. */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const e = toApiError(error);
  if (e.status === 401) return <PageLoader label="Redirecting to sign in…" />;
  return (
    <ResultPage
      status={e.status >= 500 || e.status === 0 ? 500 : e.status}
      title="Sorry, something went wrong."
      text={e.requestId ? `${e.message} Request ID: ${e.requestId}` : e.message}
      action={
        <Flex gap="2">
          <Button
            onClick={() => {
              reset();
              void router.invalidate();
            }}
          >
            Try again
          </Button>
          <Button variant="soft" onClick={() => void router.navigate({ to: '/publisher/apps' })}>
            Go Home
          </Button>
        </Flex>
      }
    />
  );
}
