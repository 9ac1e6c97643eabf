import { useRouteContext } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { WebhooksDisabled } from './WebhooksDisabled';

/** The webhook screens, for a publisher that may use webhooks; else SPEC §3's 403 'Webhooks Disabled' page. */
export function WebhooksGate({ children }: { children: ReactNode }) {
  const { account } = useRouteContext({ from: '/publisher' });
  if (!account.publisher?.canUseWebhooks) return <WebhooksDisabled publisherName={account.publisher?.name ?? ''} />;
  return <>{children}</>;
}
