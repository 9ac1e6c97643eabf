import { Flex, Link as ThemeLink, Table, Text } from '@radix-ui/themes';
import { Link } from '@tanstack/react-router';
import type { z } from 'zod';
import type { ReactNode } from 'react';
import type { App } from '../../../contract/schemas/app';
import { formatDate, purchaseLabel } from '../../lib/format';
import { DataTable } from '../DataTable';
import { StatusBadge } from '../StatusBadge';

/** Apps with their latest version; names link to the publisher's or staff's detail screen. */
export function AppsTable({
  apps,
  to,
  showPublisher = false,
  caption = 'Apps',
  actions,
}: {
  apps: z.infer<typeof App>[];
  to: '/publisher/apps/$id' | '/publisher/admin/apps/$id' | '/publisher/bundles/$id' | '/publisher/admin/bundles/$id';
  showPublisher?: boolean;
  caption?: string;
  /** A last column of controls per app (staff operations). */
  actions?: (app: z.infer<typeof App>) => ReactNode;
}) {
  return (
    <DataTable caption={caption}>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell>Name</Table.ColumnHeaderCell>
          {showPublisher && <Table.ColumnHeaderCell>Publisher</Table.ColumnHeaderCell>}
          <Table.ColumnHeaderCell>Version</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Pricing</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Modified</Table.ColumnHeaderCell>
          {actions && <Table.ColumnHeaderCell>Actions</Table.ColumnHeaderCell>}
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {apps.map((app) => (
          <Table.Row key={app.appId} align="center">
            <Table.RowHeaderCell>
              <Flex align="center" gap="3">
                {app.latest.iconThumbnail && <img src={app.latest.iconThumbnail} alt="" width={32} height={32} style={{ borderRadius: 8 }} />}
                <Flex direction="column">
                  <ThemeLink asChild weight="medium">
                    <Link to={to} params={{ id: app.appId }}>
                      {app.latest.name}
                    </Link>
                  </ThemeLink>
                  <Text size="1" color="gray">
                    {app.latest.shortDescription}
                  </Text>
                </Flex>
              </Flex>
            </Table.RowHeaderCell>
            {showPublisher && <Table.Cell>{app.publisher.label}</Table.Cell>}
            <Table.Cell>{app.latest.version}</Table.Cell>
            <Table.Cell>
              <StatusBadge status={app.latest.status} />
            </Table.Cell>
            <Table.Cell>{purchaseLabel(app)}</Table.Cell>
            <Table.Cell>{formatDate(app.latest.modifiedDate)}</Table.Cell>
            {actions && <Table.Cell>{actions(app)}</Table.Cell>}
          </Table.Row>
        ))}
      </Table.Body>
    </DataTable>
  );
}
