import { ReloadIcon } from '@radix-ui/react-icons';
import { Badge, Button, Flex, Heading, Select, Table, Text, TextArea } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import type { WebhookActivity } from '../../../contract/schemas/webhook';
import { DataTable } from '../../components/DataTable';
import { InfoDialog } from '../../components/InfoDialog';
import { ListState } from '../../components/ListState';
import { Pager } from '../../components/Pager';
import { toApiError } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { PAGE_SIZES } from '../../lib/search';
import { toast } from '../../lib/toast';
import { activitiesQuery, useResendActivity } from './api';
import { eventLabels, statusColors, webhookText } from './strings';

type Activity = z.infer<typeof WebhookActivity>;

/** SPEC §8: '{error} ({code})' when the server said why, else the screen's own text. */
export const failureText = (err: unknown, fallback: string) => {
  const e = toApiError(err);
  return e.body?.error ? `${e.body.error} (${e.code})` : fallback;
};

function prettyJson(value: unknown) {
  return JSON.stringify(value, null, 2);
}

function prettyResponse(a: Activity) {
  if (!a.response.response) return '(empty)';
  if (a.response.responseType.includes('json')) {
    try {
      return prettyJson(JSON.parse(a.response.response));
    } catch {
      /* shown as it came */
    }
  }
  return a.response.response;
}

function ReadOnly({ title, description, label, text, onClose }: { title: string; description: string; label: string; text: string; onClose: () => void }) {
  return (
    <InfoDialog title={title} description={description} maxWidth="720px" onClose={onClose}>
      <TextArea readOnly aria-label={label} value={text} rows={16} style={{ fontFamily: 'var(--code-font-family)', fontSize: 13 }} />
    </InfoDialog>
  );
}

const attemptsText = (a: Activity) =>
  a.attempts.length === 0
    ? 'Not attempted yet.'
    : `${a.attempts.length} attempt${a.attempts.length === 1 ? '' : 's'}${a.nextAttemptAt ? `; next ${formatDateTime(a.nextAttemptAt)}` : ''}`;

/**
 * SPEC §3 Activity Logs: Event ID, Event, Status, Status Code, When, View Payload, View server Response,
 * Resend (hidden once resent); a page size changer (default 25); payload and response in read-only modals.
 */
export function ActivityLog({
  webhookId,
  page,
  size,
  canResend,
  onPage,
}: {
  webhookId: string;
  page: number;
  size: number;
  canResend: boolean;
  onPage: (page: number, size: number) => void;
}) {
  const { data, isPending, error, refetch, isFetching } = useQuery(activitiesQuery(webhookId, page, size));
  const [open, setOpen] = useState<{ kind: 'payload' | 'response'; activity: Activity }>();
  const resend = useResendActivity(webhookId);
  return (
    <>
      <Flex justify="between" align="center" mb="3" gap="3">
        <Heading as="h2" size="4">
          Activity Logs
        </Heading>
        <Button variant="soft" onClick={() => void refetch()} loading={isFetching && !isPending}>
          <ReloadIcon aria-hidden /> Refresh
        </Button>
      </Flex>
      <ListState
        isPending={isPending}
        error={null}
        empty={!error && data?.meta.total === 0}
        loading="Loading the activity logs…"
        emptyTitle="No deliveries yet"
        emptyText="Each event this webhook listens to is logged here as it is delivered. Send a test event to see one now."
      >
        {error ? (
          <Text as="p" color="red" role="alert">
            {failureText(error, webhookText.listFailed)}
          </Text>
        ) : (
          data && (
            // The small table: its eight columns (times on one line, long ids wrapping) fit beside the navigation at
            // 1366 px, Resend included; on a phone it scrolls sideways inside its frame.
            <DataTable caption="Activity Logs" size="1">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeaderCell>Event ID</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Event</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Status Code</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>When</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>View Payload</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>View server Response</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Resend</Table.ColumnHeaderCell>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {data.data.map((a) => (
                  <Table.Row key={a.id}>
                    {/* A long id wraps anywhere, in a column wide enough to read it (not a letter a line). */}
                    <Table.RowHeaderCell style={{ minWidth: 104 }}>
                      <Text size="1" style={{ fontFamily: 'var(--code-font-family)', overflowWrap: 'anywhere' }}>
                        {a.event.id}
                      </Text>
                    </Table.RowHeaderCell>
                    <Table.Cell title={a.event.type}>{eventLabels[a.event.type] ?? a.event.type}</Table.Cell>
                    <Table.Cell>
                      <Flex direction="column" gap="1" align="start">
                        <Badge highContrast color={statusColors[a.status]}>
                          {a.status}
                        </Badge>
                        <Text size="1" color="gray">
                          {attemptsText(a)}
                        </Text>
                      </Flex>
                    </Table.Cell>
                    <Table.Cell>{a.response.statusCode || '—'}</Table.Cell>
                    <Table.Cell style={{ whiteSpace: 'nowrap' }}>{formatDateTime(a.createdAt)}</Table.Cell>
                    <Table.Cell>
                      <Button size="1" variant="soft" onClick={() => setOpen({ kind: 'payload', activity: a })} aria-label={`View Payload of ${a.event.id}`}>
                        View Payload
                      </Button>
                    </Table.Cell>
                    <Table.Cell>
                      <Button
                        size="1"
                        variant="soft"
                        onClick={() => setOpen({ kind: 'response', activity: a })}
                        aria-label={`View server Response to ${a.event.id}`}
                      >
                        View server Response
                      </Button>
                    </Table.Cell>
                    <Table.Cell>
                      {!a.resent && canResend && (
                        <Button
                          size="1"
                          variant="soft"
                          loading={resend.isPending && resend.variables === a.id}
                          onClick={() =>
                            resend.mutate(a.id, {
                              onSuccess: () => toast.success(webhookText.resendQueued),
                              onError: (err) => toast.error(failureText(err, webhookText.resendFailed)),
                            })
                          }
                          aria-label={`Resend ${a.event.id}`}
                        >
                          Resend
                        </Button>
                      )}
                      {a.resent && (
                        <Text size="1" color="gray">
                          Resent
                        </Text>
                      )}
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </DataTable>
          )
        )}
      </ListState>
      {data && data.meta.total > 0 && (
        <Flex justify="end" align="center" gap="3" wrap="wrap">
          <Flex align="center" gap="2" mt="3">
            <Text as="label" size="2" htmlFor="activity-page-size" color="gray">
              Rows per page
            </Text>
            <Select.Root value={String(size)} onValueChange={(v) => onPage(1, Number(v))}>
              <Select.Trigger id="activity-page-size" />
              <Select.Content>
                {PAGE_SIZES.map((n) => (
                  <Select.Item key={n} value={String(n)}>
                    {n}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
          </Flex>
          <Pager page={page} size={size} total={data.meta.total} onPage={(p) => onPage(p, size)} />
        </Flex>
      )}
      {open?.kind === 'payload' && (
        <ReadOnly
          title="Payload"
          description={`The body sent for ${open.activity.event.id} (${open.activity.event.type}).`}
          label="Payload"
          text={prettyJson(open.activity.payload)}
          onClose={() => setOpen(undefined)}
        />
      )}
      {open?.kind === 'response' && (
        <ReadOnly
          title="Server Response"
          description={`What the endpoint answered${open.activity.response.statusCode ? ` (${open.activity.response.statusCode}${open.activity.response.responseType ? `, ${open.activity.response.responseType}` : ''})` : ''}.`}
          label="Server response"
          text={prettyResponse(open.activity)}
          onClose={() => setOpen(undefined)}
        />
      )}
    </>
  );
}
