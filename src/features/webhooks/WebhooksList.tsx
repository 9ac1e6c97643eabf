import { DotsHorizontalIcon, PlusIcon } from '@radix-ui/react-icons';
import { Badge, Box, Button, DropdownMenu, IconButton, Table } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import type { z } from 'zod';
import type { CreatedWebhook } from '../../../contract/schemas/webhook';
import { DataTable } from '../../components/DataTable';
import { ListState } from '../../components/ListState';
import { ScreenHeader } from '../../components/ScreenHeader';
import { usePermissions } from '../../lib/use-permissions';
import { webhooksQuery } from './api';
import { EventBadges } from './EventBadges';
import { SecretDialog } from './SecretDialog';
import { webhookText } from './strings';

const NewWebhookDrawer = lazy(() => import('./NewWebhookDrawer'));

/**
 * SPEC §3 Webhooks list: Label, Enabled (Yes/No), Url, Events and an actions menu (Details; Edit, disabled);
 * the empty state offers New Webhook. A new webhook's secret is shown once, then its page opens. The New Webhook
 * drawer follows the address: the route says whether it is open (`creating`) and opens or closes it (`onCreating`).
 */
export function WebhooksList({ creating, onCreating }: { creating: boolean; onCreating: (open: boolean) => void }) {
  const { data, isPending, error } = useQuery(webhooksQuery);
  const { canUpdate } = usePermissions('webhook');
  const navigate = useNavigate();
  const [created, setCreated] = useState<z.infer<typeof CreatedWebhook>>();
  const newButton = canUpdate && (
    <Button onClick={() => onCreating(true)}>
      <PlusIcon aria-hidden /> {webhookText.newWebhook}
    </Button>
  );
  return (
    <Box p={{ initial: '3', sm: '6' }}>
      <ScreenHeader title="Webhooks">{data && data.length > 0 && newButton}</ScreenHeader>
      <ListState
        isPending={isPending}
        error={error}
        empty={data?.length === 0}
        loading="Loading the webhooks…"
        emptyTitle={webhookText.empty}
        emptyText={webhookText.emptyText}
        emptyAction={newButton}
      >
        {data && (
          <DataTable caption="Webhooks">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>Label</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Enabled</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Url</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Events</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Actions</Table.ColumnHeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {data.map((w) => (
                <Table.Row key={w.id}>
                  <Table.RowHeaderCell>
                    <Link to="/publisher/webhooks/$id" params={{ id: w.id }}>
                      {w.label}
                    </Link>
                  </Table.RowHeaderCell>
                  <Table.Cell>
                    <Badge highContrast color={w.enabled ? 'green' : 'gray'}>
                      {w.enabled ? 'Yes' : 'No'}
                    </Badge>
                  </Table.Cell>
                  <Table.Cell style={{ wordBreak: 'break-all', minWidth: 200 }}>{w.url}</Table.Cell>
                  <Table.Cell>
                    <EventBadges events={w.for} />
                  </Table.Cell>
                  <Table.Cell>
                    <DropdownMenu.Root>
                      <DropdownMenu.Trigger>
                        <IconButton variant="ghost" aria-label={`Actions for ${w.label}`}>
                          <DotsHorizontalIcon />
                        </IconButton>
                      </DropdownMenu.Trigger>
                      <DropdownMenu.Content>
                        <DropdownMenu.Item onSelect={() => void navigate({ to: '/publisher/webhooks/$id', params: { id: w.id } })}>Details</DropdownMenu.Item>
                        <DropdownMenu.Item disabled>Edit</DropdownMenu.Item>
                      </DropdownMenu.Content>
                    </DropdownMenu.Root>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </DataTable>
        )}
      </ListState>
      {/* Only who may create webhooks sees the drawer, whatever the address says. */}
      {canUpdate && creating && (
        <Suspense fallback={null}>
          <NewWebhookDrawer
            onClose={() => onCreating(false)}
            onCreated={(made) => {
              onCreating(false);
              setCreated(made);
            }}
          />
        </Suspense>
      )}
      {created && (
        <SecretDialog
          secret={created.secret}
          note={`${created.label} is created. Copy its signing secret now: it is shown here once (owners can reveal it again on the webhook’s page).`}
          onClose={() => void navigate({ to: '/publisher/webhooks/$id', params: { id: created.id } })}
        />
      )}
    </Box>
  );
}
