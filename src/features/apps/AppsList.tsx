import { Box, Button, Flex, Heading } from '@radix-ui/themes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { AppsTable } from '../../components/app/AppsTable';
import { UploadPackageDialog } from '../../components/app/UploadPackageDialog';
import { ListState } from '../../components/ListState';
import { Pager } from '../../components/Pager';
import { useTablePageSize } from '../../lib/page-size';
import { toast } from '../../lib/toast';
import { appsListQuery } from './api';

/** Apps list (SPEC §2): the publisher's apps, a page sized to the window; New App with app create permission. */
export function AppsList({ page, onPage, canCreate }: { page: number; onPage: (page: number) => void; canCreate: boolean }) {
  const size = useTablePageSize();
  const { data, isPending, error } = useQuery(appsListQuery(page, size));
  const [uploading, setUploading] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <Box p={{ initial: '3', sm: '6' }}>
      <Flex justify="between" align="center" mb="4" gap="3" wrap="wrap">
        <Heading as="h1" size="6">
          Apps
        </Heading>
        {canCreate && <Button onClick={() => setUploading(true)}>New App</Button>}
      </Flex>
      <ListState
        isPending={isPending}
        error={error}
        empty={data?.meta.total === 0}
        loading="Loading your apps…"
        emptyTitle="No apps yet"
        emptyText="Apps you upload appear here with their status, price and latest version."
      >
        {data && (
          <>
            <AppsTable apps={data.data} to="/publisher/apps/$id" />
            <Pager page={page} size={size} total={data.meta.total} onPage={onPage} />
          </>
        )}
      </ListState>
      {uploading && (
        <UploadPackageDialog
          target={{ kind: 'new' }}
          onClose={() => setUploading(false)}
          onUploaded={(app) => {
            void queryClient.invalidateQueries({ queryKey: ['apps'] });
            toast.success(`${app.latest.name} v${app.latest.version} is uploaded and compiling.`);
            void navigate({ to: '/publisher/apps/$id', params: { id: app.appId } });
          }}
        />
      )}
    </Box>
  );
}
