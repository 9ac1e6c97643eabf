import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { accessText } from '../features/admin-dashboard/strings';
import { toast } from '../lib/toast';

/** The Administration area: read on system:administration, else 'Invalid Access Level' and back to apps. */
export const Route = createFileRoute('/publisher/admin')({
  beforeLoad: ({ context }) => {
    if (!context.account.checks.can('system:administration', 'read')) {
      toast.error(accessText.invalidAccess('administration'), accessText.invalidAccessTitle);
      throw redirect({ to: '/publisher/apps' });
    }
  },
  component: Outlet,
});
