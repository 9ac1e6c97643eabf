import { InfoCircledIcon } from '@radix-ui/react-icons';
import { Button, Callout, Flex, Spinner, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { AppVersion } from '../../../contract/schemas/app';
import { listingEditable } from '../../../machines/app-version-lifecycle';
import { listingReadOnlyReason } from '../../../machines/read-only';
import { Section } from '../../components/Section';
import { configQuery } from '../../lib/account';
import { errorToastText } from '../../lib/toast';
import { runtimeQuery } from './api';
import { listingQuery } from './listing-api';
import { ListingFields } from './ListingFields';
import { ListingPreview } from './ListingPreview';
import { listingText } from './listing-text';
import { ScreenshotsManager } from './ScreenshotsManager';

/** The edit wizard's first listing step (machines/app-wizard.ts: changes, details, info). */
const EDIT_LISTING_STEP = '1';

/**
 * The listing of the app's latest version as one thing (docs/packages-and-review.md, The listing): its fields, its
 * screenshots (added, ordered, captioned and removed here where the lifecycle machine offers SAVE_LISTING to the
 * publisher) and a preview of the app's page in Rocket.Chat's Marketplace. Elsewhere it is read-only and says why, in
 * the words of Edit info.
 */
export function ListingSection({ appId, version, canUpdate }: { appId: string; version: AppVersion; canUpdate: boolean }) {
  const listing = useQuery(listingQuery(appId, version.id));
  // What the version adds to a workspace, from starting it in Apps-Engine: the preview lists it once known.
  const runtime = useQuery(runtimeQuery(appId, version.id));
  const product = useQuery(configQuery).data?.productName ?? 'Rocket';
  const open = listingEditable(version.status, version.isBundle);
  const editable = canUpdate && open;
  const reason = canUpdate ? listingReadOnlyReason(version) : undefined;
  return (
    <Section title={listingText.title}>
      <Flex direction="column" gap="4">
        <Flex gap="3" align="center" justify="between" wrap="wrap">
          <Text as="p" size="2" color="gray">
            {listingText.intro(version.version, version.status === 'published')}
          </Text>
          {editable && (
            <Button asChild variant="soft">
              <Link to="/publisher/edit-details/app/$appId/{-$versionId}/{-$step}" params={{ appId, versionId: version.id, step: EDIT_LISTING_STEP }}>
                {listingText.edit}
              </Link>
            </Button>
          )}
        </Flex>
        {reason && (
          <Callout.Root color="gray" size="1" role="note">
            <Callout.Icon>
              <InfoCircledIcon />
            </Callout.Icon>
            <Callout.Text>{reason}</Callout.Text>
          </Callout.Root>
        )}
        {listing.isPending ? (
          <Flex align="center" gap="2" role="status">
            <Spinner />
            <Text color="gray">{listingText.loading}</Text>
          </Flex>
        ) : listing.isError ? (
          <Callout.Root color="red" role="alert">
            <Callout.Text>
              {listingText.failed} {errorToastText(listing.error)}
            </Callout.Text>
            <Flex>
              <Button size="1" variant="soft" color="red" onClick={() => void listing.refetch()}>
                {listingText.retry}
              </Button>
            </Flex>
          </Callout.Root>
        ) : (
          <>
            <ListingFields listing={listing.data} />
            <ScreenshotsManager appId={appId} versionId={version.id} shots={listing.data.screenshots} editable={editable} />
            <ListingPreview listing={listing.data} product={product} adds={runtime.data?.report?.adds} />
          </>
        )}
      </Flex>
    </Section>
  );
}
