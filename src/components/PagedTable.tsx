import { Table } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { DataTable } from './DataTable';
import { ListState } from './ListState';
import { Pager } from './Pager';

type Page<T> = { data: T[]; meta: { total: number } };

/** A table paged from `limit`/`offset` (`page.size` a page), with its loading, error and empty states. */
export function PagedTable<T extends { id: string }>({
  page,
  error,
  onPage,
  caption,
  headers,
  row,
  ...states
}: {
  page: { data: Page<T> | undefined; isPending: boolean; number: number; size: number };
  error: unknown;
  onPage: (page: number) => void;
  caption: string;
  headers: string[];
  row: (item: T) => ReactNode[];
  loading: string;
  emptyTitle: string;
  emptyText: string;
}) {
  const { data } = page;
  return (
    <ListState isPending={page.isPending} error={error} empty={data?.meta.total === 0} {...states}>
      {data && (
        <>
          <DataTable caption={caption}>
            <Table.Header>
              <Table.Row>
                {headers.map((h) => (
                  <Table.ColumnHeaderCell key={h}>{h}</Table.ColumnHeaderCell>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {data.data.map((item) => {
                const [first, ...rest] = row(item);
                return (
                  <Table.Row key={item.id}>
                    <Table.RowHeaderCell>{first}</Table.RowHeaderCell>
                    {rest.map((cell, i) => (
                      <Table.Cell key={i}>{cell}</Table.Cell>
                    ))}
                  </Table.Row>
                );
              })}
            </Table.Body>
          </DataTable>
          <Pager page={page.number} size={page.size} total={data.meta.total} onPage={onPage} />
        </>
      )}
    </ListState>
  );
}
