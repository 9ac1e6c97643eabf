import { Box, Button, Flex, Text } from '@radix-ui/themes';
import { useState } from 'react';
import { TRUST_TEXT as T, type TrustPolicy } from '../../../contract/schemas/tokens';
import { workflowExample } from './workflow-example';

/**
 * The workflow a publisher puts in their repository, filled in with this portal's address, the app's id and
 * (when there is one) the first trusted publisher's workflow file and environment; folded until asked for.
 */
export function WorkflowExample({ appId, policy }: { appId: string; policy?: TrustPolicy }) {
  const [copied, setCopied] = useState(false);
  const code = workflowExample({ origin: window.location.origin, appId, workflow: policy?.workflow, environment: policy?.environment });
  return (
    <details>
      <Text as="span" size="2" weight="medium" asChild>
        <summary style={{ cursor: 'pointer' }}>{T.exampleTitle}</summary>
      </Text>
      <Flex direction="column" gap="2" mt="2">
        <Text as="p" size="2" color="gray">
          {T.exampleText}
        </Text>
        <Box
          role="region"
          aria-label={T.exampleTitle}
          tabIndex={0}
          p="3"
          style={{ overflowX: 'auto', background: 'var(--gray-a2)', border: '1px solid var(--gray-a6)', borderRadius: 'var(--radius-2)' }}
        >
          <pre style={{ margin: 0, fontFamily: 'var(--code-font-family)', fontSize: 'var(--font-size-1)', lineHeight: 1.5 }}>{code}</pre>
        </Box>
        <Flex justify="end">
          <Button
            size="1"
            variant="soft"
            onClick={() =>
              void navigator.clipboard?.writeText(code).then(
                () => setCopied(true),
                () => setCopied(false),
              )
            }
          >
            {copied ? 'Copied' : 'Copy the workflow'}
          </Button>
        </Flex>
      </Flex>
    </details>
  );
}
