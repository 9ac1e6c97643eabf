import { Badge, Button, Flex, Heading, Text } from '@radix-ui/themes';
import { Link, useRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import type { App } from '../../../contract/schemas/app';
import { StatusBadge } from '../StatusBadge';
import { purchaseLabel } from '../../lib/format';

/**
 * Reports (docs/reports.md) filtered to the app: the publisher's own, or — on the Administration area's app page —
 * the marketplace's. `children` is the link's content; the link itself is the only child of `asChild` parents.
 */
export function AppReportsLink({ appId, children, ...rest }: { appId: string; children: ReactNode; 'aria-label'?: string }) {
  // Whose app page this is never changes while it is open (another area is another route): read once, without a
  // subscription (useLocation/useRouterState would bring their module into the first screen's framework chunk).
  const admin = useRouter().state.location.pathname.startsWith('/publisher/admin/');
  return admin ? (
    <Link to="/publisher/admin/reports" search={{ app: appId }} {...rest}>
      {children}
    </Link>
  ) : (
    <Link to="/publisher/reports" search={{ app: appId }} {...rest}>
      {children}
    </Link>
  );
}

/**
 * Name, descriptions, categories, status, bundles and purchase type of an app, Stats (downloads, purchases and
 * subscriptions at a glance) and Reports (its sales, subscriptions and installs over any range); `children` are more
 * header buttons.
 */
export function AppHeader({ app, onStats, children }: { app: z.infer<typeof App>; onStats: () => void; children?: ReactNode }) {
  const v = app.latest;
  const purchase = purchaseLabel(app);
  return (
    <Flex gap="4" align="start" wrap="wrap">
      {v.iconFileData && <img src={v.iconFileData} alt="" width={64} height={64} style={{ borderRadius: 14 }} />}
      <Flex direction="column" gap="2" style={{ flex: 1, minWidth: 240 }}>
        <Flex align="center" gap="3" wrap="wrap">
          <Heading as="h1" size="6">
            {v.name}
          </Heading>
          <Text color="gray">v{v.version}</Text>
          <StatusBadge status={v.status} />
        </Flex>
        <Text weight="medium">{v.shortDescription}</Text>
        <Text as="p" color="gray" size="2" style={{ maxWidth: 720 }}>
          {v.description}
        </Text>
        <Flex gap="2" wrap="wrap" align="center">
          {v.categories.map((c) => (
            <Badge key={c} variant="outline" color="gray" highContrast>
              {c}
            </Badge>
          ))}
          <Text size="2">
            {/* A separator only between things: none before the purchase type when there is no category. */}
            {[...(v.categories.length ? [''] : []), purchase, ...(app.bundledIn.length ? [`In ${app.bundledIn.map((b) => b.bundleName).join(', ')}`] : [])]
              .join(' · ')
              .trim()}
          </Text>
          {app.isEnterpriseOnly && <Badge color="purple">Premium only</Badge>}
          {app.isUsageBased && <Badge color="cyan">Usage based</Badge>}
        </Flex>
      </Flex>
      <Flex gap="2" wrap="wrap">
        <Button variant="soft" onClick={onStats}>
          Stats
        </Button>
        <Button variant="soft" asChild>
          <AppReportsLink appId={app.appId}>Reports</AppReportsLink>
        </Button>
        {children}
      </Flex>
    </Flex>
  );
}
