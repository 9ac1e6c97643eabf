import { Button, Flex } from '@radix-ui/themes';
import { Link, useRouter, type ErrorComponentProps, type LinkProps } from '@tanstack/react-router';
import { toApiError } from '../lib/api';
import { PageLoader } from './PageLoader';
import { ResultPage } from './ResultPage';

/** What a screen of one thing says when that thing does not exist (or is not the caller's to see). */
export type NotFound = { title: string; text: string; back: LinkProps['to']; backLabel: string };

/**
 * The error state of a screen: a 401 is already on its way to sign-in; a 404 is a not-found page that
 * leads back to the list (retrying cannot help); anything else can be retried.
 */
export function RouteError({ error, reset, notFound }: ErrorComponentProps & { notFound?: NotFound }) {
  const router = useRouter();
  const e = toApiError(error);
  if (e.status === 401) return <PageLoader label="Redirecting to sign in…" />;
  if (e.status === 404 && notFound) {
    return (
      <ResultPage
        status={404}
        title={notFound.title}
        text={notFound.text}
        action={
          <Button asChild>
            <Link to={notFound.back}>{notFound.backLabel}</Link>
          </Button>
        }
      />
    );
  }
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
