import { Badge, DataList, Flex, Link, Text } from '@radix-ui/themes';
import type { ListingPreview } from '../../../contract/schemas/listing';
import type { LanguageKey } from '../../../contract/schemas/languages';
import { languageNames } from '../../lib/languages';
import { listingHref } from './listing-links';
import { listingText } from './listing-text';
import { RenderedText } from './RenderedText';

const T = listingText;
const none = (
  <Text color="gray" size="2">
    {T.none}
  </Text>
);

/** The listing's fields as the publisher wrote them (the description rendered), one per row; stacked on a narrow screen. */
export function ListingFields({ listing }: { listing: ListingPreview }) {
  const docs = listingHref(listing.documentationUrl);
  return (
    <DataList.Root size="2" orientation={{ initial: 'vertical', sm: 'horizontal' }}>
      <DataList.Item>
        <DataList.Label minWidth="180px">{T.fields.categories}</DataList.Label>
        <DataList.Value>
          {listing.categories.length ? (
            <Flex gap="1" wrap="wrap">
              {listing.categories.map((c) => (
                <Badge key={c} variant="soft">
                  {c}
                </Badge>
              ))}
            </Flex>
          ) : (
            none
          )}
        </DataList.Value>
      </DataList.Item>
      <DataList.Item>
        <DataList.Label minWidth="180px">{T.fields.languages}</DataList.Label>
        <DataList.Value>{listing.languages.length ? listing.languages.map((l) => languageNames[l as LanguageKey] ?? l).join(', ') : none}</DataList.Value>
      </DataList.Item>
      <DataList.Item>
        <DataList.Label minWidth="180px">{T.fields.shortDescription}</DataList.Label>
        <DataList.Value>{listing.shortDescription || none}</DataList.Value>
      </DataList.Item>
      <DataList.Item>
        <DataList.Label minWidth="180px">{T.fields.description}</DataList.Label>
        <DataList.Value style={{ minWidth: 0 }}>
          {listing.detailedDescription.rendered ? <RenderedText html={listing.detailedDescription.rendered} /> : none}
        </DataList.Value>
      </DataList.Item>
      <DataList.Item>
        <DataList.Label minWidth="180px">{T.fields.privacy}</DataList.Label>
        <DataList.Value style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{listing.privacyPolicySummary || none}</DataList.Value>
      </DataList.Item>
      <DataList.Item>
        <DataList.Label minWidth="180px">{T.fields.documentation}</DataList.Label>
        <DataList.Value style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
          {docs ? (
            <Link href={docs} target="_blank" rel="noreferrer">
              {listing.documentationUrl}
            </Link>
          ) : (
            listing.documentationUrl || none
          )}
        </DataList.Value>
      </DataList.Item>
    </DataList.Root>
  );
}
