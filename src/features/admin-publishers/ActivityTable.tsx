import { Code } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PagedTable } from '../../components/PagedTable';
import { formatDetails } from '../../lib/details';
import { formatDateTime } from '../../lib/format';
import { ACTIVITY_PAGE_SIZE, publisherActivityQuery } from './api';

/** What staff did to the publisher (edits, mail, roles, payouts), newest first. */
export function ActivityTable({ publisherId }: { publisherId: string }) {
  const [number, setPage] = useState(1);
  const { data, isPending, error } = useQuery(publisherActivityQuery(publisherId, number));
  return (
    <PagedTable
      page={{ data, isPending, number, size: ACTIVITY_PAGE_SIZE }}
      error={error}
      onPage={setPage}
      caption="Activity log"
      headers={['When', 'Who', 'Action', 'Details']}
      row={(line) => [formatDateTime(line.when), line.userName, <Code variant="ghost">{line.action}</Code>, formatDetails(line.extra) || '–']}
      loading="Loading the activity log…"
      emptyTitle="No activity yet"
      emptyText="Every staff action on this publisher is written here: who, what, when and the details."
    />
  );
}
