import { Box, Flex, Grid, Table, Text } from '@radix-ui/themes';
import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { InstallStats } from '../../../contract/workspace-installs';
import { DataTable } from '../DataTable';
import { PageLoader } from '../PageLoader';

type Stats = InstallStats;
type Day = Stats['days'][number];
const W = 400;
const H = 120;
/** The actions of a day's bar, bottom up, with their colours. */
const ACTIONS = [
  { key: 'installs', label: 'Installs', color: 'var(--accent-9)' },
  { key: 'updates', label: 'Updates', color: 'var(--cyan-9)' },
  { key: 'uninstalls', label: 'Uninstalls', color: 'var(--red-9)' },
] as const;
/** One colour per version line (the newest versions first); more versions are in the table only. */
const LINE_COLORS = ['var(--accent-10)', 'var(--green-10)', 'var(--orange-10)', 'var(--purple-10)', 'var(--cyan-10)', 'var(--pink-10)'];

const Swatch = ({ color, line }: { color: string; line?: boolean }) => (
  <span aria-hidden style={{ display: 'inline-block', width: 10, height: line ? 2 : 10, background: color, marginRight: 4, verticalAlign: 'middle' }} />
);

/** A chart's table for those who do not read the picture (and for exact numbers), behind a summary line. */
function TableFallback({ summary, children }: { summary: string; children: ReactNode }) {
  return (
    <details style={{ minWidth: 0 }}>
      <summary>
        <Text size="1">{summary}</Text>
      </summary>
      {/* Inline-size containment: the table's width never widens the dialog (on a phone it scrolls sideways). */}
      <Box mt="2" style={{ maxHeight: 240, overflowY: 'auto', contain: 'inline-size' }}>
        {children}
      </Box>
    </details>
  );
}

/** Installs, updates and uninstalls reported each day (stacked bars), with the downloads in the table. */
function InstallsPerDay({ days }: { days: Day[] }) {
  const step = W / days.length;
  const top = Math.max(1, ...days.map((d) => d.installs + d.updates + d.uninstalls));
  const first = days[0]!;
  const last = days.at(-1)!;
  const sum = (k: keyof Omit<Day, 'date'>) => days.reduce((n, d) => n + d[k], 0);
  const active = days.filter((d) => d.installs + d.updates + d.uninstalls + d.downloads > 0);
  return (
    <figure style={{ margin: 0, minWidth: 0 }}>
      <figcaption>
        <Text size="2" weight="medium">
          Installs per day
        </Text>
      </figcaption>
      <svg
        role="img"
        aria-label={`From ${first.date} to ${last.date}: ${sum('installs')} installs, ${sum('updates')} updates, ${sum('uninstalls')} uninstalls and ${sum('downloads')} downloads, at most ${top} install events a day.`}
        width="100%"
        height={H}
        viewBox={`0 0 ${W} ${H}`}
        preserveAspectRatio="none"
      >
        <line x1="0" y1={H - 0.5} x2={W} y2={H - 0.5} stroke="var(--gray-6)" />
        {days.map((d, i) => {
          let y = H;
          return ACTIONS.map(({ key, color }) => {
            const h = (d[key] / top) * (H - 8);
            y -= h;
            return h > 0 ? <rect key={`${d.date}-${key}`} x={i * step + 0.5} y={y} width={Math.max(1, step - 1)} height={h} fill={color} /> : null;
          });
        })}
      </svg>
      <Flex justify="between" gap="3" wrap="wrap">
        <Text size="1" color="gray">
          {first.date} – {last.date}
        </Text>
        <Flex gap="3" wrap="wrap">
          {ACTIONS.map((a) => (
            <Text size="1" key={a.key}>
              <Swatch color={a.color} />
              {a.label} ({sum(a.key)})
            </Text>
          ))}
        </Flex>
      </Flex>
      <TableFallback summary="Installs per day as a table">
        <DataTable caption="Installs per day">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>Day</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">Installs</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">Updates</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">Uninstalls</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">Downloads</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {active.map((d) => (
              <Table.Row key={d.date}>
                <Table.RowHeaderCell>{d.date}</Table.RowHeaderCell>
                <Table.Cell justify="end">{d.installs}</Table.Cell>
                <Table.Cell justify="end">{d.updates}</Table.Cell>
                <Table.Cell justify="end">{d.uninstalls}</Table.Cell>
                <Table.Cell justify="end">{d.downloads}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </DataTable>
        <Text as="p" size="1" color="gray" mt="1">
          Days without any event are left out.
        </Text>
      </TableFallback>
    </figure>
  );
}

/** The workspaces running each version at each day's end (a line per version). */
function ActiveWorkspaces({ days, versions }: { days: Day[]; versions: Stats['versions'] }) {
  const step = W / days.length;
  const top = Math.max(1, ...versions.flatMap((v) => v.activeWorkspaces));
  const y = (n: number) => H - (n / top) * (H - 8);
  const drawn = versions.slice(0, LINE_COLORS.length);
  // The table's rows: the first day, each day a count changed, and today.
  const changed = days
    .map((_, i) => i)
    .filter((i) => i === 0 || i === days.length - 1 || versions.some((v) => v.activeWorkspaces[i] !== v.activeWorkspaces[i - 1]));
  return (
    <figure style={{ margin: 0, minWidth: 0 }}>
      <figcaption>
        <Text size="2" weight="medium">
          Workspaces per version
        </Text>
      </figcaption>
      <svg
        role="img"
        aria-label={`Workspaces running each version at each day's end, ${days[0]!.date} to ${days.at(-1)!.date}: ${versions
          .map((v) => `v${v.version} ${v.activeWorkspaces.at(-1)} today, at most ${Math.max(...v.activeWorkspaces)}`)
          .join('; ')}.`}
        width="100%"
        height={H}
        viewBox={`0 0 ${W} ${H}`}
        preserveAspectRatio="none"
      >
        <line x1="0" y1={H - 0.5} x2={W} y2={H - 0.5} stroke="var(--gray-6)" />
        {drawn.map((v, n) => (
          <path
            key={v.version}
            d={v.activeWorkspaces.map((c, i) => `${i === 0 ? 'M' : 'L'}${(i + 0.5) * step} ${y(c)}`).join(' ')}
            fill="none"
            stroke={LINE_COLORS[n]}
            strokeWidth="2"
            vectorEffect="non-scaling-stroke"
          />
        ))}
      </svg>
      <Flex gap="3" wrap="wrap">
        {drawn.map((v, n) => (
          <Text size="1" key={v.version}>
            <Swatch color={LINE_COLORS[n]!} line />v{v.version}: {v.activeWorkspaces.at(-1)} today
          </Text>
        ))}
      </Flex>
      <TableFallback summary="Workspaces per version as a table">
        <DataTable caption="Workspaces per version">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>Day</Table.ColumnHeaderCell>
              {versions.map((v) => (
                <Table.ColumnHeaderCell key={v.version} justify="end">
                  v{v.version}
                </Table.ColumnHeaderCell>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {changed.map((i) => (
              <Table.Row key={days[i]!.date}>
                <Table.RowHeaderCell>{days[i]!.date}</Table.RowHeaderCell>
                {versions.map((v) => (
                  <Table.Cell key={v.version} justify="end">
                    {v.activeWorkspaces[i]}
                  </Table.Cell>
                ))}
              </Table.Row>
            ))}
          </Table.Body>
        </DataTable>
        <Text as="p" size="1" color="gray" mt="1">
          Only the first day, the days a count changed, and today.
        </Text>
      </TableFallback>
    </figure>
  );
}

/**
 * Beyond the spec: what registered workspaces reported of the app over the last 90 days — installs, updates
 * and uninstalls per day, and the workspaces running each version — with its loading, error and empty states.
 */
export function InstallCharts({ query }: { query: UseQueryOptions<Stats, Error, Stats, string[]> }) {
  const { data, isPending, isError } = useQuery(query);
  if (isPending) return <PageLoader label="Loading installs…" />;
  if (isError)
    return (
      <Text color="red" role="alert">
        The installs could not be loaded.
      </Text>
    );
  const { totals } = data;
  if (totals.installs + totals.updates + totals.uninstalls + totals.downloads === 0) {
    return <Text color="gray">No workspace has downloaded or installed this app yet.</Text>;
  }
  // minWidth 0 all the way down: a table wider than a phone scrolls inside the dialog, never widens it.
  return (
    <Flex direction="column" gap="4" minWidth="0">
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
      <InstallsPerDay days={data.days} />
      {data.versions.length > 0 && <ActiveWorkspaces days={data.days} versions={data.versions} />}
    </Flex>
  );
}
