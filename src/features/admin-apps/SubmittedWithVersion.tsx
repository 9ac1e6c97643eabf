import { Box, DataList, Flex, Link, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { isWaitingForReview, type AppVersion } from '../../../contract/schemas/app';
import { Section } from '../../components/Section';
import { languageNames } from '../../lib/languages';
import { adminScreenshotsQuery } from './api';
import { submittedText as T } from './strings';

type Version = Pick<
  AppVersion,
  'id' | 'version' | 'status' | 'changesNote' | 'internalChangesNote' | 'privacyPolicySummary' | 'documentationUrl' | 'categories' | 'languages'
>;

/** One line of what was submitted: its label, and the value. */
const Row = ({ label, children }: { label: string; children: ReactNode }) => (
  <DataList.Item>
    <DataList.Label minWidth="200px">{label}</DataList.Label>
    <DataList.Value>{children}</DataList.Value>
  </DataList.Item>
);

/** A text the publisher wrote, kept as written (line breaks too), or said to be missing. */
const written = (text: string) =>
  text.trim() ? (
    <Text as="p" size="2" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {text}
    </Text>
  ) : (
    <Text size="2" color="gray">
      {T.none}
    </Text>
  );

function Screenshots({ appId, versionId }: { appId: string; versionId: string }) {
  const { data, isPending, isError } = useQuery(adminScreenshotsQuery(appId, versionId));
  if (isPending)
    return (
      <Text size="2" color="gray">
        …
      </Text>
    );
  if (isError)
    return (
      <Text size="2" color="red">
        {T.screenshotsFailed}
      </Text>
    );
  if (!data.length)
    return (
      <Text size="2" color="gray">
        {T.noScreenshots}
      </Text>
    );
  return (
    <Flex gap="2" wrap="wrap">
      {data.map((s) => (
        <Link key={s.id} href={s.thumbnailUrl} target="_blank" rel="noreferrer" aria-label={T.screenshot(s.fileName)}>
          <img src={s.thumbnailUrl} alt="" height={96} style={{ maxWidth: 180, objectFit: 'cover', borderRadius: 6, display: 'block' }} />
        </Link>
      ))}
    </Flex>
  );
}

/**
 * What the publisher submitted with the version under review (the one waiting for it, else the latest): the change
 * log buyers will read, the notes meant for the reviewers only (where the new-permissions finding asks publishers
 * to justify permissions), the listing and the screenshots — beside the findings and the changes a reviewer judges.
 */
export function SubmittedWithVersion({ appId, versions, latest }: { appId: string; versions: readonly Version[]; latest: Version }) {
  const v = versions.find((x) => isWaitingForReview(x.status)) ?? latest;
  return (
    <Section title={T.title(v.version)}>
      <DataList.Root orientation={{ initial: 'vertical', sm: 'horizontal' }} size="2">
        <Row label={T.changes}>{written(v.changesNote)}</Row>
        <Row label={T.internal}>{written(v.internalChangesNote)}</Row>
        <Row label={T.privacy}>{written(v.privacyPolicySummary)}</Row>
        <Row label={T.documentation}>
          {v.documentationUrl ? (
            <Link href={v.documentationUrl} target="_blank" rel="noreferrer" style={{ overflowWrap: 'anywhere' }}>
              {v.documentationUrl}
            </Link>
          ) : (
            written('')
          )}
        </Row>
        <Row label={T.categories}>{written(v.categories.join(', '))}</Row>
        <Row label={T.languages}>{written(v.languages.map((l) => languageNames[l as keyof typeof languageNames] ?? l).join(', '))}</Row>
        <Row label={T.screenshots}>
          <Box>
            <Screenshots appId={appId} versionId={v.id} />
          </Box>
        </Row>
      </DataList.Root>
    </Section>
  );
}
