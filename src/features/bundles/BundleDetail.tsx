import { Box, Button, Flex, Heading, Link as ThemeLink, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { BUNDLE_TEXT as T } from '../../../contract/schemas/bundle';
import { AppsTable } from '../../components/app/AppsTable';
import { StatsDialog } from '../../components/app/StatsDialog';
import { PlansTable } from '../../components/bundles/PlansTable';
import { PageLoader } from '../../components/PageLoader';
import { Section } from '../../components/Section';
import { StatusBadge } from '../../components/StatusBadge';
import { toast } from '../../lib/toast';
import { bundleAppsQuery, bundleQuery, bundleStatsQuery, bundleVersionsQuery } from './api';

/**
 * SPEC §3 Bundle detail: the header, the included apps and the pricing plans; Edit is disabled. An id
 * that is not a bundle says 'Invalid Bundle' and goes back to the bundles.
 */
export function BundleDetail({ id }: { id: string }) {
  const navigate = useNavigate();
  const bundle = useQuery(bundleQuery(id));
  const apps = useQuery(bundleAppsQuery(id));
  const versions = useQuery(bundleVersionsQuery(id));
  const [stats, setStats] = useState(false);
  const invalid = bundle.isError || (bundle.data && !bundle.data.isBundle);
  useEffect(() => {
    if (!invalid) return;
    toast.error(T.invalidBundle, T.invalidBundleTitle);
    void navigate({ to: '/publisher/bundles', replace: true });
  }, [invalid, navigate]);
  if (!bundle.data || invalid) return <PageLoader label="Loading the bundle…" />;
  const b = bundle.data;
  return (
    <Box p={{ initial: '3', sm: '6' }}>
      <Flex direction="column" gap="5">
        <ThemeLink asChild size="2">
          <Link to="/publisher/bundles">← Bundles</Link>
        </ThemeLink>
        <Flex gap="4" align="start" wrap="wrap">
          {b.latest.iconFileData && <img src={b.latest.iconFileData} alt="" width={64} height={64} style={{ borderRadius: 14 }} />}
          <Flex direction="column" gap="1" style={{ flex: 1, minWidth: 240 }}>
            <Flex gap="2" align="center" wrap="wrap">
              <Heading as="h1" size="6">
                {b.latest.name}
              </Heading>
              <StatusBadge status={b.latest.status} />
            </Flex>
            <Text color="gray">{b.latest.description}</Text>
            <Text size="2" color="gray">
              {b.latest.categories.join(', ')} · v{b.latest.version}
            </Text>
          </Flex>
          <Flex gap="2">
            <Button variant="soft" onClick={() => setStats(true)}>
              Stats
            </Button>
            <Button disabled variant="soft">
              Edit
            </Button>
          </Flex>
        </Flex>
        <Section title="Included apps">
          {apps.data ? <AppsTable apps={apps.data} to="/publisher/apps/$id" caption="Included apps" /> : <PageLoader label="Loading the apps…" />}
        </Section>
        <Section title="Pricing plans">
          {b.purchaseType === 'subscription' ? <PlansTable plans={b.pricingPlans} /> : <Text>{b.price > 0 ? `One-time, $${b.price.toFixed(2)}` : 'Free'}</Text>}
        </Section>
        <Section title="Versions">
          <Flex direction="column" gap="2">
            {(versions.data ?? []).map((v) => (
              <Flex key={v.id} gap="3" align="center">
                <Text weight="medium">v{v.version}</Text>
                <StatusBadge status={v.status} />
                {v.rejectionNote && <Text color="gray">{v.rejectionNote}</Text>}
              </Flex>
            ))}
          </Flex>
        </Section>
      </Flex>
      {stats && <StatsDialog stats={bundleStatsQuery(id)} name={b.latest.name} onClose={() => setStats(false)} />}
    </Box>
  );
}
