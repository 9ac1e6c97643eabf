import { Box, Grid } from '@radix-ui/themes';
import { useSuspenseQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ScreenHeader } from '../../components/ScreenHeader';
import { meQuery, publisherQuery } from '../../lib/account';
import { usePermissions } from '../../lib/use-permissions';
import { DevelopersCard, type TeamDialog } from './DevelopersCard';
import { PaymentsCard } from './PaymentsCard';
import { ProfileCard } from './ProfileCard';
import { infoText } from './strings';

/**
 * /publisher/info (SPEC §2 Publisher Profile): details, balances and the payment provider, the team; `children`
 * are the cards of other features below them (the route composes them: features do not import each other). The
 * team's dialogs follow the address: the route says which is open (`teamDialog`) and changes it (`onTeamDialog`).
 */
export function PublisherInfo({
  teamDialog,
  onTeamDialog,
  children,
}: {
  teamDialog: TeamDialog;
  onTeamDialog: (dialog: TeamDialog) => void;
  children?: ReactNode;
}) {
  const { data: publisher } = useSuspenseQuery(publisherQuery);
  const { data: me } = useSuspenseQuery(meQuery);
  const { canUpdate, canDelete } = usePermissions('publisher');
  if (!publisher || !me) return null;
  return (
    <Box p={{ initial: '3', sm: '6' }}>
      <ScreenHeader title={infoText.title} />
      <Grid columns={{ initial: '1', md: '2' }} gap="4" mb="4">
        <ProfileCard key={publisher._id} publisher={publisher} canUpdate={canUpdate} />
        <PaymentsCard publisher={publisher} canUpdate={canUpdate} />
      </Grid>
      <DevelopersCard canUpdate={canUpdate} canDelete={canDelete} meId={me._id} dialog={teamDialog} onDialog={onTeamDialog} />
      {children}
    </Box>
  );
}
