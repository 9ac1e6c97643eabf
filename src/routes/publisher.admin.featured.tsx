import { createFileRoute } from '@tanstack/react-router';
import { FeaturedSections } from '../features/admin-catalog/FeaturedSections';
import { requireSystemRead } from '../lib/admin-access';
import { usePermissions } from '../lib/use-permissions';

export const Route = createFileRoute('/publisher/admin/featured')({
  beforeLoad: ({ context }) => requireSystemRead(context.account.checks, 'system:featured', 'featured sections'),
  component: function Featured() {
    const { canCreate, canDelete } = usePermissions('system:featured');
    return <FeaturedSections canCreate={canCreate} canDelete={canDelete} />;
  },
});
