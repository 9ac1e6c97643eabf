import { createFileRoute, redirect } from '@tanstack/react-router';
import { isStaffOnly } from '../lib/account';

export const Route = createFileRoute('/publisher/')({
  beforeLoad: ({ context }) => {
    // Staff without a publisher account start in the admin console.
    throw redirect({ to: isStaffOnly(context.account) ? '/publisher/admin' : '/publisher/apps' });
  },
});
