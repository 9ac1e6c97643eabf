import { Badge, Button, Card, Code, Flex, Heading, Spinner, Table, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import type { PublishCheckSettings } from '../../../contract/schemas/review';
import { DataTable } from '../../components/DataTable';
import { formatDateTime } from '../../lib/format';
import { errorToastText } from '../../lib/toast';
import { publishChecksQuery } from './api';
import { reviewText, severityLabels } from './strings';

// The editor (its form, and zod, react-hook-form and Radix Select with it) loads when Edit publish checks is pressed.
const PublishChecksForm = lazy(() => import('./PublishChecksForm'));

/**
 * Staff review (docs/packages-and-review.md, Publish checks): how much each publish check weighs (blocks submission, warns, or is a note only), and the
 * licences bundled modules may not carry. Shown as they are; Edit publish checks opens the form in their place, until it is saved or cancelled.
 */
export function PublishChecks() {
  const titleId = useId();
  const { data, error } = useQuery(publishChecksQuery);
  const [editing, setEditing] = useState(false);
  // The form closed (saved or cancelled): the focus goes back to the button that opened it, not to the page's body.
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  useEffect(() => {
    if (editing) wasEditing.current = true;
    else if (wasEditing.current) {
      wasEditing.current = false;
      editButton.current?.focus();
    }
  }, [editing]);
  return (
    <Card size="3" mt="6" asChild>
      <section aria-labelledby={titleId}>
        <Flex justify="between" align="center" gap="3" wrap="wrap" mb="1">
          <Heading as="h2" size="4" id={titleId}>
            {reviewText.checksTitle}
          </Heading>
          {data && !editing && (
            <Button variant="soft" ref={editButton} onClick={() => setEditing(true)}>
              {reviewText.editChecks}
            </Button>
          )}
        </Flex>
        <Text as="p" size="2" color="gray" mb="4">
          {reviewText.checksIntro}
        </Text>
        {error ? (
          <Text color="red" role="alert" size="2">
            {errorToastText(error)}
          </Text>
        ) : data && editing ? (
          <Suspense fallback={<Loading text={reviewText.editorLoading} />}>
            <PublishChecksForm settings={data} onClose={() => setEditing(false)} />
          </Suspense>
        ) : data ? (
          <ChecksSettings settings={data} />
        ) : (
          <Loading text={reviewText.checksLoading} />
        )}
      </section>
    </Card>
  );
}

function Loading({ text }: { text: string }) {
  return (
    <Flex align="center" gap="3" role="status">
      <Spinner />
      <Text color="gray">{text}</Text>
    </Flex>
  );
}

/** The settings as they are: each check's severity (its default beside it when it is another), the disallowed licences, and who saved them last. */
function ChecksSettings({ settings }: { settings: PublishCheckSettings }) {
  const licencesId = useId();
  return (
    <Flex direction="column" gap="4">
      <DataTable caption={reviewText.severitiesCaption}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>{reviewText.checkColumn}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{reviewText.severityColumn}</Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {settings.checks.map((check) => (
            <Table.Row key={check.id} align="center">
              <Table.RowHeaderCell>{check.title}</Table.RowHeaderCell>
              <Table.Cell>
                <Flex align="center" gap="2" wrap="wrap">
                  <Text>{severityLabels[check.severity]}</Text>
                  {check.severity !== check.defaultSeverity && <Badge color="amber">{reviewText.defaultSeverity(severityLabels[check.defaultSeverity])}</Badge>}
                </Flex>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </DataTable>
      <Flex direction="column" gap="2">
        <Heading as="h3" size="3" id={licencesId}>
          {reviewText.licences}
        </Heading>
        {settings.disallowedLicences.length ? (
          <Flex asChild gap="2" wrap="wrap">
            <ul aria-labelledby={licencesId} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {settings.disallowedLicences.map((l) => (
                <li key={l}>
                  <Code variant="soft">{l}</Code>
                </li>
              ))}
            </ul>
          </Flex>
        ) : (
          <Text as="p" size="2">
            {reviewText.noLicences}
          </Text>
        )}
      </Flex>
      {settings.updatedAt && (
        <Text as="p" size="2" color="gray">
          {reviewText.lastSaved(formatDateTime(settings.updatedAt), settings.updatedBy)}
        </Text>
      )}
    </Flex>
  );
}
