import { Callout, DataList, Flex, Text } from '@radix-ui/themes';
import { useSuspenseQuery } from '@tanstack/react-query';
import { lifecycleSnapshot } from '../../../machines/app-version-lifecycle';
import { StatusBadge } from '../../components/StatusBadge';
import { wizardVersionQuery } from './api';
import { StepFooter, type StepProps } from './StepFooter';

/** The last step: what will be sent for review, and Submit (once the package has compiled). */
export function SubmissionStep(props: StepProps & { submitted: boolean }) {
  const { data: v } = useSuspenseQuery({ ...wizardVersionQuery(props.appId, props.versionId), refetchInterval: (q) => (q.state.data?.status === 'compiling' ? 3000 : false) });
  // Whether the version can be sent for review is the lifecycle machine's answer, as on the server.
  const ready = lifecycleSnapshot(v.status, { actor: 'publisher', isBundle: v.isBundle }).can({ type: 'SUBMIT' });
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
              <StatusBadge status={v.status} />
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
      <StepFooter {...props} nextLabel="Submit for Review" nextDisabled={!ready || props.submitted} />
    </form>
  );
}
