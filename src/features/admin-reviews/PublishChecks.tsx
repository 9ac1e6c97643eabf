import { Button, Card, Flex, Grid, Heading, Select, Spinner, Text, TextArea } from '@radix-ui/themes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { PublishCheckSettingsInput, type CheckId, type PublishCheckSettings, type Severity } from '../../../contract/schemas/review';
import { Field } from '../../components/Field';
import { toApiError } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { errorToastText, toast } from '../../lib/toast';
import { publishChecksQuery, savePublishChecks } from './api';
import { reviewText, severityLabels } from './strings';

/** The licences as typed: separated by commas or new lines, each trimmed, blanks left out. */
export const licencesOf = (text: string) =>
  text
    .split(/[,\n]/)
    .map((l) => l.trim())
    .filter(Boolean);

/** The first reason the input is refused, named after the licence it is about (the licences are the one free-text field). */
function licencesError(input: unknown, licences: string[]): string | undefined {
  const result = PublishCheckSettingsInput.safeParse(input);
  if (result.success) return undefined;
  const issue = result.error.issues[0]!;
  const at = issue.path[1];
  return typeof at === 'number' && licences[at] !== undefined ? `“${licences[at]}”: ${issue.message}` : issue.message;
}

/** Staff review (docs/packages-and-review.md, Publish checks): how much each publish check weighs (blocks submission or warns), and the licences bundled modules may not carry. */
export function PublishChecks() {
  const titleId = useId();
  const { data, error } = useQuery(publishChecksQuery);
  return (
    <Card size="3" mt="6" asChild>
      <section aria-labelledby={titleId}>
        <Heading as="h2" size="4" mb="1" id={titleId}>
          {reviewText.checksTitle}
        </Heading>
        <Text as="p" size="2" color="gray" mb="4">
          {reviewText.checksIntro}
        </Text>
        {error ? (
          <Text color="red" role="alert" size="2">
            {errorToastText(error)}
          </Text>
        ) : data ? (
          <ChecksForm settings={data} />
        ) : (
          <Flex align="center" gap="3" role="status">
            <Spinner />
            <Text color="gray">{reviewText.checksLoading}</Text>
          </Flex>
        )}
      </section>
    </Card>
  );
}

function ChecksForm({ settings }: { settings: PublishCheckSettings }) {
  const queryClient = useQueryClient();
  const [severities, setSeverities] = useState<Record<CheckId, Severity>>(
    () => Object.fromEntries(settings.checks.map((c) => [c.id, c.severity])) as Record<CheckId, Severity>,
  );
  const [text, setText] = useState(() => settings.disallowedLicences.join('\n'));
  const [error, setError] = useState<string>();
  const licences = licencesOf(text);
  const changed = settings.checks.some((c) => severities[c.id] !== c.severity) || licences.join('\n') !== settings.disallowedLicences.join('\n');
  const save = useMutation({
    mutationFn: savePublishChecks,
    onSuccess: (saved) => {
      queryClient.setQueryData(publishChecksQuery.queryKey, saved);
      // As the server keeps them (each once): what is shown is what is saved, and Save is disabled again.
      setText(saved.disallowedLicences.join('\n'));
      toast.success(reviewText.saved);
    },
    onError: (err) => {
      const field = toApiError(err).body?.fields?.find((f) => f.path.startsWith('disallowedLicences'));
      if (field) setError(field.message);
      else toast.apiError(err);
    },
  });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const input = { severities, disallowedLicences: licences };
    const refused = licencesError(input, licences);
    setError(refused);
    if (!refused) save.mutate(input);
  };
  return (
    <form noValidate onSubmit={onSubmit}>
      <Grid columns={{ initial: '1', sm: '2' }} gap="4">
        {settings.checks.map((check) => (
          <Field key={check.id} label={check.title} hint={reviewText.defaultSeverity(severityLabels[check.defaultSeverity])}>
            {({ id }) => (
              <Select.Root value={severities[check.id]} onValueChange={(v) => setSeverities({ ...severities, [check.id]: v as Severity })}>
                <Select.Trigger id={id} />
                <Select.Content position="popper">
                  {(['blocks', 'warns'] as const).map((s) => (
                    <Select.Item key={s} value={s}>
                      {severityLabels[s]}
                    </Select.Item>
                  ))}
                </Select.Content>
              </Select.Root>
            )}
          </Field>
        ))}
      </Grid>
      <Flex direction="column" gap="4" mt="4" style={{ maxWidth: 560 }}>
        <Field label={reviewText.licences} error={error} hint={reviewText.licencesHint}>
          {({ id, describedBy, invalid }) => (
            <TextArea
              id={id}
              aria-describedby={describedBy}
              aria-invalid={invalid}
              rows={6}
              value={text}
              onChange={(e) => {
                setText(e.target.value);
                setError(undefined);
              }}
            />
          )}
        </Field>
        <Flex align="center" gap="3" wrap="wrap">
          <Button type="submit" disabled={!changed} loading={save.isPending}>
            {reviewText.save}
          </Button>
          {settings.updatedAt && (
            <Text size="2" color="gray">
              {reviewText.lastSaved(formatDateTime(settings.updatedAt), settings.updatedBy)}
            </Text>
          )}
        </Flex>
      </Flex>
    </form>
  );
}
