import { createFileRoute } from '@tanstack/react-router';
import { EmailTemplatesList } from '../features/admin-emails/EmailTemplatesList';
import { requireSystemRead } from '../lib/admin-access';
import { usePermissions } from '../lib/use-permissions';

export const Route = createFileRoute('/publisher/admin/emails')({
  beforeLoad: ({ context }) => requireSystemRead(context.account.checks, 'system:emailTemplates', 'email templates'),
  component: function EmailTemplates() {
    const { canCreate, canUpdate } = usePermissions('system:emailTemplates');
    return <EmailTemplatesList canCreate={canCreate} canUpdate={canUpdate} />;
  },
});
