import { Button, Callout, Flex, Text, TextField } from '@radix-ui/themes';
import { useState } from 'react';
import { InfoDialog } from '../../components/InfoDialog';
import { formatDateTime } from '../../lib/format';
import { webhookText } from './strings';

/** The signing secret, read-only with Copy; after a rotation, until when the previous one still signs. */
export function SecretDialog({
  secret,
  previousSecretUntil,
  note,
  onClose,
}: {
  secret: string;
  previousSecretUntil?: string | null;
  note?: string;
  onClose: () => void;
}) {
  const [copied, setCopied] = useState(false);
  return (
    <InfoDialog title={webhookText.secretTitle} description={webhookText.secretText} onClose={onClose}>
      <Flex direction="column" gap="3">
        {note && (
          <Callout.Root color="green" size="1">
            <Callout.Text>{note}</Callout.Text>
          </Callout.Root>
        )}
        <Flex gap="2">
          <TextField.Root
            readOnly
            value={secret}
            aria-label="Signing secret"
            style={{ flex: 1, fontFamily: 'var(--code-font-family)' }}
            onFocus={(e) => e.currentTarget.select()}
          />
          <Button
            variant="soft"
            onClick={() =>
              void navigator.clipboard?.writeText(secret).then(
                () => setCopied(true),
                () => setCopied(false),
              )
            }
          >
            {copied ? 'Copied' : 'Copy'}
          </Button>
        </Flex>
        {previousSecretUntil && (
          <Text size="2" color="gray">
            The previous secret also signs deliveries until {formatDateTime(previousSecretUntil)}.
          </Text>
        )}
      </Flex>
    </InfoDialog>
  );
}
