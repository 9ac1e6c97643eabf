import { Flex, TextArea } from '@radix-ui/themes';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ChangesInput } from '../../../contract/schemas/app';
import { Field } from '../../components/Field';
import { wizardVersionQuery } from './api';
import { StepFields } from './StepFields';
import { skipWhenReadOnly, StepFooter, type StepProps } from './StepFooter';
import { useStepForm } from './use-step-form';

/** SPEC §5 Changelog: public changes (markdown) and internal changes (plain, not public), both required. */
export function ChangesStep(props: StepProps) {
  const { data: v } = useSuspenseQuery(wizardVersionQuery(props.appId, props.versionId));
  const [values, setValues] = useState({ changesNote: v.changesNote, internalChangesNote: v.internalChangesNote });
  const form = useStepForm(
    ChangesInput,
    values,
    { changesNote: v.changesNote, internalChangesNote: v.internalChangesNote },
    (parsed, changed) => props.onNext(changed, { step: 'changes', values: parsed }),
    skipWhenReadOnly(props),
  );
  return (
    <form onSubmit={form.submit} noValidate>
      <StepFields readOnly={props.readOnly}>
        <Flex direction="column" gap="4">
          <Field label="Public changes (markdown)" error={form.error('changesNote')} hint="Shown to workspace admins with the update.">
            {(f) => (
              <TextArea
                rows={6}
                id={f.id}
                aria-describedby={f.describedBy}
                aria-invalid={f.invalid}
                value={values.changesNote}
                onChange={(e) => setValues({ ...values, changesNote: e.target.value })}
              />
            )}
          </Field>
          <Field label="Internal changes" error={form.error('internalChangesNote')} hint="For the reviewers only; never public.">
            {(f) => (
              <TextArea
                rows={4}
                id={f.id}
                aria-describedby={f.describedBy}
                aria-invalid={f.invalid}
                value={values.internalChangesNote}
                onChange={(e) => setValues({ ...values, internalChangesNote: e.target.value })}
              />
            )}
          </Field>
        </Flex>
      </StepFields>
      <StepFooter {...props} />
    </form>
  );
}
