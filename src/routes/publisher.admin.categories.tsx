import { createFileRoute } from '@tanstack/react-router';
import { CategoriesList } from '../features/admin-catalog/CategoriesList';
import { requireSystemRead } from '../lib/admin-access';
import { usePermissions } from '../lib/use-permissions';

export const Route = createFileRoute('/publisher/admin/categories')({
  beforeLoad: ({ context }) => requireSystemRead(context.account.checks, 'system:categories', 'categories'),
  component: function Categories() {
    const { canCreate } = usePermissions('system:categories');
    return <CategoriesList canCreate={canCreate} />;
  },
});
