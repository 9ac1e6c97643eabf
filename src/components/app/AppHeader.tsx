import { Badge, Button, Flex, Heading, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import type { App } from '../../../contract/schemas/app';
import { StatusBadge } from '../StatusBadge';
import { purchaseLabel } from '../../lib/format';

/** Name, descriptions, categories, status, bundles and purchase type of an app; `children` are more header buttons. */
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
        {children}
      </Flex>
    </Flex>
  );
}
