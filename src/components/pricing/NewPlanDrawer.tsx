import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Callout, Flex, IconButton, Switch, Table, Text, TextField } from '@radix-ui/themes';
import { Cross2Icon } from '@radix-ui/react-icons';
import { Controller, useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { z } from 'zod';
import { NewPriceInput, PRICE_MESSAGES, type Price } from '../../../contract/schemas/price';
import { applyServerErrors } from '../../lib/forms';
import { toast } from '../../lib/toast';
import { DataTable } from '../DataTable';
import { Drawer } from '../Drawer';
import { Field } from '../Field';
import { useCreatePrice } from './api';

type Tier = { minimum: number; maximum: number; price: string };
/** SPEC §9: the first tier spans 1–50; each later one starts at the previous maximum + 1 and spans 100. */
export const nextTier = (tiers: Tier[]): Tier => {
  const last = tiers.at(-1);
  return last ? { minimum: last.maximum + 1, maximum: last.maximum + 100, price: last.price } : { minimum: 1, maximum: 50, price: '' };
};
const num = (s: string) => (s.trim() === '' ? undefined : Number(s));

type Values = {
  name: string;
  monthly: boolean;
  monthlyPrice: string;
  yearly: boolean;
  yearlyPrice: string;
  trial: boolean;
  trialDays: string;
  perSeat: boolean;
  tiers: Tier[];
};
const empty: Values = { name: '', monthly: true, monthlyPrice: '', yearly: true, yearlyPrice: '', trial: false, trialDays: '', perSeat: false, tiers: [] };

/** The plan the drawer's fields make (the call's body): an empty number is missing, a term off costs 0. */
function bodyOf(v: Values) {
  const tierRows = v.tiers.map((t) => ({ minimum: t.minimum, maximum: t.maximum, price: num(t.price) ?? 0, perUnit: true }));
  const term = (enabled: boolean, price: string) => ({
    enabled,
    price: enabled ? num(price) : 0,
    stripePriceId: '',
    isSeatBased: v.perSeat,
    tiers: v.perSeat ? tierRows : [],
  });
  return {
    name: v.name,
    monthly: term(v.monthly, v.monthlyPrice),
    yearly: term(v.yearly, v.yearlyPrice),
    trialEnabled: v.trial,
    trialDuration: v.trial ? num(v.trialDays) : undefined,
  };
}

/** The drawer's fields checked as the body they make, by the contract's schema (its messages, at the body's paths). */
const PlanForm = z
  .custom<Values>()
  .transform((v): unknown => bodyOf(v))
  .pipe(NewPriceInput);

/** The form's errors as the first message per body path ('monthly.price', 'monthly.tiers', …), as the drawer shows them. */
function messages(errors: FieldErrors, prefix = '', out: Record<string, string> = {}): Record<string, string> {
  for (const [key, value] of Object.entries(errors)) {
    if (key === 'ref' || key === 'types' || !value || typeof value !== 'object') continue;
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof (value as { message?: unknown }).message === 'string') out[path] ??= (value as { message: string }).message;
    messages(value as FieldErrors, path, out);
  }
  return out;
}

/**
 * New pricing plan (SPEC §5): a name, monthly and yearly billing (both on by default, prices ≥ 0), a trial
 * (off by default, at least 1 day when on), and per-seat tiers (at least two). The contract's schema gives
 * the messages; the server checks the same (a 400's fields go where the form shows them). `onCreated` hears of the
 * plan made (the wizard's pricing step chooses it), before the drawer closes.
 */
export function NewPlanDrawer({ appId, onClose, onCreated }: { appId: string; onClose: () => void; onCreated?: (plan: Price) => void }) {
  const { register, control, handleSubmit, formState, setError, setValue } = useForm<Values, unknown, NewPriceInput>({
    defaultValues: empty,
    resolver: zodResolver(PlanForm),
    // The messages are those of the last Save (a field fixed keeps its message until then).
    reValidateMode: 'onSubmit',
  });
  const v = { ...empty, ...useWatch({ control }) } as Values;
  const tiers = v.tiers;
  const setTiers = (next: Tier[]) => setValue('tiers', next);
  const save = useCreatePrice(appId);
  const dirty = v.name !== '' || v.monthlyPrice !== '' || v.yearlyPrice !== '' || v.trial || v.perSeat;
  const submit = handleSubmit((body) =>
    save.mutate(body, {
      onSuccess: (plan) => {
        toast.success('New Price Created Successfully');
        onCreated?.(plan);
        onClose();
      },
      onError: (err) => {
        if (!applyServerErrors(err, setError))
          toast.error(`Failed to save the new pricing plan: ${err instanceof Error ? err.message : String(err)}`, 'Save Failure');
      },
    }),
  );
  const errors = messages(formState.errors);
  const tierError = errors['monthly.tiers'] ?? errors['yearly.tiers'] ?? Object.entries(errors).find(([k]) => /tiers\.\d+/.test(k))?.[1];
  return (
    <Drawer
      title="New pricing plan"
      description="A subscription plan; saving makes it the app's active price (the previous one becomes legacy)."
      width={720}
      dirty={dirty}
      onClose={onClose}
      footer={
        <Button loading={save.isPending} onClick={() => void submit()}>
          Save
        </Button>
      }
    >
      <Flex direction="column" gap="4">
        <Field label="Plan name" error={errors.name}>
          {(f) => <TextField.Root id={f.id} aria-describedby={f.describedBy} aria-invalid={f.invalid} maxLength={80} {...register('name')} />}
        </Field>
        {(['monthly', 'yearly'] as const).map((t) => (
          <Flex key={t} gap="3" align="end" wrap="wrap">
            <Text as="label" size="2">
              <Flex gap="2" align="center">
                <Controller
                  control={control}
                  name={t}
                  render={({ field }) => <Switch checked={field.value} onCheckedChange={field.onChange} onBlur={field.onBlur} />}
                />{' '}
                {t === 'monthly' ? 'Monthly billing' : 'Yearly billing'}
              </Flex>
            </Text>
            {v[t] && (
              <Field
                label={t === 'monthly' ? 'Monthly price (USD)' : 'Yearly price (USD)'}
                error={errors[`${t}.price`] ?? (t === 'monthly' ? errors['monthly.enabled'] : undefined)}
              >
                {(f) => (
                  <TextField.Root
                    id={f.id}
                    aria-describedby={f.describedBy}
                    aria-invalid={f.invalid}
                    type="number"
                    min={0}
                    step={0.01}
                    {...register(`${t}Price`)}
                  />
                )}
              </Field>
            )}
          </Flex>
        ))}
        {!v.monthly && !v.yearly && errors['monthly.enabled'] && (
          <Text size="1" color="red" role="alert">
            {errors['monthly.enabled']}
          </Text>
        )}
        <Flex gap="3" align="end" wrap="wrap">
          <Text as="label" size="2">
            <Flex gap="2" align="center">
              <Controller
                control={control}
                name="trial"
                render={({ field }) => <Switch checked={field.value} onCheckedChange={field.onChange} onBlur={field.onBlur} />}
              />{' '}
              Free trial
            </Flex>
          </Text>
          {v.trial && (
            <Field label="Trial days" error={errors.trialDuration}>
              {(f) => (
                <TextField.Root id={f.id} aria-describedby={f.describedBy} aria-invalid={f.invalid} type="number" min={1} step={1} {...register('trialDays')} />
              )}
            </Field>
          )}
        </Flex>
        <Text as="label" size="2">
          <Flex gap="2" align="center">
            <Controller
              control={control}
              name="perSeat"
              render={({ field }) => (
                <Switch
                  checked={field.value}
                  onBlur={field.onBlur}
                  onCheckedChange={(perSeat) => {
                    field.onChange(perSeat);
                    if (perSeat && tiers.length === 0) setTiers([nextTier([]), nextTier([nextTier([])])]);
                  }}
                />
              )}
            />{' '}
            Priced per seat (tiers)
          </Flex>
        </Text>
        {v.perSeat && (
          <Flex direction="column" gap="2">
            <DataTable caption="Seat tiers">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeaderCell>Seats from</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Seats to</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Price per seat (USD)</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Remove</Table.ColumnHeaderCell>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {tiers.map((t, i) => (
                  <Table.Row key={i}>
                    <Table.RowHeaderCell>{t.minimum}</Table.RowHeaderCell>
                    <Table.Cell>
                      <TextField.Root
                        aria-label={`Tier ${i + 1}: seats to`}
                        type="number"
                        min={t.minimum}
                        value={t.maximum}
                        onChange={(e) =>
                          setTiers(
                            tiers.map((x, j) =>
                              j === i ? { ...x, maximum: Number(e.target.value) } : j === i + 1 ? { ...x, minimum: Number(e.target.value) + 1 } : x,
                            ),
                          )
                        }
                      />
                    </Table.Cell>
                    <Table.Cell>
                      <TextField.Root
                        aria-label={`Tier ${i + 1}: price per seat`}
                        type="number"
                        min={0}
                        step={0.01}
                        value={t.price}
                        onChange={(e) => setTiers(tiers.map((x, j) => (j === i ? { ...x, price: e.target.value } : x)))}
                      />
                    </Table.Cell>
                    <Table.Cell>
                      <IconButton
                        type="button"
                        variant="ghost"
                        color="red"
                        aria-label={`Remove tier ${i + 1}`}
                        disabled={i !== tiers.length - 1}
                        onClick={() => setTiers(tiers.slice(0, -1))}
                      >
                        <Cross2Icon />
                      </IconButton>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </DataTable>
            <Button type="button" variant="soft" onClick={() => setTiers([...tiers, nextTier(tiers)])} style={{ alignSelf: 'start' }}>
              Add tier
            </Button>
            {tierError && (
              <Callout.Root color="red" role="alert">
                <Callout.Text>
                  {tierError === PRICE_MESSAGES.tierCount ? <strong>Invalid Tier Count: </strong> : null}
                  {tierError}
                </Callout.Text>
              </Callout.Root>
            )}
          </Flex>
        )}
      </Flex>
    </Drawer>
  );
}
