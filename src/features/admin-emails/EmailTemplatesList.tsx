import { Badge, Box, Button, Code, Flex, Table } from '@radix-ui/themes';
import { VisuallyHidden } from 'radix-ui';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { DataTable } from '../../components/DataTable';
import { ScreenHeader } from '../../components/ScreenHeader';
import { ListState } from '../../components/ListState';
import { emailTemplatesQuery, type EmailSearch } from './api';
import { emailText } from './strings';

// The editor (its form, layout select and preview) loads when it is opened, not with the list.
const EmailTemplateDrawer = lazy(() =>
  import('./EmailTemplateDrawer').then((m) => ({
    default: m.EmailTemplateDrawer,
  })),
);

/**
 * Email Templates (SPEC §2): the list, and a drawer to create one or edit one. Which is open is the address's
 * (`search`: `?edit=<id>`, `?new=1`); `onSearch` opens or closes the drawer.
 */
export function EmailTemplatesList({
  canCreate,
  canUpdate,
  search,
  onSearch,
}: {
  canCreate: boolean;
  canUpdate: boolean;
  search: EmailSearch;
  onSearch: (next: EmailSearch) => void;
}) {
  const { data, isPending, error } = useQuery(emailTemplatesQuery);
  // A template the list does not hold (yet, or any more) opens nothing.
  const editing = search.new ? (canCreate ? 'new' : null) : search.edit ? (data?.find((t) => t.id === search.edit) ?? null) : null;
  const open = (next: Pick<EmailSearch, 'edit' | 'new'>) => onSearch({ ...search, edit: undefined, new: undefined, ...next });
  return (
    <Box p={{ initial: '3', sm: '6' }}>
      <ScreenHeader title={emailText.title}>{canCreate && <Button onClick={() => open({ new: 1 })}>New</Button>}</ScreenHeader>
      <ListState
        isPending={isPending}
        error={error}
        empty={data?.length === 0}
        loading="Loading the email templates…"
        emptyTitle="No email templates yet"
        emptyText="Notifications are rendered from templates; create the first one."
      >
        {data && (
          <DataTable caption="Email templates">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>Name</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Layout</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Subject</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>
                  <VisuallyHidden.Root>Actions</VisuallyHidden.Root>
                </Table.ColumnHeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {data.map((t) => (
                <Table.Row key={t.id}>
                  <Table.RowHeaderCell>
                    <Flex gap="2" align="center" wrap="wrap">
                      <Code variant="ghost">{t.name}</Code>
                      {t.lastRenderError && <Badge color="red">{emailText.renderFailedBadge}</Badge>}
                    </Flex>
                  </Table.RowHeaderCell>
                  <Table.Cell>{t.layout || '—'}</Table.Cell>
                  <Table.Cell>{t.subject || '—'}</Table.Cell>
                  <Table.Cell>
                    <Button variant="soft" size="1" onClick={() => open({ edit: t.id })} aria-label={`${canUpdate ? 'Edit' : 'View'} ${t.name}`}>
                      {canUpdate ? 'Edit' : 'View'}
                    </Button>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </DataTable>
        )}
      </ListState>
      {editing && (
        <Suspense fallback={null}>
          <EmailTemplateDrawer
            // Another template (back and forward) is another form.
            key={editing === 'new' ? 'new' : editing.id}
            template={editing === 'new' ? null : editing}
            templates={data ?? []}
            readOnly={editing === 'new' ? !canCreate : !canUpdate}
            onClose={() => open({})}
          />
        </Suspense>
      )}
    </Box>
  );
}
