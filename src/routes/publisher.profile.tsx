import { Box } from '@radix-ui/themes';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { NotificationSettings } from '../features/profile/NotificationSettings';
import { ProfileForm } from '../features/profile/ProfileForm';
import { meQuery } from '../lib/account';
import { usePermissions } from '../lib/use-permissions';

export const Route = createFileRoute('/publisher/profile')({
  component: function Profile() {
    const { canUpdate } = usePermissions('developer');
    const { data: me } = useSuspenseQuery(meQuery);
    if (!me) return null;
    return (
      <Box p={{ initial: '3', sm: '6' }}>
        <ProfileForm me={me} canUpdate={canUpdate} />
        <NotificationSettings canUpdate={canUpdate} />
      </Box>
    );
  },
});
