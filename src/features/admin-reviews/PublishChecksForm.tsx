import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Flex, Grid, Text, TextArea } from '@radix-ui/themes';
import { useEffect, useRef } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { PublishCheckSettingsInput, Severity, type CheckId, type PublishCheckSettings } from '../../../contract/schemas/review';
import { ChoiceGroup } from '../../components/ChoiceGroup';
import { Field } from '../../components/Field';
import { toApiError } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { toast } from '../../lib/toast';
import { useSavePublishChecks } from './api';
import { reviewText, severityLabels } from './strings';

/** The licences as typed: separated by commas or new lines, each trimmed, blanks left out. */
export const licencesOf = (text: string) =>
  text
    .split(/[,\n]/)
    .map((l) => l.trim())
    .filter(Boolean);

/**
 * The form over the contract's input: the severities as they are, the licences as typed (one text). The licences are
 * checked by the contract's own rule; the first reason they are refused is named after the licence it is about.
 */
const ChecksForm = z.object({
  severities: PublishCheckSettingsInput.shape.severities,
  licences: z.string().superRefine((text, ctx) => {
    const licences = licencesOf(text);
    const result = PublishCheckSettingsInput.shape.disallowedLicences.safeParse(licences);
    if (result.success) return;
    const issue = result.error.issues[0]!;
    const at = issue.path[0];
    ctx.addIssue({ code: 'custom', message: typeof at === 'number' && licences[at] !== undefined ? `“${licences[at]}”: ${issue.message}` : issue.message });
  }),
});

const severityChoices = Severity.options.map((s) => ({ value: s, label: severityLabels[s] }));

const formValues = (settings: PublishCheckSettings) => ({
  severities: Object.fromEntries(settings.checks.map((c) => [c.id, c.severity])) as Record<CheckId, Severity>,
  licences: settings.disallowedLicences.join('\n'),
});

/**
 * The publish checks' editor (loaded when Edit publish checks is pressed; PublishChecks shows the settings without
 * it): each check's severity and the disallowed licences. `onClose` after Cancel (nothing saved) and after a Save.
 */
export default function PublishChecksForm({ settings, onClose }: { settings: PublishCheckSettings; onClose: () => void }) {
  // Checked on Save only; typing in the licences clears their message until the next Save.
  const { control, register, handleSubmit, formState, setError, clearErrors } = useForm({
    defaultValues: formValues(settings),
    resolver: zodResolver(ChecksForm),
    reValidateMode: 'onSubmit',
  });
  const severities = useWatch({ control, name: 'severities' });
  const licences = licencesOf(useWatch({ control, name: 'licences' }));
  const changed = settings.checks.some((c) => severities[c.id] !== c.severity) || licences.join('\n') !== settings.disallowedLicences.join('\n');
  const save = useSavePublishChecks();
  // Opened from its button, which the form replaces: the focus goes to its first field.
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => form.current?.querySelector<HTMLElement>('button, textarea')?.focus(), []);
  const submit = handleSubmit((v) =>
    save.mutate(
      { severities: v.severities, disallowedLicences: licencesOf(v.licences) },
      {
        // The saved settings (the licences each once, as the server keeps them) are the query's now: the settings shown.
        onSuccess: () => {
          toast.success(reviewText.saved);
          onClose();
        },
        onError: (err) => {
          const field = toApiError(err).body?.fields?.find((f) => f.path.startsWith('disallowedLicences'));
          if (field) setError('licences', { type: 'server', message: field.message });
          else toast.apiError(err);
        },
      },
    ),
  );
  return (
    <form noValidate onSubmit={submit} ref={form}>
      <Grid columns={{ initial: '1', sm: '2' }} gap="4">
        {settings.checks.map((check) => (
          <Flex key={check.id} direction="column" gap="1">
            <Controller
              control={control}
              name={`severities.${check.id}`}
              render={({ field }) => (
                <ChoiceGroup variant="select" label={check.title} options={severityChoices} value={field.value} onChange={field.onChange} />
              )}
            />
            <Text size="1" color="gray">
              {reviewText.defaultSeverity(severityLabels[check.defaultSeverity])}
            </Text>
          </Flex>
        ))}
      </Grid>
      <Flex direction="column" gap="4" mt="4" style={{ maxWidth: 560 }}>
        <Field label={reviewText.licences} error={formState.errors.licences?.message} hint={reviewText.licencesHint}>
          {({ id, describedBy, invalid }) => (
            <TextArea
              id={id}
              aria-describedby={describedBy}
              aria-invalid={invalid}
              rows={6}
              {...register('licences', { onChange: () => clearErrors('licences') })}
            />
          )}
        </Field>
        <Flex align="center" gap="3" wrap="wrap">
          <Button type="submit" disabled={!changed} loading={save.isPending}>
            {reviewText.save}
          </Button>
          <Button type="button" variant="soft" color="gray" disabled={save.isPending} onClick={onClose}>
            {reviewText.cancel}
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
