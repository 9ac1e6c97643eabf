import { Flex, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { isWaitingForReview, type AppVersion } from '../../../contract/schemas/app';
import { FindingsPanel, reviewText } from '../../components/app/Findings';
import { Section } from '../../components/Section';
import { adminFindingsQuery } from './api';

type Version = Pick<AppVersion, 'id' | 'version' | 'status'>;

/** The publish checks' findings on the version under review (the one waiting for it, else the latest): docs/packages-and-review.md, Publish checks. */
export function ReviewedVersionChecks({ appId, versions, latest }: { appId: string; versions: readonly Version[]; latest: Version }) {
  const version = versions.find((v) => isWaitingForReview(v.status)) ?? latest;
  const { data, error, isPending } = useQuery(adminFindingsQuery(appId, version.id));
  return (
    <Section title={reviewText.checksTitle(version.version)}>
      <Flex direction="column" gap="3">
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
