import { Box } from '@radix-ui/themes';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { ProfileForm } from '../features/profile/ProfileForm';
import { meQuery } from '../lib/account';

export const Route = createFileRoute('/publisher/profile')({
  component: function Profile() {
    const { account } = Route.useRouteContext();
    const { data: me } = useSuspenseQuery(meQuery);
    if (!me) return null;
    return (
      <Box p={{ initial: '3', sm: '6' }}>
        <ProfileForm me={me} canUpdate={account.checks.can('developer', 'update')} />
      </Box>
    );
  },
});
