import { Avatar, Box, Button, Card, Flex, Heading, Spinner, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { ScreenHeader } from '../../components/ScreenHeader';
import { PageLoader } from '../../components/PageLoader';
import { toast } from '../../lib/toast';
import { featuredQuery, useRemoveFeatured } from './api';
import { featuredText } from './strings';

// The drawer (its form and selects) loads when it is opened, not with the sections.
const MarkFeaturedDrawer = lazy(() =>
  import('./MarkFeaturedDrawer').then((m) => ({
    default: m.MarkFeaturedDrawer,
  })),
);

/**
 * Featured App Sections (SPEC §2): each section by slug with its apps and a Remove link; Make Featured and Refresh.
 * Whether the 'Mark App As Featured' drawer is open is the address's (`marking`, `?new=1`): `onMarking` opens or closes it.
 */
export function FeaturedSections({
  canCreate,
  canDelete,
  marking,
  onMarking,
}: {
  canCreate: boolean;
  canDelete: boolean;
  marking: boolean;
  onMarking: (open: boolean) => void;
}) {
  const { data, isPending, isFetching, error, refetch } = useQuery(featuredQuery);
  const remove = useRemoveFeatured();
  const makeFeatured = canCreate && <Button onClick={() => onMarking(true)}>Make Featured</Button>;
  return (
    <Box p={{ initial: '3', sm: '6' }}>
      <ScreenHeader title={featuredText.title}>
        <Flex gap="2">
          {makeFeatured}
          <Button variant="soft" onClick={() => void refetch()} disabled={isFetching}>
            Refresh
          </Button>
        </Flex>
      </ScreenHeader>
      {isPending ? (
        <PageLoader label="Loading the featured sections…" />
      ) : error ? (
        <Card>
          <Text color="red" role="alert">
            {featuredText.loadFailed}
          </Text>
        </Card>
      ) : data.sections.length === 0 ? (
        <Card size="3">
          <Flex direction="column" align="center" gap="3" p="4">
            <Heading as="h2" size="4">
              {featuredText.empty}
            </Heading>
            {canCreate && <Button onClick={() => onMarking(true)}>{featuredText.createOne}</Button>}
          </Flex>
        </Card>
      ) : (
        <Flex direction="column" gap="4">
          {data.sections.map((section) => (
            <Card key={section.slug} size="2" asChild>
              <section aria-labelledby={`section-${section.slug}`}>
                <Heading as="h2" size="4" mb="3" id={`section-${section.slug}`}>
                  {section.slug}
                </Heading>
                <Flex direction="column" gap="2" asChild>
                  <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                    {section.apps.map((app) => (
                      <Flex asChild key={app.appId} align="center" gap="3" justify="between">
                        <li>
                          <Flex align="center" gap="3">
                            <Avatar src={app.iconFileData || undefined} fallback={app.name.slice(0, 1)} size="2" alt="" />
                            <Text>{app.name}</Text>
                          </Flex>
                          {canDelete &&
                            (remove.isPending && remove.variables.appId === app.appId && remove.variables.slug === section.slug ? (
                              <Spinner />
                            ) : (
                              <Button
                                variant="ghost"
                                color="red"
                                size="1"
                                onClick={() =>
                                  remove.mutate({ slug: section.slug, appId: app.appId }, { onError: () => toast.error(featuredText.removeFailed) })
                                }
                                aria-label={`Remove ${app.name} from ${section.slug}`}
                              >
                                Remove
                              </Button>
                            ))}
                        </li>
                      </Flex>
                    ))}
                  </ul>
                </Flex>
              </section>
            </Card>
          ))}
        </Flex>
      )}
      {canCreate && marking && (
        <Suspense fallback={null}>
          <MarkFeaturedDrawer onClose={() => onMarking(false)} />
        </Suspense>
      )}
    </Box>
  );
}
