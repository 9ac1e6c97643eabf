import { Badge, Box, Button, Checkbox, Flex, Link as ThemeLink, Select, Table, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import type { ReviewQueueItem } from '../../../contract/schemas/review';
import { DataTable } from '../../components/DataTable';
import { ListState } from '../../components/ListState';
import { Pager } from '../../components/Pager';
import { ScreenHeader } from '../../components/ScreenHeader';
import { SearchBox } from '../../components/SearchBox';
import { formatDateTime } from '../../lib/format';
import { useTablePageSize } from '../../lib/page-size';
import { toast } from '../../lib/toast';
import { reviewQueueQuery, useAssignReview, type ReviewSearch } from './api';
import { PublishChecks } from './PublishChecks';
import { findingsText, reviewText, waitingText } from './strings';

const assigneeOptions = [
  { value: 'anyone', label: 'Anyone' },
  { value: 'me', label: 'Assigned to me' },
  { value: 'nobody', label: 'Unassigned' },
] as const;

/** An overdue row: a Radix colour behind it (its badge says so in words). */
const overdueRow = { backgroundColor: 'var(--amber-a3)' };

/**
 * Staff review (docs/packages-and-review.md, The review queue): the versions waiting for review, the longest waiting first (the server's order), each
 * with its wait, its findings and its reviewer; filters and page in the address. Below, the publish checks' settings.
 */
export function ReviewQueue({ search, onSearch }: { search: ReviewSearch; onSearch: (next: ReviewSearch) => void }) {
  const size = useTablePageSize();
  const { data, isPending, error } = useQuery(reviewQueueQuery(search, size));
  const assign = useAssignReview();
  const onAssign = (item: ReviewQueueItem, take: boolean) =>
    assign.mutate(
      { item, take },
      {
        onSuccess: (saved) => toast.success((take ? reviewText.assigned : reviewText.released)(`${saved.appName} ${saved.version}`)),
        // A 409 (the version was reviewed meanwhile) says so; the queue is read again either way.
        onError: (err) => toast.apiError(err),
      },
    );
  const assigneeId = useId();
  const filtered = !!(search.q || search.assignee || search.overdue);
  const filter = (next: Partial<ReviewSearch>) => onSearch({ ...search, ...next, page: 1 });
  return (
    <Box p={{ initial: '3', sm: '6' }}>
      <ScreenHeader title={reviewText.title} />
      {data && (
        <Text as="p" size="2" color="gray" mb="3" aria-live="polite">
          {reviewText.summary(data.meta.total, data.overdueCount, data.targetHours)}
        </Text>
      )}
      <Flex gap="4" align="center" wrap="wrap" mb="4">
        <SearchBox q={search.q} label="Search the queue" placeholder="Search by app or publisher" onSearch={(q) => filter({ q })} />
        <Flex align="center" gap="2">
          <Text as="label" htmlFor={assigneeId} size="2" weight="medium">
            Assignee
          </Text>
          <Select.Root value={search.assignee ?? 'anyone'} onValueChange={(v) => filter({ assignee: v === 'me' || v === 'nobody' ? v : undefined })}>
            <Select.Trigger id={assigneeId} />
            <Select.Content position="popper">
              {assigneeOptions.map((o) => (
                <Select.Item key={o.value} value={o.value}>
                  {o.label}
                </Select.Item>
              ))}
            </Select.Content>
          </Select.Root>
        </Flex>
        <Text as="label" size="2">
          <Flex gap="2" align="center">
            <Checkbox checked={!!search.overdue} onCheckedChange={(on) => filter({ overdue: on === true || undefined })} />
            Only overdue
          </Flex>
        </Text>
      </Flex>
      <ListState
        isPending={isPending}
        error={error}
        empty={data?.meta.total === 0}
        loading={reviewText.loading}
        emptyTitle={filtered ? reviewText.noMatchTitle : reviewText.emptyTitle}
        emptyText={filtered ? reviewText.noMatch : reviewText.empty}
      >
        {data && (
          <>
            <DataTable caption="Versions waiting for review">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeaderCell>App</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Version</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Publisher</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Waiting</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Findings</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Assignee</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Actions</Table.ColumnHeaderCell>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {data.data.map((item) => (
                  <QueueRow key={item.internalId} item={item} targetHours={data.targetHours} onAssign={(take) => onAssign(item, take)} />
                ))}
              </Table.Body>
            </DataTable>
            <Pager page={search.page} size={size} total={data.meta.total} onPage={(page) => onSearch({ ...search, page })} />
          </>
        )}
      </ListState>
      <PublishChecks />
    </Box>
  );
}

function QueueRow({ item, targetHours, onAssign }: { item: ReviewQueueItem; targetHours: number; onAssign: (take: boolean) => void }) {
  const name = `${item.appName} ${item.version}`;
  return (
    <Table.Row align="center" style={item.overdue ? overdueRow : undefined}>
      <Table.RowHeaderCell>
        <Flex align="center" gap="3">
          {item.iconThumbnail && <img src={item.iconThumbnail} alt="" width={32} height={32} style={{ borderRadius: 8 }} />}
          <ThemeLink asChild weight="medium">
            <Link to={item.isBundle ? '/publisher/admin/bundles/$id' : '/publisher/admin/apps/$id'} params={{ id: item.appId }}>
              {item.appName}
            </Link>
          </ThemeLink>
        </Flex>
      </Table.RowHeaderCell>
      <Table.Cell>{item.version}</Table.Cell>
      <Table.Cell>
        <Flex direction="column" align="start" gap="1">
          {item.publisher.label}
          {item.firstTimePublisher && (
            <Badge color="blue" highContrast>
              {reviewText.firstTime}
            </Badge>
          )}
        </Flex>
      </Table.Cell>
      <Table.Cell>
        <Flex direction="column" align="start" gap="1">
          <span title={`Submitted ${formatDateTime(item.waitingSince)}`}>{waitingText(item.waitingHours)}</span>
          {item.overdue && (
            <Badge color="amber" highContrast>
              {reviewText.overdue(targetHours)}
            </Badge>
          )}
        </Flex>
      </Table.Cell>
      <Table.Cell>{findingsText(item.findings)}</Table.Cell>
      <Table.Cell>{item.assignee ? item.assignee.name : <Text color="gray">{reviewText.unassigned}</Text>}</Table.Cell>
      <Table.Cell>
        <Button
          size="1"
          variant="soft"
          onClick={() => onAssign(!item.assignee)}
          aria-label={`${item.assignee ? reviewText.unassign : reviewText.assign}: ${name}`}
        >
          {item.assignee ? reviewText.unassign : reviewText.assign}
        </Button>
      </Table.Cell>
    </Table.Row>
  );
}
