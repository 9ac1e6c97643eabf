import { Badge, Link as ThemeLink, Table, Text } from '@radix-ui/themes';
import { Link } from '@tanstack/react-router';
import type { z } from 'zod';
import type { CompileJob } from '../../../contract/schemas/app';
import { formatDateTime } from '../../lib/format';
import { DataTable } from '../DataTable';

const jobColor = { queued: 'gray', running: 'amber', succeeded: 'green', failed: 'red' } as const;

/**
 * Compile jobs in SPEC §2's columns; duration in seconds (ms / 1000). `showApp` adds Name (the app's name
 * and version), Publisher and View App (the staff list of every job). Headers stay on one line.
 */
export function JobsTable({ jobs, showApp = false }: { jobs: z.infer<typeof CompileJob>[]; showApp?: boolean }) {
  if (!jobs.length) return <Text color="gray">No compile jobs yet.</Text>;
  return (
    <DataTable caption="Compile jobs">
      <Table.Header>
        <Table.Row>
          {showApp && <Table.ColumnHeaderCell>Name</Table.ColumnHeaderCell>}
          {showApp && <Table.ColumnHeaderCell>Publisher</Table.ColumnHeaderCell>}
          <Table.ColumnHeaderCell>TS Version</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Engine Version</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Compile Duration (seconds)</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Requested At</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Finished At</Table.ColumnHeaderCell>
          {showApp && <Table.ColumnHeaderCell>View App</Table.ColumnHeaderCell>}
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {jobs.map((j) => {
          const name = `${j.appName ?? j.appId}${j.appVersion ? ` v${j.appVersion}` : ''}`;
          return (
            <Table.Row key={j.id}>
              {showApp && <Table.RowHeaderCell>{name}</Table.RowHeaderCell>}
              {showApp && <Table.Cell>{j.publisherName ?? '–'}</Table.Cell>}
              <Table.Cell>{j.typeScriptVersion || '–'}</Table.Cell>
              <Table.Cell>{j.engineVersion || '–'}</Table.Cell>
              <Table.Cell>
                <Badge color={jobColor[j.status]} highContrast>
                  {j.status}
                </Badge>
              </Table.Cell>
              <Table.Cell>{(j.duration / 1000).toFixed(2)}</Table.Cell>
              <Table.Cell>{formatDateTime(j.requestedAt)}</Table.Cell>
              <Table.Cell>{j.finishedAt ? formatDateTime(j.finishedAt) : '–'}</Table.Cell>
              {showApp && (
                <Table.Cell>
                  <ThemeLink asChild>
                    <Link to="/publisher/admin/apps/$id" params={{ id: j.appId }} aria-label={`View App: ${name}`}>
                      View App
                    </Link>
                  </ThemeLink>
                </Table.Cell>
              )}
            </Table.Row>
          );
        })}
      </Table.Body>
    </DataTable>
  );
}
