import { Flex, Grid, Heading, Link as ThemeLink, Separator, Text } from '@radix-ui/themes';
import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import type { z } from 'zod';
import type { AppStats } from '../../../contract/schemas/app';
import type { InstallStats } from '../../../contract/workspace-installs';
import { InfoDialog } from '../InfoDialog';
import { PageLoader } from '../PageLoader';
import { AppReportsLink } from './AppHeader';
import { SalesChart } from './SalesChart';

/**
 * Downloads per version (a bar chart), purchases, active/inactive subscriptions, and sales per day; with
 * `installs` (apps, not bundles), what workspaces reported in all — and a link into Reports filtered to the app,
 * where its installs, updates and uninstalls per day, workspaces per version, sales and subscriptions are charted
 * over any range.
 */
export function StatsDialog({
  stats,
  installs,
  name,
  onClose,
}: {
  stats: UseQueryOptions<z.infer<typeof AppStats>, Error, z.infer<typeof AppStats>, string[]>;
  installs?: UseQueryOptions<InstallStats, Error, InstallStats, string[]>;
  name: string;
  onClose: () => void;
}) {
  const { data, isPending, isError } = useQuery(stats);
  const versions = Object.entries(data?.appVersions ?? {});
  const max = Math.max(1, ...versions.map(([, v]) => v.downloads));
  return (
    <InfoDialog
      title={`Stats: ${name}`}
      description={installs ? 'Downloads, installs, purchases and subscriptions of this app.' : 'Downloads, purchases and subscriptions of this app.'}
      maxWidth="560px"
      onClose={onClose}
    >
      {isPending ? (
        <PageLoader label="Loading stats…" />
      ) : isError ? (
        <Text color="red">The stats could not be loaded.</Text>
      ) : (
        <Flex direction="column" gap="4">
          <Grid columns="2" gap="2">
            <Text>Total downloads</Text>
            <Text weight="bold">{data.totalDownloads}</Text>
            <Text>Purchases</Text>
            <Text weight="bold">{data.purchases}</Text>
            <Text>Active subscriptions</Text>
            <Text weight="bold">{data.activeSubscriptions}</Text>
            <Text>Inactive subscriptions</Text>
            <Text weight="bold">{data.inactiveSubscriptions}</Text>
          </Grid>
          <SalesChart days={data.daily} />
          {versions.length === 0 ? (
            <Text color="gray">No downloads yet.</Text>
          ) : (
            <figure style={{ margin: 0 }}>
              <figcaption>
                <Text size="2" weight="medium">
                  Downloads per version
                </Text>
              </figcaption>
              <svg
                role="img"
                aria-label={versions.map(([v, d]) => `v${v}: ${d.downloads} downloads`).join(', ')}
                width="100%"
                height={versions.length * 28}
                viewBox={`0 0 400 ${versions.length * 28}`}
              >
                {versions.map(([v, d], i) => (
                  <g key={v} transform={`translate(0 ${i * 28})`}>
                    <text x="0" y="17" fontSize="12" fill="var(--gray-12)">
                      v{v}
                    </text>
                    <rect x="70" y="4" height="18" rx="3" width={(d.downloads / max) * 280} fill="var(--accent-9)" />
                    <text x={76 + (d.downloads / max) * 280} y="17" fontSize="12" fill="var(--gray-12)">
                      {d.downloads}
                    </text>
                  </g>
                ))}
              </svg>
            </figure>
          )}
          {installs && (
            <>
              <Separator size="4" />
              <Heading as="h2" size="3">
                Installs
              </Heading>
              <InstallTotals query={installs} />
            </>
          )}
        </Flex>
      )}
    </InfoDialog>
  );
}

/** What workspaces reported of the app in all, and the way into Reports for the same over time. */
function InstallTotals({ query }: { query: UseQueryOptions<InstallStats, Error, InstallStats, string[]> }) {
  const { data, isPending, isError } = useQuery(query);
  // The app page's path names the app (`/publisher/apps/$id`, `/publisher/admin/apps/$id`); read once, as AppReportsLink does.
  const named = /^\/publisher\/(?:admin\/)?apps\/([^/]+)/.exec(useRouter().state.location.pathname)?.[1];
  const appId = named && decodeURIComponent(named);
  if (isPending) return <PageLoader label="Loading installs…" />;
  if (isError)
    return (
      <Text color="red" role="alert">
        The installs could not be loaded.
      </Text>
    );
  const { totals } = data;
  const none = totals.installs + totals.updates + totals.uninstalls + totals.downloads === 0;
  return (
    <Flex direction="column" gap="3">
      {none ? (
        <Text color="gray">No workspace has downloaded or installed this app yet.</Text>
      ) : (
        <Grid columns="2" gap="2">
          <Text>Installs</Text>
          <Text weight="bold">{totals.installs}</Text>
          <Text>Updates</Text>
          <Text weight="bold">{totals.updates}</Text>
          <Text>Uninstalls</Text>
          <Text weight="bold">{totals.uninstalls}</Text>
          <Text>Workspaces running it</Text>
          <Text weight="bold">{totals.activeWorkspaces}</Text>
        </Grid>
      )}
      {appId && (
        <Text size="2">
          Installs per day, workspaces per version, sales and subscriptions over any range:{' '}
          {/* Underlined: a link in a sentence is told from its text by more than colour. */}
          <ThemeLink asChild underline="always">
            <AppReportsLink appId={appId}>open Reports for this app</AppReportsLink>
          </ThemeLink>
          .
        </Text>
      )}
    </Flex>
  );
}
