import { Callout, DataList, Flex, Heading, Text } from '@radix-ui/themes';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { lifecycleSnapshot } from '../../../machines/app-version-lifecycle';
import { FindingsPanel, reviewText } from '../../components/app/Findings';
import { RuntimePanel } from '../../components/app/RuntimeEvidence';
import { runtimeText } from '../../components/app/runtime-sentences';
import { StatusBadge } from '../../components/StatusBadge';
import { runtimeRefetch, wizardFindingsQuery, wizardRuntimeQuery, wizardVersionQuery } from './api';
import { StepFooter, type StepProps } from './StepFooter';

/**
 * The last step: what will be sent for review, the publish checks' findings on it, what the app adds to a workspace
 * (from starting it in Apps-Engine) and Submit (once the package has compiled, and while no finding blocks it: then
 * its reason stands beside Submit, in the server's words).
 */
export function SubmissionStep(props: StepProps & { submitted: boolean }) {
  const { data: v } = useSuspenseQuery({
    ...wizardVersionQuery(props.appId, props.versionId),
    refetchInterval: (q) => (q.state.data?.status === 'compiling' ? 3000 : false),
  });
  const findings = useQuery({ ...wizardFindingsQuery(props.appId, props.versionId), enabled: !v.isBundle });
  const runtime = useQuery({
    ...wizardRuntimeQuery(props.appId, props.versionId),
    enabled: !v.isBundle,
    refetchInterval: (q) => runtimeRefetch(q.state),
  });
  const checksId = useId();
  const addsId = useId();
  // Whether the version can be sent for review is the lifecycle machine's answer, as on the server.
  const ready = lifecycleSnapshot(v.status, { actor: 'publisher', isBundle: v.isBundle }).can({ type: 'SUBMIT' });
  const blocking = findings.data?.blocking ?? null;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        props.onSubmit();
      }}
    >
      <Flex direction="column" gap="4">
        <DataList.Root>
          <DataList.Item>
            <DataList.Label>App</DataList.Label>
            <DataList.Value>
              {v.name} v{v.version}
            </DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>Status</DataList.Label>
            <DataList.Value>
              <StatusBadge status={v.status} meaning />
            </DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>Short description</DataList.Label>
            <DataList.Value>{v.shortDescription || '–'}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>Categories</DataList.Label>
            <DataList.Value>{v.categories.join(', ') || '–'}</DataList.Value>
          </DataList.Item>
        </DataList.Root>
        {!v.isBundle && (
          <Flex direction="column" gap="2" asChild>
            <section aria-labelledby={checksId}>
              <Heading as="h3" size="3" id={checksId}>
                {reviewText.checksTitle(v.version)}
              </Heading>
              {findings.data && findings.data.checkedAt !== null && findings.data.findings.length > 0 && (
                <Text size="2" color="gray">
                  {reviewText.summary(findings.data.findings)}
                </Text>
              )}
              <FindingsPanel data={findings.data} error={findings.error} isPending={findings.isPending} />
            </section>
          </Flex>
        )}
        {!v.isBundle && (
          <Flex direction="column" gap="2" asChild>
            <section aria-labelledby={addsId}>
              <Heading as="h3" size="3" id={addsId}>
                {runtimeText.adds}
              </Heading>
              <RuntimePanel data={runtime.data} error={runtime.error} isPending={runtime.isPending} appId={props.appId} level={4} addsTitled={false} />
            </section>
          </Flex>
        )}
        {props.submitted ? (
          <Callout.Root color="green" role="status">
            <Callout.Text>Submitted for review. Taking you back to the app…</Callout.Text>
          </Callout.Root>
        ) : v.status === 'compiling' ? (
          <Text color="gray" aria-live="polite">
            The package is still compiling; you can submit once it has compiled.
          </Text>
        ) : !ready ? (
          <Text color="red">This version cannot be submitted while it is {v.status}.</Text>
        ) : null}
      </Flex>
      <StepFooter
        {...props}
        nextLabel="Submit for Review"
        // Until the findings are known Submit waits (the server refuses a blocked version anyway).
        nextDisabled={!ready || props.submitted || !!blocking || (!v.isBundle && findings.isPending)}
        nextNote={
          blocking && !props.submitted ? (
            <Text size="2" color="red">
              {reviewText.blocked(blocking)}
            </Text>
          ) : undefined
        }
      />
    </form>
  );
}
