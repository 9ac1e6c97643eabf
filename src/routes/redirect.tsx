import { createFileRoute } from '@tanstack/react-router';
import { useEffect } from 'react';
import { Link as ThemeLink } from '@radix-ui/themes';
import { PageLoader } from '../components/PageLoader';
import { configQuery } from '../lib/account';
import { useSuspenseQuery } from '@tanstack/react-query';

/** `/` → `/redirect` → the public marketplace site. */
export const Route = createFileRoute('/redirect')({
  loader: ({ context }) => context.queryClient.ensureQueryData(configQuery),
  component: RedirectPage,
});

function RedirectPage() {
  const { data: config } = useSuspenseQuery(configQuery);
  useEffect(() => window.location.replace(config.marketplaceUrl), [config.marketplaceUrl]);
  return (
    <main>
      <PageLoader label="Taking you to the marketplace…" />
      <p style={{ textAlign: 'center' }}>
        <ThemeLink href={config.marketplaceUrl}>Continue to the marketplace</ThemeLink>
      </p>
    </main>
  );
}
