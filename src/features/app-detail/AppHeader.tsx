import { Badge, Button, Flex, Heading, Text } from '@radix-ui/themes';
import type { z } from 'zod';
import type { App } from '../../../contract/schemas/app';
import { StatusBadge } from '../../components/StatusBadge';
import { purchaseLabel } from '../../lib/format';

/** Name, descriptions, categories, status, bundles and purchase type of an app. */
export function AppHeader({ app, onStats }: { app: z.infer<typeof App>; onStats: () => void }) {
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
          <Text size="2">· {purchase}</Text>
          {app.bundledIn.length > 0 && <Text size="2">· In {app.bundledIn.map((b) => b.bundleName).join(', ')}</Text>}
        </Flex>
      </Flex>
      <Button variant="soft" onClick={onStats}>
        Stats
      </Button>
    </Flex>
  );
}
