import { Flex, Select, Switch, Text, TextField } from '@radix-ui/themes';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { EDITABLE_STATUSES, periodEndEditable, purchaseEditProblems, SHOWN_STATUSES } from '../../../contract/purchase-rules';
import type { PurchaseRecord, UpdatePurchaseInput } from '../../../contract/schemas/commerce';
import { Field } from '../../components/Field';
import { FormDialog } from '../../components/FormDialog';
import { DateTimeInput } from '../../components/purchases/DateTimeInput';
import { statusLabels } from '../../components/purchases/PricingInfo';
import { toApiError } from '../../lib/api';
import { applyServerErrors } from '../../lib/forms';
import { toast } from '../../lib/toast';
import { useUpdatePurchase } from './api';
import { recordsText } from './strings';

type Form = z.infer<typeof UpdatePurchaseInput>;

/**
 * SPEC §4 and §5 subscription edit: status (trialing, cancelled, cancelling; active and past due shown but
 * disabled), the period end (only when trialing or externally managed), seats (min 1, only when seat
 * based), and the one-way conversion to externally managed — the rules of contract/purchase-rules.ts.
 */
export default function EditPurchaseDialog({ record, onClose }: { record: z.infer<typeof PurchaseRecord>; onClose: () => void }) {
  const info = record.subscriptionInfo!;
  const [now] = useState(() => new Date());
  const { control, handleSubmit, watch, formState, setError, register } = useForm<Form>({
    defaultValues: { status: info.status, periodEnd: info.periodEnd, seats: info.seats, externallyManaged: info.externallyManaged },
  });
  const values = watch();
  const save = useUpdatePurchase(record._id);
  const submit = handleSubmit((v) => {
    const problems = purchaseEditProblems(record, v, new Date());
    if (problems.length) for (const p of problems) setError(p.path, { type: 'rule', message: p.message });
    else
      save.mutate(v, {
        onSuccess: () => {
          toast.success(recordsText.updated);
          onClose();
        },
        onError: (err) => {
          if (!applyServerErrors(err, setError)) toast.error(toApiError(err).body?.error || recordsText.updateFailed);
        },
      });
  });
  const editableEnd = periodEndEditable(record, values);
  return (
    <FormDialog title={recordsText.editTitle} description={record.appName} onClose={onClose} onSubmit={(e) => void submit(e)} pending={save.isPending}>
      <Controller
        control={control}
        name="status"
        render={({ field }) => (
          <Field label="Status" error={formState.errors.status?.message}>
            {({ id, describedBy }) => (
              <Select.Root value={field.value} onValueChange={field.onChange} disabled={values.externallyManaged && !info.externallyManaged}>
                <Select.Trigger id={id} aria-describedby={describedBy} />
                <Select.Content>
                  {SHOWN_STATUSES.map((s) => (
                    <Select.Item key={s} value={s} disabled={!(EDITABLE_STATUSES as readonly string[]).includes(s)}>
                      {statusLabels[s]}
                    </Select.Item>
                  ))}
                </Select.Content>
              </Select.Root>
            )}
          </Field>
        )}
      />
      <Controller
        control={control}
        name="periodEnd"
        render={({ field }) => (
          <Field
            label="Period End"
            error={formState.errors.periodEnd?.message}
            hint={editableEnd ? undefined : 'Changes only while trialing or externally managed.'}
          >
            {({ id, describedBy, invalid }) => (
              <DateTimeInput
                id={id}
                aria-describedby={describedBy}
                aria-invalid={invalid}
                value={field.value}
                onChange={field.onChange}
                min={now.toISOString()}
                disabled={!editableEnd}
              />
            )}
          </Field>
        )}
      />
      <Field
        label="Seats"
        error={formState.errors.seats?.message}
        hint={info.isSeatBased ? `At most ${info.maxSeats} in the current tier.` : 'This subscription is not seat based.'}
      >
        {({ id, describedBy, invalid }) => (
          <TextField.Root
            id={id}
            type="number"
            min={1}
            step={1}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            disabled={!info.isSeatBased}
            {...register('seats', { valueAsNumber: true })}
          />
        )}
      </Field>
      <Controller
        control={control}
        name="externallyManaged"
        render={({ field }) => (
          <Flex direction="column" gap="1">
            <Text as="label" size="2">
              <Flex gap="2" align="center">
                <Switch checked={field.value} onCheckedChange={field.onChange} disabled={info.externallyManaged} />
                Externally Managed
              </Flex>
            </Text>
            <Text size="1" color={formState.errors.externallyManaged ? 'red' : 'gray'} role={formState.errors.externallyManaged ? 'alert' : undefined}>
              {formState.errors.externallyManaged?.message ??
                (info.externallyManaged
                  ? 'Billed outside the marketplace.'
                  : 'Converting cannot be undone: the subscription becomes active until the period end you set.')}
            </Text>
          </Flex>
        )}
      />
    </FormDialog>
  );
}
