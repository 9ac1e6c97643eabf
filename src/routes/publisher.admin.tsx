import { createFileRoute, Outlet } from '@tanstack/react-router';
import { requireSystemRead } from '../lib/admin-access';

/** The Administration area: read on system:administration, else 'Invalid Access Level' and back to apps. */
export const Route = createFileRoute('/publisher/admin')({
  beforeLoad: ({ context }) => requireSystemRead(context.account.checks, 'system:administration', 'administration'),
  component: Outlet,
});
