import { Callout, Flex, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import type { AppVersion } from '../../../contract/schemas/app';
import { FindingsPanel, reviewText } from '../../components/app/Findings';
import { Section } from '../../components/Section';
import { formatDateTime } from '../../lib/format';
import { findingsQuery } from './api';

/**
 * The latest version's publish checks (docs/packages-and-review.md, Publish checks) beside its versions: while it waits for review, where it stands
 * (since when, its place in the queue, the hours left to the review target, or that it waits past it); then the
 * checks' findings, those that block submission first.
 */
export function VersionChecks({ appId, version }: { appId: string; version: Pick<AppVersion, 'id' | 'version'> }) {
  const { data, error, isPending } = useQuery(findingsQuery(appId, version.id));
  const review = data?.review;
  return (
    <Section title={reviewText.checksTitle(version.version)}>
      <Flex direction="column" gap="3">
        {review?.waitingSince && (
          <Callout.Root color={review.overdue ? 'amber' : 'blue'} highContrast size="1" role="status">
            <Callout.Text>{reviewText.waiting(review, formatDateTime(review.waitingSince))}</Callout.Text>
          </Callout.Root>
        )}
        {data && data.checkedAt !== null && data.findings.length > 0 && (
          <Text size="2" color="gray">
            {reviewText.summary(data.findings)}
          </Text>
        )}
        <FindingsPanel data={data} error={error} isPending={isPending} />
      </Flex>
    </Section>
  );
}
