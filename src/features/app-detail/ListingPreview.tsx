import { ArrowLeftIcon, ArrowRightIcon } from '@radix-ui/react-icons';
import { Badge, Box, Card, Flex, Heading, IconButton, Link, Text } from '@radix-ui/themes';
import { useId, useState, type ReactNode } from 'react';
import type { ListingPreview as Listing } from '../../../contract/schemas/listing';
import type { RuntimeAdds } from '../../../contract/schemas/runtime';
import { WorkspaceAdds } from '../../components/app/WorkspaceAdds';
import { listingHref } from './listing-links';
import { listingText } from './listing-text';
import { RenderedText } from './RenderedText';

const T = listingText.preview;

/**
 * The listing as Rocket.Chat's Marketplace shows the app's page, laid out as Rocket.Chat's own
 * `apps/meteor/client/views/marketplace/AppDetailsPage` does (RocketChat/Rocket.Chat): the header of
 * AppDetailsPageHeader.tsx (icon, name, short description, "author | Version x"), then tabs/AppDetails/AppDetails.tsx
 * (the screenshots as components/ScreenshotCarouselAnchor.tsx shows them — one at a time, "1 of N" —, Description
 * rendered, Categories as chips, Contact: Author Site, Support, Documentation) and the Privacy summary of
 * tabs/AppSecurity/AppSecurity.tsx. The fields are the catalog's (GET /v1/apps/:id, /v1/apps/:id/screenshots). `adds`, once the
 * version has been started in Apps-Engine: what it adds to a workspace, as its administrator reads it (no timings).
 */
export function ListingPreview({ listing, product, adds }: { listing: Listing; product: string; adds?: RuntimeAdds }) {
  const headingId = useId();
  const shots = listing.screenshots;
  const [shown, setShown] = useState(0);
  const index = Math.min(shown, Math.max(shots.length - 1, 0));
  const current = shots[index];
  const contact = (
    [
      [T.authorSite, listing.author.homepage],
      [T.support, listing.author.support],
      [T.documentation, listing.documentationUrl],
    ] as const
  ).filter(([, value]) => value.trim() !== '');
  return (
    <Flex asChild direction="column" gap="2">
      <section aria-labelledby={headingId}>
        <Heading as="h3" size="3" id={headingId}>
          {T.title(product)}
        </Heading>
        <Text as="p" size="2" color="gray">
          {T.intro}
        </Text>
        <Card size={{ initial: '2', sm: '4' }} className="listing-preview">
          <Flex direction="column" gap="5" maxWidth="640px" mx="auto">
            <Flex gap="4" align="start">
              {listing.iconFileData && <img className="listing-preview-icon" src={listing.iconFileData} alt="" />}
              <Flex direction="column" gap="2" minWidth="0">
                {/* Not a heading: the page's own heading names the app (a second one would be two headings of one name). */}
                <Text as="p" size={{ initial: '5', sm: '7' }} weight="bold" style={{ overflowWrap: 'anywhere' }}>
                  {listing.name}
                </Text>
                {listing.shortDescription && <Text as="p">{listing.shortDescription}</Text>}
                <Text as="p" size="1" color="gray">
                  {listing.author.name} <span aria-hidden>|</span> {T.version(listing.version)}
                </Text>
              </Flex>
            </Flex>
            {current && (
              <figure className="listing-preview-shots">
                <img className="listing-shot-img" src={current.thumbnailUrl} alt={current.caption || T.alt} />
                <Flex asChild align="center" justify="between" gap="2" px="3" py="2">
                  <figcaption className="listing-preview-bar">
                    <Text size="2" weight="medium">
                      {index + 1} of {shots.length}
                    </Text>
                    <Flex gap="1">
                      <IconButton
                        type="button"
                        size="1"
                        variant="ghost"
                        aria-label={T.previous}
                        onClick={() => setShown((index - 1 + shots.length) % shots.length)}
                      >
                        <ArrowLeftIcon />
                      </IconButton>
                      <IconButton type="button" size="1" variant="ghost" aria-label={T.next} onClick={() => setShown((index + 1) % shots.length)}>
                        <ArrowRightIcon />
                      </IconButton>
                    </Flex>
                  </figcaption>
                </Flex>
              </figure>
            )}
            <PreviewPart title={T.description}>
              <RenderedText html={listing.detailedDescription.rendered} />
            </PreviewPart>
            {listing.categories.length > 0 && (
              <PreviewPart title={T.categories}>
                <Flex gap="2" wrap="wrap">
                  {listing.categories.map((c) => (
                    <Badge key={c} color="gray" variant="surface" style={{ textTransform: 'uppercase' }}>
                      {c}
                    </Badge>
                  ))}
                </Flex>
              </PreviewPart>
            )}
            {contact.length > 0 && (
              <PreviewPart title={T.contact}>
                <Flex direction={{ initial: 'column', sm: 'row' }} gap="3" wrap="wrap">
                  {contact.map(([label, value]) => (
                    <Flex key={label} direction="column" gap="1" minWidth="0" flexGrow="1">
                      <Text size="1" color="gray" weight="medium">
                        {label}
                      </Text>
                      <AddressLink value={value} />
                    </Flex>
                  ))}
                </Flex>
              </PreviewPart>
            )}
            {adds && (
              <PreviewPart title={T.adds}>
                <WorkspaceAdds adds={adds} appId={listing.appId} label={T.adds} />
              </PreviewPart>
            )}
            {listing.privacyPolicySummary && (
              <PreviewPart title={T.privacy}>
                <Text as="p" size="2" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {listing.privacyPolicySummary}
                </Text>
              </PreviewPart>
            )}
          </Flex>
        </Card>
      </section>
    </Flex>
  );
}

function PreviewPart({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box>
      <Heading as="h4" size="3" mb="2">
        {title}
      </Heading>
      {children}
    </Box>
  );
}

/** An address as Rocket.Chat's NormalizedLink shows it: a link where it is one, else its text. */
function AddressLink({ value }: { value: string }) {
  const href = listingHref(value);
  const text = (
    <Text size="2" style={{ overflowWrap: 'anywhere' }}>
      {value}
    </Text>
  );
  return href ? (
    <Link href={href} target="_blank" rel="noreferrer" size="2" style={{ overflowWrap: 'anywhere' }}>
      {value}
    </Link>
  ) : (
    text
  );
}
