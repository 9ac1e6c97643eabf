import { Flex, Grid, IconButton, TextArea, TextField } from '@radix-ui/themes';
import { Cross2Icon } from '@radix-ui/react-icons';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { InfoInput, SHORT_DESCRIPTION } from '../../../contract/schemas/app';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Field } from '../../components/Field';
import { toast } from '../../lib/toast';
import { uploadFailureText } from '../../lib/upload';
import { screenshotsQuery, useDeleteScreenshot, useUploadScreenshots, wizardVersionQuery } from './api';
import { FileDrop } from '../../components/FileDrop';
import { StepFields } from './StepFields';
import { skipWhenReadOnly, StepFooter, type StepProps } from './StepFooter';
import { useStepForm } from './use-step-form';

/**
 * SPEC §5 Screenshots and info: PNG/JPEG screenshots (16:9, 960×540 advised), then the listing texts. Edit info
 * shows the screenshots too (they are the listing's), without asking about an empty set.
 */
export function InfoStep(props: StepProps & { withScreenshots: boolean }) {
  const { appId, versionId } = props;
  const { data: v } = useSuspenseQuery(wizardVersionQuery(appId, versionId));
  const { data: shots } = useSuspenseQuery(screenshotsQuery(appId, versionId));
  const uploadShots = useUploadScreenshots(appId, versionId);
  const deleteShot = useDeleteScreenshot(appId, versionId);
  const saved = {
    shortDescription: v.shortDescription,
    description: v.description,
    privacyPolicySummary: v.privacyPolicySummary,
    documentationUrl: v.documentationUrl,
  };
  const [values, setValues] = useState(saved);
  const [confirm, setConfirm] = useState<null | (() => void)>(null);
  const form = useStepForm(
    InfoInput,
    values,
    saved,
    (parsed, changed) => {
      const next = () => props.onNext(changed, { step: props.kind === 'edit' ? 'info' : 'screenshots', values: parsed });
      if (props.withScreenshots && props.kind !== 'edit' && shots.length === 0) setConfirm(() => next);
      else next();
    },
    skipWhenReadOnly(props),
  );
  const upload = (files: File[]) => {
    if (!files.length) return;
    uploadShots.mutate(files, { onError: (err) => toast.error(uploadFailureText(err)) });
  };
  const remove = (id: string) => deleteShot.mutate(id, { onError: toast.apiError });
  // Edit info removes from a listing that may be live: it asks first, as the app page's Listing section does.
  const [removing, setRemoving] = useState<{ id: string; fileName: string } | null>(null);
  const askRemove = (shot: { id: string; fileName: string }) => (props.kind === 'edit' ? setRemoving(shot) : remove(shot.id));
  const text = (name: keyof typeof values) => ({
    value: values[name],
    onChange: (e: { target: { value: string } }) => setValues({ ...values, [name]: e.target.value }),
  });
  return (
    <form onSubmit={form.submit} noValidate>
      <StepFields readOnly={props.readOnly}>
        <Flex direction="column" gap="4">
          {props.withScreenshots && (
            <Flex direction="column" gap="2">
              <FileDrop
                id="screenshot-files"
                label="Screenshots (PNG or JPEG, several at once; 16:9 such as 960×540 works best)"
                accept="image/png,image/jpeg"
                multiple
                disabled={!!props.readOnly || uploadShots.isPending}
                onFiles={upload}
              />
              {shots.length > 0 && (
                <Grid columns={{ initial: '2', sm: '4' }} gap="2" asChild>
                  <ul aria-label="Screenshots" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                    {shots.map((s) => (
                      <li key={s.id} style={{ position: 'relative' }}>
                        <img src={s.thumbnailUrl} alt={s.fileName} style={{ width: '100%', aspectRatio: '16 / 9', objectFit: 'cover', borderRadius: 6 }} />
                        <IconButton
                          type="button"
                          size="1"
                          color="red"
                          variant="solid"
                          aria-label={`Delete ${s.fileName}`}
                          style={{ position: 'absolute', top: 4, right: 4 }}
                          onClick={() => askRemove(s)}
                        >
                          <Cross2Icon />
                        </IconButton>
                      </li>
                    ))}
                  </ul>
                </Grid>
              )}
            </Flex>
          )}
          <Field label="Short description" error={form.error('shortDescription')} hint={`${values.shortDescription.length}/${SHORT_DESCRIPTION.max}`}>
            {(f) => (
              <TextField.Root
                id={f.id}
                aria-describedby={f.describedBy}
                aria-invalid={f.invalid}
                maxLength={SHORT_DESCRIPTION.inputMaxLength}
                {...text('shortDescription')}
              />
            )}
          </Field>
          <Field label="Description" error={form.error('description')}>
            {(f) => <TextArea id={f.id} rows={5} aria-describedby={f.describedBy} aria-invalid={f.invalid} {...text('description')} />}
          </Field>
          <Field label="Privacy Policy Summary" error={form.error('privacyPolicySummary')} hint="Plain text: what the app stores and sends.">
            {(f) => <TextArea id={f.id} rows={3} aria-describedby={f.describedBy} aria-invalid={f.invalid} {...text('privacyPolicySummary')} />}
          </Field>
          <Field label="Documentation URL" error={form.error('documentationUrl')}>
            {(f) => <TextField.Root id={f.id} type="url" aria-describedby={f.describedBy} aria-invalid={f.invalid} {...text('documentationUrl')} />}
          </Field>
        </Flex>
      </StepFields>
      <StepFooter {...props} />
      {removing && (
        <ConfirmDialog
          title="Remove this screenshot?"
          text={`${removing.fileName} leaves the listing.`}
          onNo={() => setRemoving(null)}
          onYes={() => {
            remove(removing.id);
            setRemoving(null);
          }}
        />
      )}
      {confirm && (
        <ConfirmDialog
          title="No Screenshots Provided"
          text="Continue without screenshots?"
          onNo={() => setConfirm(null)}
          onYes={() => {
            const next = confirm;
            setConfirm(null);
            next();
          }}
        />
      )}
    </form>
  );
}
