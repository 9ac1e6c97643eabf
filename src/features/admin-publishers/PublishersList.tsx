import { Badge, Box, Button, Flex, Heading, Link as ThemeLink, Table, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import type { Publisher } from '../../../contract/schemas/publisher';
import { DataTable } from '../../components/DataTable';
import { ListState } from '../../components/ListState';
import { Pager } from '../../components/Pager';
import { SearchBox } from '../../components/SearchBox';
import { formatMoney } from '../../lib/format';
import { useTablePageSize } from '../../lib/page-size';
import { adminPublisherQuery, adminPublishersQuery } from './api';
import { publishersText } from './strings';

const EditPublisherDrawer = lazy(() => import('./EditPublisherDrawer'));
const ContactDrawer = lazy(() => import('./ContactDrawer'));

/**
 * Publishers (SPEC §2): every publisher, searchable by name, a page sized to the window; edit and contact drawers.
 * The edit drawer follows the address (`edit`, the publisher's id: `onEdit` opens and closes it).
 */
export function PublishersList({
  page,
  q,
  edit,
  canUpdate,
  onSearch,
  onEdit,
}: {
  page: number;
  q: string;
  edit: string | undefined;
  canUpdate: boolean;
  onSearch: (next: { page: number; q: string }) => void;
  onEdit: (id: string | undefined) => void;
}) {
  const size = useTablePageSize();
  const { data, isPending, error } = useQuery(adminPublishersQuery(page, size, q));
  // The publisher being edited: its row on this page to start with, else (another page, a link) asked for.
  const editing = useQuery({
    ...adminPublisherQuery(edit ?? ''),
    enabled: canUpdate && !!edit,
    initialData: () => data?.data.find((p) => p._id === edit),
  }).data;
  const [contacting, setContacting] = useState<Publisher | null>(null);
  return (
    <Box p={{ initial: '3', sm: '6' }}>
      <Flex justify="between" align="center" mb="4" gap="3" wrap="wrap">
        <Heading as="h1" size="6">
          {publishersText.title}
        </Heading>
        <SearchBox q={q} label="Search publishers" placeholder="Search by name" onSearch={(next) => onSearch({ page: 1, q: next })} />
      </Flex>
      <ListState
        isPending={isPending}
        error={error}
        empty={data?.meta.total === 0}
        loading="Loading the publishers…"
        emptyTitle={q ? 'No matching publishers' : 'No publishers yet'}
        emptyText={q ? `No publisher name contains “${q}”.` : 'Publishers appear here when they sign up.'}
      >
        {data && (
          <>
            <DataTable caption="Publishers">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeaderCell>Name</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Location</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Available</Table.ColumnHeaderCell>
                  {canUpdate && <Table.ColumnHeaderCell>Actions</Table.ColumnHeaderCell>}
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {data.data.map((p) => (
                  <Table.Row key={p._id}>
                    <Table.RowHeaderCell>
                      <ThemeLink asChild>
                        <Link to="/publisher/admin/publishers/$id" params={{ id: p._id }}>
                          {p.name}
                        </Link>
                      </ThemeLink>
                    </Table.RowHeaderCell>
                    <Table.Cell>{[p.city, p.country].filter(Boolean).join(', ') || <Text color="gray">—</Text>}</Table.Cell>
                    <Table.Cell>
                      <Flex gap="1" wrap="wrap">
                        <Badge color={p.isRegistered ? 'green' : 'orange'} highContrast>
                          {p.isRegistered ? 'Registered' : 'Not registered'}
                        </Badge>
                        {p.stripeAccountId && (
                          <Badge color="indigo" highContrast>
                            Payouts connected
                          </Badge>
                        )}
                      </Flex>
                    </Table.Cell>
                    <Table.Cell>{formatMoney(p.stripeAvailableBalance)}</Table.Cell>
                    {canUpdate && (
                      <Table.Cell>
                        <Flex gap="2">
                          <Button size="1" variant="soft" onClick={() => onEdit(p._id)} aria-label={`Edit ${p.name}`}>
                            Edit
                          </Button>
                          <Button size="1" variant="soft" onClick={() => setContacting(p)} aria-label={`Contact ${p.name}`}>
                            Contact
                          </Button>
                        </Flex>
                      </Table.Cell>
                    )}
                  </Table.Row>
                ))}
              </Table.Body>
            </DataTable>
            <Pager page={page} size={size} total={data.meta.total} onPage={(p) => onSearch({ page: p, q })} />
          </>
        )}
      </ListState>
      <Suspense>
        {canUpdate && edit && editing && <EditPublisherDrawer key={edit} publisher={editing} onClose={() => onEdit(undefined)} />}
        {contacting && <ContactDrawer publisher={contacting} onClose={() => setContacting(null)} />}
      </Suspense>
    </Box>
  );
}
