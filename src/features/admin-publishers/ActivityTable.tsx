import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PagedTable } from '../../components/PagedTable';
import { activitySentence } from './activity-sentences';
import { formatDateTime } from '../../lib/format';
import { ACTIVITY_PAGE_SIZE, publisherActivityQuery } from './api';

/** What staff did to the publisher (edits, mail, roles, payouts) and what it asked of them, in sentences, newest first. */
export function ActivityTable({ publisherId }: { publisherId: string }) {
  const [number, setPage] = useState(1);
  const { data, isPending, error } = useQuery(publisherActivityQuery(publisherId, number));
  return (
    <PagedTable
      page={{ data, isPending, number, size: ACTIVITY_PAGE_SIZE }}
      error={error}
      onPage={setPage}
      caption="Activity log"
      headers={['When', 'Who', 'What']}
      row={(line) => [formatDateTime(line.when), line.userName, activitySentence(line.action, line.extra)]}
      loading="Loading the activity log…"
      emptyTitle="No activity yet"
      emptyText="Every staff action on this publisher is written here: who, what, when and the details."
    />
  );
}
