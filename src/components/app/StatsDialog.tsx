import { Flex, Grid, Heading, Separator, Text } from '@radix-ui/themes';
import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AppStats } from '../../../contract/schemas/app';
import type { InstallStats } from '../../../contract/workspace-installs';
import { InfoDialog } from '../InfoDialog';
import { PageLoader } from '../PageLoader';
import { InstallCharts } from './InstallCharts';
import { SalesChart } from './SalesChart';

/**
 * Downloads per version (a bar chart), purchases, active/inactive subscriptions, and sales per day; with
 * `installs` (apps, not bundles), what workspaces reported: installs per day and workspaces per version.
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
              <InstallCharts query={installs} />
            </>
          )}
        </Flex>
      )}
    </InfoDialog>
  );
}
