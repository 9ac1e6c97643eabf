import { Badge, Box, Button, Code, Flex, Table } from '@radix-ui/themes';
import { VisuallyHidden } from 'radix-ui';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import type { z } from 'zod';
import type { EmailTemplate } from '../../../contract/schemas/catalog';
import { DataTable } from '../../components/DataTable';
import { ScreenHeader } from '../../components/ScreenHeader';
import { ListState } from '../../components/ListState';
import { emailTemplatesQuery } from './api';
import { emailText } from './strings';

type Template = z.infer<typeof EmailTemplate>;

// The editor (its form, layout select and preview) loads when it is opened, not with the list.
const EmailTemplateDrawer = lazy(() =>
  import('./EmailTemplateDrawer').then((m) => ({
    default: m.EmailTemplateDrawer,
  })),
);

/** Email Templates (SPEC §2): the list, and a drawer to create one or edit one. */
export function EmailTemplatesList({ canCreate, canUpdate }: { canCreate: boolean; canUpdate: boolean }) {
  const { data, isPending, error } = useQuery(emailTemplatesQuery);
  const [editing, setEditing] = useState<Template | 'new' | null>(null);
  return (
    <Box p={{ initial: '3', sm: '6' }}>
      <ScreenHeader title={emailText.title}>{canCreate && <Button onClick={() => setEditing('new')}>New</Button>}</ScreenHeader>
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
                    <Button variant="soft" size="1" onClick={() => setEditing(t)} aria-label={`${canUpdate ? 'Edit' : 'View'} ${t.name}`}>
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
            template={editing === 'new' ? null : editing}
            templates={data ?? []}
            readOnly={editing === 'new' ? !canCreate : !canUpdate}
            onClose={() => setEditing(null)}
          />
        </Suspense>
      )}
    </Box>
  );
}
