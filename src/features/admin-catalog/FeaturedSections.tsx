import { Avatar, Box, Button, Card, Flex, Heading, Spinner, Text } from '@radix-ui/themes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { ScreenHeader } from '../../components/ScreenHeader';
import { PageLoader } from '../../components/PageLoader';
import { tsr, unwrap } from '../../lib/api';
import { toast } from '../../lib/toast';
import { featuredQuery } from './api';
import { featuredText } from './strings';

// The drawer (its form and selects) loads when it is opened, not with the sections.
const MarkFeaturedDrawer = lazy(() =>
  import('./MarkFeaturedDrawer').then((m) => ({
    default: m.MarkFeaturedDrawer,
  })),
);

/** Featured App Sections (SPEC §2): each section by slug with its apps and a Remove link; Make Featured and Refresh. */
export function FeaturedSections({ canCreate, canDelete }: { canCreate: boolean; canDelete: boolean }) {
  const queryClient = useQueryClient();
  const { data, isPending, isFetching, error, refetch } = useQuery(featuredQuery);
  const [marking, setMarking] = useState(false);
  const remove = useMutation({
    mutationFn: async (v: { slug: string; appId: string }) =>
      unwrap(
        await tsr.admin.featured.remove.mutate({
          params: { type: v.slug, id: v.appId },
          body: {},
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: featuredQuery.queryKey }),
    onError: () => toast.error(featuredText.removeFailed),
  });
  const makeFeatured = canCreate && <Button onClick={() => setMarking(true)}>Make Featured</Button>;
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
            {canCreate && <Button onClick={() => setMarking(true)}>{featuredText.createOne}</Button>}
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
                                  remove.mutate({
                                    slug: section.slug,
                                    appId: app.appId,
                                  })
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
      {marking && (
        <Suspense fallback={null}>
          <MarkFeaturedDrawer onClose={() => setMarking(false)} />
        </Suspense>
      )}
    </Box>
  );
}
