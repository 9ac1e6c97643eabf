import { Box, Card, Flex, Heading, Link as ThemeLink, Table, Text } from '@radix-ui/themes';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { DataTable } from '../../components/DataTable';
import { Pager } from '../../components/Pager';
import { PageLoader } from '../../components/PageLoader';
import { StatusBadge } from '../../components/StatusBadge';
import { errorToastText } from '../../lib/toast';
import { formatDate, purchaseLabel } from '../../lib/format';
import { useTablePageSize } from '../../lib/page-size';
import { appsListQuery } from './api';

/** Apps list (SPEC §2): the publisher's apps, a page sized to the window. */
export function AppsList({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const size = useTablePageSize();
  const { data, isPending, error } = useQuery(appsListQuery(page, size));
  return (
    <Box p={{ initial: '3', sm: '6' }}>
      <Flex justify="between" align="center" mb="4">
        <Heading as="h1" size="6">
          Apps
        </Heading>
      </Flex>
      {isPending ? (
        <PageLoader label="Loading your apps…" />
      ) : error ? (
        <Card>
          <Text color="red" role="alert">
            {errorToastText(error)}
          </Text>
        </Card>
      ) : data.meta.total === 0 ? (
        <Card size="3">
          <Flex direction="column" align="center" gap="2" p="4">
            <Heading as="h2" size="4">
              No apps yet
            </Heading>
            <Text color="gray">Apps you upload appear here with their status, price and latest version.</Text>
          </Flex>
        </Card>
      ) : (
        <>
          <DataTable caption="Apps">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>Name</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Version</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Pricing</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Modified</Table.ColumnHeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {data.data.map((app) => (
                <Table.Row key={app.appId} align="center">
                  <Table.RowHeaderCell>
                    <Flex align="center" gap="3">
                      {app.latest.iconFileData && <img src={app.latest.iconFileData} alt="" width={32} height={32} style={{ borderRadius: 8 }} />}
                      <Flex direction="column">
                        <ThemeLink asChild weight="medium">
                          <Link to="/publisher/apps/$id" params={{ id: app.appId }}>
                            {app.latest.name}
                          </Link>
                        </ThemeLink>
                        <Text size="1" color="gray">
                          {app.latest.shortDescription}
                        </Text>
                      </Flex>
                    </Flex>
                  </Table.RowHeaderCell>
                  <Table.Cell>{app.latest.version}</Table.Cell>
                  <Table.Cell>
                    <StatusBadge status={app.latest.status} />
                  </Table.Cell>
                  <Table.Cell>
                    {purchaseLabel(app)}
                  </Table.Cell>
                  <Table.Cell>{formatDate(app.latest.modifiedDate)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </DataTable>
          <Pager page={page} size={size} total={data.meta.total} onPage={onPage} />
        </>
      )}
    </Box>
  );
}
