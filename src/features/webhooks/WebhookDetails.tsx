import { ArrowLeftIcon } from '@radix-ui/react-icons';
import { Badge, Box, Button, Callout, Card, DataList, Flex, Heading, Link as ThemeLink, Switch, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { z } from 'zod';
import type { WebhookSecret } from '../../../contract/schemas/webhook';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PageLoader } from '../../components/PageLoader';
import { ResultPage } from '../../components/ResultPage';
import { formatDateTime } from '../../lib/format';
import { toast } from '../../lib/toast';
import { usePermissions } from '../../lib/use-permissions';
import { useRevealWebhookSecret, useRotateWebhookSecret, useSendTestEvent, useSetWebhookEnabled, webhookQuery } from './api';
import { ActivityLog } from './ActivityLog';
import { EventBadges } from './EventBadges';
import { SecretDialog } from './SecretDialog';
import { webhookText } from './strings';

/**
 * SPEC §3 Webhook details: label, Enabled/Disabled, url and events, then the Activity Logs. Beyond the
 * spec, for who may update the publisher: Send test event, turning the webhook on or off, and the signing
 * secret (revealed, or rotated with 24 hours of overlap).
 */
export function WebhookDetails({ id, page, size, onPage }: { id: string; page: number; size: number; onPage: (page: number, size: number) => void }) {
  const { data: webhook, isPending, error } = useQuery(webhookQuery(id));
  const { canUpdate } = usePermissions('webhook');
  const [secret, setSecret] = useState<z.infer<typeof WebhookSecret> & { note?: string }>();
  const [confirmRotate, setConfirmRotate] = useState(false);
  const test = useSendTestEvent(id);
  const toggle = useSetWebhookEnabled(id);
  const reveal = useRevealWebhookSecret(id);
  const rotate = useRotateWebhookSecret(id);
  const failed = { onError: (err: unknown) => toast.apiError(err) };
  const back = (
    <Button variant="ghost" asChild>
      <Link to="/publisher/webhooks">
        <ArrowLeftIcon aria-hidden /> Webhooks
      </Link>
    </Button>
  );
  if (isPending) return <PageLoader label="Loading the webhook…" />;
  if (error || !webhook)
    return <ResultPage status={404} title="Webhook not found" text="This webhook does not exist, or is not one of your publisher’s." action={back} />;
  return (
    <Box p={{ initial: '3', sm: '6' }}>
      <Box mb="3">{back}</Box>
      <Flex justify="between" align="start" gap="3" wrap="wrap" mb="4">
        <Flex direction="column" gap="2" style={{ minWidth: 0 }}>
          <Flex align="center" gap="2" wrap="wrap">
            <Heading as="h1" size="6">
              {webhook.label}
            </Heading>
            <Badge highContrast color={webhook.enabled ? 'green' : 'gray'} size="2">
              {webhook.enabled ? 'Enabled' : 'Disabled'}
            </Badge>
          </Flex>
          <Text color="gray" style={{ wordBreak: 'break-all' }}>
            {webhook.url}
          </Text>
        </Flex>
        {canUpdate && (
          <Flex gap="2" wrap="wrap" align="center">
            <Text as="label" size="2">
              <Flex gap="2" align="center">
                <Switch checked={webhook.enabled} disabled={toggle.isPending} onCheckedChange={(on) => toggle.mutate(on, failed)} />
                Enabled
              </Flex>
            </Text>
            <Button
              variant="soft"
              loading={test.isPending}
              disabled={!webhook.enabled}
              onClick={() => test.mutate(undefined, { ...failed, onSuccess: () => toast.success(webhookText.testQueued) })}
            >
              Send test event
            </Button>
            <Button variant="soft" loading={reveal.isPending} onClick={() => reveal.mutate(undefined, { ...failed, onSuccess: (s) => setSecret(s) })}>
              Signing secret
            </Button>
            <Button variant="soft" loading={rotate.isPending} onClick={() => setConfirmRotate(true)}>
              Rotate secret
            </Button>
          </Flex>
        )}
      </Flex>
      {webhook.failingSince && webhook.enabled && (
        <Callout.Root color="orange" mb="4">
          <Callout.Text>
            Deliveries have failed since {formatDateTime(webhook.failingSince)}. An endpoint failing for 5 days is turned off and its owners are told by email.
          </Callout.Text>
        </Callout.Root>
      )}
      <Card mb="5">
        <DataList.Root orientation={{ initial: 'vertical', sm: 'horizontal' }}>
          <DataList.Item>
            <DataList.Label>Events</DataList.Label>
            <DataList.Value>
              <EventBadges events={webhook.for} />
            </DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>Created</DataList.Label>
            <DataList.Value>{formatDateTime(webhook.createdAt)}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>Verifying deliveries</DataList.Label>
            <DataList.Value>
              <Text size="2">
                Each request carries webhook-id, webhook-timestamp and webhook-signature headers (
                <ThemeLink href="https://www.standardwebhooks.com/" target="_blank" rel="noreferrer" underline="always">
                  Standard Webhooks
                </ThemeLink>
                ).
              </Text>
            </DataList.Value>
          </DataList.Item>
        </DataList.Root>
      </Card>
      <ActivityLog webhookId={id} page={page} size={size} canResend={canUpdate} onPage={onPage} />
      {confirmRotate && (
        <ConfirmDialog
          title="Rotate the signing secret?"
          text="A new secret signs every delivery from now on; the current one keeps signing beside it for 24 hours, so your server can switch without losing a delivery."
          yes="Rotate"
          no="Cancel"
          onYes={() => {
            setConfirmRotate(false);
            rotate.mutate(undefined, { ...failed, onSuccess: (s) => setSecret({ ...s, note: webhookText.rotated }) });
          }}
          onNo={() => setConfirmRotate(false)}
        />
      )}
      {secret && (
        <SecretDialog secret={secret.secret} previousSecretUntil={secret.previousSecretUntil} note={secret.note} onClose={() => setSecret(undefined)} />
      )}
    </Box>
  );
}
