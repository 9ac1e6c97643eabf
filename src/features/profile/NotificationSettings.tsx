import { Card, Flex, Heading, Skeleton, Switch, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { notificationKinds, notificationLabels } from '../../../contract/schemas/notifications';
import { toast } from '../../lib/toast';
import { notificationsQuery, useSaveNotifications } from './api';

/** Not in the spec: which notices the developer receives by email, each switched on or off (saved at once). */
export function NotificationSettings({ canUpdate }: { canUpdate: boolean }) {
  const { data, error } = useQuery(notificationsQuery);
  const save = useSaveNotifications();
  return (
    <Card size="3" style={{ maxWidth: 560 }} mt="4" asChild>
      <section aria-labelledby="notifications-title">
        <Heading as="h2" size="4" mb="1" id="notifications-title">
          Email notifications
        </Heading>
        <Text as="p" size="2" color="gray" mb="3">
          What the portal emails you about your publisher’s apps.
        </Text>
        {error ? (
          <Text color="red" role="alert" size="2">
            Your notification settings could not be loaded.
          </Text>
        ) : (
          <Flex direction="column" gap="3">
            {notificationKinds.map((kind) => (
              <Text as="label" size="2" key={kind}>
                <Flex gap="2" align="center">
                  <Skeleton loading={!data}>
                    <Switch
                      checked={data?.[kind] ?? true}
                      disabled={!canUpdate || !data}
                      onCheckedChange={(on) => data && save.mutate({ ...data, [kind]: on }, { onError: (err) => toast.failure(err) })}
                    />
                  </Skeleton>
                  {notificationLabels[kind]}
                </Flex>
              </Text>
            ))}
          </Flex>
        )}
      </section>
    </Card>
  );
}
