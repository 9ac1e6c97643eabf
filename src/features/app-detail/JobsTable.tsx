import { Badge, Table, Text } from '@radix-ui/themes';
import type { z } from 'zod';
import type { CompileJob } from '../../../contract/schemas/app';
import { DataTable } from '../../components/DataTable';
import { formatDateTime } from '../../lib/format';

const jobColor = { queued: 'gray', running: 'amber', succeeded: 'green', failed: 'red' } as const;

/** Compile jobs; duration in seconds (SPEC §9: ms / 1000). */
export function JobsTable({ jobs }: { jobs: z.infer<typeof CompileJob>[] }) {
  if (!jobs.length) return <Text color="gray">No compile jobs yet.</Text>;
  return (
    <DataTable caption="Compile jobs">
      <Table.Header>
        <Table.Row>
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
            <Table.RowHeaderCell>
              <Badge color={jobColor[j.status]} highContrast>
                {j.status}
              </Badge>
            </Table.RowHeaderCell>
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
