import { Button, Callout, Dialog, Flex, Text, TextArea, TextField } from '@radix-ui/themes';
import { useState } from 'react';
import { rocketChatEnvironment, WORKSPACE_TEXT as T, type WorkspaceCredentials as Credentials } from '../../../contract/schemas/workspaces';

/** A value's Copy button, named after what it copies ("Copy client secret"; "Copied client secret" once it did). */
function CopyButton({ value, what }: { value: string; what: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <Button
      type="button"
      variant="soft"
      aria-label={`${copied ? 'Copied' : 'Copy'} ${what}`}
      onClick={() =>
        void navigator.clipboard?.writeText(value).then(
          () => setCopied(true),
          () => setCopied(false),
        )
      }
    >
      {copied ? 'Copied' : 'Copy'}
    </Button>
  );
}

function CopyField({ label, value }: { label: string; value: string }) {
  return (
    <Flex direction="column" gap="1">
      <Text as="div" size="2" weight="medium">
        {label}
      </Text>
      <Flex gap="2">
        <TextField.Root
          readOnly
          value={value}
          aria-label={label}
          style={{ flex: 1, minWidth: 0, fontFamily: 'var(--code-font-family)' }}
          onFocus={(e) => e.currentTarget.select()}
        />
        <CopyButton value={value} what={label.toLowerCase()} />
      </Flex>
    </Flex>
  );
}

/**
 * A workspace's client id and secret — the secret this once: it lives in the dialog's state only, so closing
 * the dialog forgets it — and the exact environment to set on its Rocket.Chat server.
 */
export function WorkspaceCredentialsView({ title, credentials }: { title: string; credentials: Credentials }) {
  const env = rocketChatEnvironment({
    portalUrl: credentials.portalUrl,
    workspaceId: credentials.workspace.id,
    clientId: credentials.clientId,
    clientSecret: credentials.clientSecret,
    publicKey: credentials.publicKey,
  });
  return (
    <>
      <Dialog.Title>{title}</Dialog.Title>
      <Flex direction="column" gap="3">
        <Text size="2">{credentials.workspace.nickname}</Text>
        <Callout.Root color="amber" size="1" role="status" highContrast>
          <Callout.Text>{T.copyOnce}</Callout.Text>
        </Callout.Root>
        <CopyField label={T.clientIdLabel} value={credentials.clientId} />
        <CopyField label={T.clientSecretLabel} value={credentials.clientSecret} />
        <Flex direction="column" gap="1">
          <Text as="div" size="2" weight="medium" id="workspace-env-label">
            {T.envLabel}
          </Text>
          <Text as="div" size="1" color="gray" id="workspace-env-hint">
            {T.envHint}
          </Text>
          <TextArea
            readOnly
            value={env}
            rows={5}
            wrap="off"
            aria-labelledby="workspace-env-label"
            aria-describedby="workspace-env-hint"
            style={{ fontFamily: 'var(--code-font-family)', fontSize: 'var(--font-size-1)' }}
            onFocus={(e) => e.currentTarget.select()}
          />
          <Flex justify="end">
            <CopyButton value={env} what={T.envLabel} />
          </Flex>
        </Flex>
        <Flex justify="end" mt="2">
          <Dialog.Close>
            <Button variant="soft" color="gray">
              Done
            </Button>
          </Dialog.Close>
        </Flex>
      </Flex>
    </>
  );
}

/** The credentials in a modal of their own (after registering or rotating): closing it forgets the secret. */
export function CredentialsDialog({ title, credentials, onClose }: { title: string; credentials: Credentials; onClose: () => void }) {
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Content maxWidth="560px" aria-describedby={undefined}>
        <WorkspaceCredentialsView title={title} credentials={credentials} />
      </Dialog.Content>
    </Dialog.Root>
  );
}
