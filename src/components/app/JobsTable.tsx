import { Badge, Link as ThemeLink, Table, Text } from '@radix-ui/themes';
import { Link } from '@tanstack/react-router';
import type { z } from 'zod';
import type { CompileJob } from '../../../contract/schemas/app';
import { DataTable } from '../DataTable';
import { formatDateTime } from '../../lib/format';

const jobColor = { queued: 'gray', running: 'amber', succeeded: 'green', failed: 'red' } as const;

/** Compile jobs; duration in seconds (SPEC §9: ms / 1000). */
/** `showApp` adds the app's name and version (the staff list of every job). */
export function JobsTable({ jobs, showApp = false }: { jobs: z.infer<typeof CompileJob>[]; showApp?: boolean }) {
  if (!jobs.length) return <Text color="gray">No compile jobs yet.</Text>;
  return (
    <DataTable caption="Compile jobs">
      <Table.Header>
        <Table.Row>
          {showApp && <Table.ColumnHeaderCell>App</Table.ColumnHeaderCell>}
          <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>TS Version</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Engine Version</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Compile Duration (seconds)</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Requested At</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Finished At</Table.ColumnHeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {jobs.map((j) => (
          <Table.Row key={j.id}>
            {showApp && (
              <Table.RowHeaderCell>
                <ThemeLink asChild>
                  <Link to="/publisher/admin/apps/$id" params={{ id: j.appId }}>
                    {j.appName ?? j.appId} {j.appVersion && `v${j.appVersion}`}
                  </Link>
                </ThemeLink>
              </Table.RowHeaderCell>
            )}
            <Table.Cell>
              <Badge color={jobColor[j.status]} highContrast>
                {j.status}
              </Badge>
            </Table.Cell>
            <Table.Cell>{j.typeScriptVersion || '–'}</Table.Cell>
            <Table.Cell>{j.engineVersion || '–'}</Table.Cell>
            <Table.Cell>{(j.duration / 1000).toFixed(2)}</Table.Cell>
            <Table.Cell>{formatDateTime(j.requestedAt)}</Table.Cell>
            <Table.Cell>{j.finishedAt ? formatDateTime(j.finishedAt) : '–'}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </DataTable>
  );
}
