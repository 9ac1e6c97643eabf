import { Badge, Link as ThemeLink, Table, Text } from '@radix-ui/themes';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import type { CompileJob } from '../../../contract/schemas/app';
import { formatDateTime } from '../../lib/format';
import { DataTable } from '../DataTable';

const jobColor = { queued: 'gray', running: 'amber', succeeded: 'green', failed: 'red' } as const;

/** A long word (a pre-release version, a name without spaces) breaks anywhere, in a column still wide enough to read. */
const wraps = (minWidth: number) => ({ minWidth, overflowWrap: 'anywhere' }) as const;

/**
 * A time on one line; in the staff list (nine columns) it may break between its date and its time ("Nov 28,
 * 2026," over "07:55 AM"), never inside either.
 */
function Stamp({ iso, twoLines }: { iso: string; twoLines: boolean }) {
  const text = formatDateTime(iso);
  const at = text.lastIndexOf(', ');
  if (!twoLines || at < 0) return <span style={{ whiteSpace: 'nowrap' }}>{text}</span>;
  return (
    <>
      <span style={{ whiteSpace: 'nowrap' }}>{text.slice(0, at + 1)}</span> <span style={{ whiteSpace: 'nowrap' }}>{text.slice(at + 2)}</span>
    </>
  );
}

/** The staff list's nine columns in small type, headers on one line: they fit beside the navigation at 1366 px. */
const smallType = { fontSize: 'var(--font-size-1)', lineHeight: 'var(--line-height-1)' } as const;

function Head({ small, children }: { small: boolean; children: ReactNode }) {
  return <Table.ColumnHeaderCell style={small ? smallType : undefined}>{children}</Table.ColumnHeaderCell>;
}

function Cell({ small, minWidth, children }: { small: boolean; minWidth?: number; children: ReactNode }) {
  return <Table.Cell style={{ ...(small ? smallType : {}), ...(minWidth ? wraps(minWidth) : {}) }}>{children}</Table.Cell>;
}

/**
 * Compile jobs in SPEC §2's columns; duration in seconds (ms / 1000). `showApp` adds Name (the app's name
 * and version), Publisher and View App (the staff list of every job), in a small table of small type. Headers
 * stay on one line and long versions and names wrap (in the staff list a time too, between its date and its time),
 * so that the last column is on the screen at 1366 px (on a phone the table scrolls sideways, inside its frame).
 */
export function JobsTable({ jobs, showApp = false }: { jobs: z.infer<typeof CompileJob>[]; showApp?: boolean }) {
  if (!jobs.length) return <Text color="gray">No compile jobs yet.</Text>;
  const small = showApp;
  return (
    <DataTable caption="Compile jobs" size={showApp ? '1' : undefined}>
      <Table.Header>
        <Table.Row>
          {showApp && <Head small={small}>Name</Head>}
          {showApp && <Head small={small}>Publisher</Head>}
          <Head small={small}>TS Version</Head>
          <Head small={small}>Engine Version</Head>
          <Head small={small}>Status</Head>
          <Head small={small}>Compile Duration (seconds)</Head>
          <Head small={small}>Requested At</Head>
          <Head small={small}>Finished At</Head>
          {showApp && <Head small={small}>View App</Head>}
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {jobs.map((j) => {
          const name = `${j.appName ?? j.appId}${j.appVersion ? ` v${j.appVersion}` : ''}`;
          return (
            <Table.Row key={j.id}>
              {showApp && <Table.RowHeaderCell style={{ ...(small ? smallType : {}), ...wraps(88) }}>{name}</Table.RowHeaderCell>}
              {showApp && (
                <Cell small={small} minWidth={96}>
                  {j.publisherName ?? '–'}
                </Cell>
              )}
              <Cell small={small} minWidth={72}>
                {j.typeScriptVersion || '–'}
              </Cell>
              <Cell small={small} minWidth={72}>
                {j.engineVersion || '–'}
              </Cell>
              <Cell small={small}>
                <Badge color={jobColor[j.status]} highContrast>
                  {j.status}
                </Badge>
              </Cell>
              <Cell small={small}>{(j.duration / 1000).toFixed(2)}</Cell>
              <Cell small={small}>
                <Stamp iso={j.requestedAt} twoLines={small} />
              </Cell>
              <Cell small={small}>{j.finishedAt ? <Stamp iso={j.finishedAt} twoLines={small} /> : '–'}</Cell>
              {showApp && (
                <Cell small={small}>
                  <ThemeLink asChild style={{ whiteSpace: 'nowrap' }}>
                    <Link to="/publisher/admin/apps/$id" params={{ id: j.appId }} aria-label={`View App: ${name}`}>
                      View App
                    </Link>
                  </ThemeLink>
                </Cell>
              )}
            </Table.Row>
          );
        })}
      </Table.Body>
    </DataTable>
  );
}
