import { Box, Button, Flex, Heading, Link as ThemeLink, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import type { AppVersion } from '../../../contract/schemas/app';
import { BUNDLE_TEXT as T } from '../../../contract/schemas/bundle';
import type { VersionAction } from '../../../machines/app-version-lifecycle';
import { AppsTable } from '../../components/app/AppsTable';
import { StatsDialog } from '../../components/app/StatsDialog';
import { usePublisherStatusChanges } from '../../components/app/status-changes';
import { VersionsTable } from '../../components/app/VersionsTable';
import { PlansTable } from '../../components/bundles/PlansTable';
import { ListState } from '../../components/ListState';
import { PageLoader } from '../../components/PageLoader';
import { ResultPage } from '../../components/ResultPage';
import { Section } from '../../components/Section';
import { StatusBadge } from '../../components/StatusBadge';
import { toApiError } from '../../lib/api';
import { errorToastText, toast } from '../../lib/toast';
import { usePermissions } from '../../lib/use-permissions';
import { bundleAppsQuery, bundleQuery, bundleStatsQuery, bundleVersionsQuery } from './api';

type Version = z.infer<typeof AppVersion>;

/** The publisher's actions on a bundle's versions (SPEC §4): withdraw (reject), publish, unpublish; editing stays off (SPEC §3). */
const changing = new Set<VersionAction>(['REJECT', 'PUBLISH', 'UNPUBLISH']);
const looking = new Set<VersionAction>();

/**
 * SPEC §3 Bundle detail: the header, the included apps and the pricing plans; Edit is disabled. An id
 * that is not a bundle says 'Invalid Bundle' and goes back to the bundles. The versions carry the
 * publisher's actions the lifecycle machine offers for a bundle.
 */
export function BundleDetail({ id }: { id: string }) {
  const navigate = useNavigate();
  const bundle = useQuery(bundleQuery(id));
  const apps = useQuery(bundleAppsQuery(id));
  const versions = useQuery(bundleVersionsQuery(id));
  const [stats, setStats] = useState(false);
  const { canUpdate } = usePermissions('bundle');
  const { setStatus, change, dialog } = usePublisherStatusChanges(id, 'bundles');
  const run = (action: VersionAction, v: Version) => {
    if (action === 'REJECT' || action === 'PUBLISH' || action === 'UNPUBLISH') change(action, v);
  };
  // Not found, or found but not a bundle: 'Invalid Bundle'. Other failures can be retried here.
  const invalid = (bundle.isError && toApiError(bundle.error).status === 404) || (bundle.data && !bundle.data.isBundle);
  useEffect(() => {
    if (!invalid) return;
    toast.error(T.invalidBundle, T.invalidBundleTitle);
    void navigate({ to: '/publisher/bundles', replace: true });
  }, [invalid, navigate]);
  if (bundle.isError && !invalid) {
    return (
      <ResultPage
        status={500}
        title="Sorry, something went wrong."
        text={errorToastText(bundle.error)}
        action={
          <Button onClick={() => void bundle.refetch()} loading={bundle.isFetching}>
            Try again
          </Button>
        }
      />
    );
  }
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
          <ListState
            isPending={apps.isPending}
            error={apps.error}
            empty={apps.data?.length === 0}
            loading="Loading the apps…"
            emptyTitle="No apps"
            emptyText="This bundle holds no apps."
          >
            {apps.data && <AppsTable apps={apps.data} to="/publisher/apps/$id" caption="Included apps" />}
          </ListState>
        </Section>
        <Section title="Pricing plans">
          {b.purchaseType === 'subscription' ? <PlansTable plans={b.pricingPlans} /> : <Text>{b.price > 0 ? `One-time, $${b.price.toFixed(2)}` : 'Free'}</Text>}
        </Section>
        <Section title="Versions">
          <VersionsTable
            versions={versions.data ?? []}
            actor="publisher"
            isBundle
            available={canUpdate ? changing : looking}
            cannotSell={b.cannotSell}
            busy={setStatus.isPending}
            onAction={run}
          />
        </Section>
      </Flex>
      {stats && <StatsDialog stats={bundleStatsQuery(id)} name={b.latest.name} onClose={() => setStats(false)} />}
      {dialog}
    </Box>
  );
}
