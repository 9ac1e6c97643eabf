import { zodResolver } from '@hookform/resolvers/zod';
import { PlusIcon, TrashIcon } from '@radix-ui/react-icons';
import { Button, Callout, Checkbox, Flex, IconButton, Select, Switch, Table, Text, TextField } from '@radix-ui/themes';
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { BUNDLE_PLAN_DEFAULTS as D, BUNDLE_TEXT as T, nextTier, type BundlePlanInput } from '../../../contract/schemas/bundle';
import { Drawer } from '../../components/Drawer';
import { Field } from '../../components/Field';

type Strategy = 'monthly' | 'yearly';
type TierForm = { price: string; perUnit: boolean; minimum: string; maximum: string };
type Form = { strategy: Strategy; trialDays: string; price: string; isPerSeat: boolean; tiers: TierForm[] };
export type PlanProblem = { title?: string; text: string; field: 'strategy' | 'trialDays' | 'price' | 'tiers' };

const tierForm = (t: ReturnType<typeof nextTier>): TierForm => ({
  price: String(t.price),
  perUnit: t.perUnit,
  minimum: String(t.minimum),
  maximum: String(t.maximum),
});
const num = (v: string) => (v.trim() === '' ? NaN : Number(v));

/** SPEC §9 plan drawer defaults: monthly (or the strategy still free), 14 trial days, a flat price of 3. */
export function emptyPlan(taken: Strategy[]): Form {
  return { strategy: taken.includes(D.strategy) ? 'yearly' : D.strategy, trialDays: String(D.trialDays), price: String(D.price), isPerSeat: false, tiers: [] };
}

/** The next tier's form: SPEC §9 defaults after the last one (1–50 first, then +1 spanning 100). */
export function addTier(tiers: TierForm[]): TierForm[] {
  const last = tiers.at(-1);
  return [
    ...tiers,
    tierForm(
      nextTier(
        last ? { price: num(last.price) || 0, perUnit: last.perUnit, minimum: num(last.minimum) || 1, maximum: num(last.maximum) || D.tierMaximum } : undefined,
      ),
    ),
  ];
}

/** The plan the form makes, or what is wrong with it (SPEC §5 and §9 messages, the contract's texts). */
export function planFrom(form: Form, taken: Strategy[]): { plan?: BundlePlanInput; problem?: PlanProblem } {
  if (taken.includes(form.strategy)) return { problem: { field: 'strategy', text: T.planExists(form.strategy) } };
  const trialDays = num(form.trialDays);
  if (!Number.isInteger(trialDays) || trialDays < 0 || trialDays > D.maxTrialDays) return { problem: { field: 'trialDays', text: T.trialDays } };
  if (form.isPerSeat) {
    if (form.tiers.length < 2) return { problem: { field: 'tiers', title: T.tierCountTitle, text: T.tierCount } };
    const tiers = form.tiers.map((t) => ({ price: num(t.price), perUnit: t.perUnit, minimum: num(t.minimum), maximum: num(t.maximum) }));
    for (const [i, t] of tiers.entries()) {
      if (!(t.price >= 0)) return { problem: { field: 'tiers', text: `Tier ${i + 1}: the price must be 0 or more.` } };
      if (!(Number.isInteger(t.minimum) && t.minimum >= 1)) return { problem: { field: 'tiers', text: `Tier ${i + 1}: the minimum must be at least 1.` } };
      if (!(Number.isInteger(t.maximum) && t.maximum >= -1))
        return { problem: { field: 'tiers', text: `Tier ${i + 1}: the maximum must be -1 (no maximum) or more.` } };
      const previous = tiers[i - 1];
      if (previous && t.minimum !== previous.maximum + 1) return { problem: { field: 'tiers', text: `Tier ${i + 1}: ${T.tierOrder}` } };
    }
    return { plan: { strategy: form.strategy, trialDays, price: 0, isPerSeat: true, tiers } };
  }
  const price = num(form.price);
  if (!(price > 0)) return { problem: { field: 'price', title: T.flatPriceTitle, text: T.flatPrice } };
  if (price > D.maxPrice) return { problem: { field: 'price', text: T.maxPrice } };
  return { plan: { strategy: form.strategy, trialDays, price: Math.round(price * 100) / 100, isPerSeat: false, tiers: [] } };
}

/** The problems shown above the form with a title of their own (SPEC §9), by their text. */
const titles: Record<string, string> = { [T.flatPrice]: T.flatPriceTitle, [T.tierCount]: T.tierCountTitle };
const fields = ['strategy', 'trialDays', 'price', 'tiers'] as const;

/** The drawer's form: the plan it makes, or its one problem on the field it is about (`planFrom`, the contract's texts). */
const planForm = (taken: Strategy[]) =>
  z.custom<Form>().transform((form, ctx) => {
    const { plan, problem } = planFrom(form, taken);
    if (plan) return plan;
    ctx.addIssue({ code: 'custom', path: [problem!.field], message: problem!.text });
    return z.NEVER;
  });

/**
 * SPEC §9 Bundle plan drawer: strategy (one plan per strategy), trial days 0–30, a flat price (disabled
 * when per seat), per seat, and the seat tiers with their defaults; a free tier is pointed out.
 */
export default function PlanDrawer({ taken, onClose, onAdd }: { taken: Strategy[]; onClose: () => void; onAdd: (plan: BundlePlanInput) => void }) {
  const { register, control, handleSubmit, formState, clearErrors, setValue } = useForm<Form, unknown, BundlePlanInput>({
    defaultValues: emptyPlan(taken),
    resolver: zodResolver(planForm(taken)),
    // The problem is that of the last Add plan, until anything is edited.
    reValidateMode: 'onSubmit',
  });
  const tierRows = useFieldArray({ control, name: 'tiers' });
  const form = useWatch({ control }) as Form;
  /** Any edit clears the problem. */
  const edited = () => clearErrors();
  const input = (name: Parameters<typeof register>[0]) => register(name, { onChange: edited });
  const problem = fields
    .map((field): PlanProblem | undefined => {
      const error = formState.errors[field];
      const text = (field === 'tiers' ? formState.errors.tiers?.root?.message : undefined) ?? error?.message;
      return text ? { field, text, title: titles[text] } : undefined;
    })
    .find(Boolean);
  const fieldError = (f: PlanProblem['field']) => (problem?.field === f && !problem.title ? problem.text : undefined);
  /** A tier's maximum: SPEC §9, an emptied maximum is 100. */
  const maximum = (i: number) => {
    const field = input(`tiers.${i}.maximum`);
    return {
      ...field,
      onBlur: (e: { target: HTMLInputElement; type: string }) => {
        if (e.target.value.trim() === '') setValue(`tiers.${i}.maximum`, String(D.tierMaximum));
        return field.onBlur(e);
      },
    };
  };
  return (
    <Drawer
      title="Add a pricing plan"
      description="How workspaces pay for the bundle: monthly or yearly, flat or per seat."
      width={500}
      onClose={onClose}
      footer={
        <Button type="submit" form="bundle-plan">
          Add plan
        </Button>
      }
    >
      <form id="bundle-plan" noValidate onSubmit={(e) => void handleSubmit((plan) => onAdd(plan))(e)}>
        <Flex direction="column" gap="4">
          {problem?.title && (
            <Callout.Root color="red" role="alert">
              <Callout.Text>
                <Text weight="bold">{problem.title}</Text> — {problem.text}
              </Callout.Text>
            </Callout.Root>
          )}
          <Field label="Strategy" error={fieldError('strategy')}>
            {({ id, describedBy, invalid }) => (
              <Controller
                control={control}
                name="strategy"
                render={({ field }) => (
                  <Select.Root
                    value={field.value}
                    onValueChange={(v) => {
                      field.onChange(v as Strategy);
                      edited();
                    }}
                  >
                    <Select.Trigger id={id} aria-describedby={describedBy} aria-invalid={invalid} />
                    <Select.Content>
                      <Select.Item value="monthly">Monthly</Select.Item>
                      <Select.Item value="yearly">Yearly</Select.Item>
                    </Select.Content>
                  </Select.Root>
                )}
              />
            )}
          </Field>
          <Field label="Trial days" error={fieldError('trialDays')} hint="0 to 30 days free before billing starts.">
            {({ id, describedBy, invalid }) => (
              <TextField.Root
                id={id}
                type="number"
                min={0}
                max={D.maxTrialDays}
                step={1}
                aria-describedby={describedBy}
                aria-invalid={invalid}
                {...input('trialDays')}
              />
            )}
          </Field>
          <Text as="label" size="2">
            <Flex gap="2" align="center">
              <Controller
                control={control}
                name="isPerSeat"
                render={({ field }) => (
                  <Switch
                    checked={field.value}
                    onBlur={field.onBlur}
                    onCheckedChange={(isPerSeat) => {
                      field.onChange(isPerSeat);
                      if (isPerSeat && form.tiers.length === 0) tierRows.replace(addTier(addTier([])));
                      edited();
                    }}
                  />
                )}
              />
              Per seat
            </Flex>
          </Text>
          <Field label="Price (USD)" error={fieldError('price')} hint={form.isPerSeat ? 'Per-seat plans are priced by their tiers.' : undefined}>
            {({ id, describedBy, invalid }) => (
              <TextField.Root
                id={id}
                type="number"
                min={0}
                max={D.maxPrice}
                step={0.01}
                disabled={form.isPerSeat}
                aria-describedby={describedBy}
                aria-invalid={invalid}
                {...input('price')}
              />
            )}
          </Field>
          {form.isPerSeat && (
            <Flex direction="column" gap="2">
              <Text as="div" size="2" weight="medium" id="tiers-title">
                Tiers
              </Text>
              <Table.Root size="1" aria-labelledby="tiers-title">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeaderCell>Price</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell>Per seat</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell>From</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell>To</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell>Remove</Table.ColumnHeaderCell>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {tierRows.fields.map((row, i) => (
                    <Table.Row key={row.id}>
                      <Table.Cell>
                        <TextField.Root size="1" type="number" min={0} step={0.01} aria-label={`Tier ${i + 1} price`} {...input(`tiers.${i}.price`)} />
                        {num(form.tiers[i]?.price ?? '') === 0 && (
                          <Text as="p" size="1" color="orange" mt="1">
                            {T.freeTier}
                          </Text>
                        )}
                      </Table.Cell>
                      <Table.Cell>
                        <Controller
                          control={control}
                          name={`tiers.${i}.perUnit`}
                          render={({ field }) => (
                            <Checkbox
                              aria-label={`Tier ${i + 1} priced per seat`}
                              checked={field.value}
                              onBlur={field.onBlur}
                              onCheckedChange={(c) => {
                                field.onChange(c === true);
                                edited();
                              }}
                            />
                          )}
                        />
                      </Table.Cell>
                      <Table.Cell>
                        <TextField.Root size="1" type="number" min={1} step={1} aria-label={`Tier ${i + 1} minimum`} {...input(`tiers.${i}.minimum`)} />
                      </Table.Cell>
                      <Table.Cell>
                        <TextField.Root size="1" type="number" min={-1} step={1} aria-label={`Tier ${i + 1} maximum`} {...maximum(i)} />
                      </Table.Cell>
                      <Table.Cell>
                        <IconButton
                          type="button"
                          size="1"
                          variant="ghost"
                          color="red"
                          aria-label={`Remove tier ${i + 1}`}
                          onClick={() => {
                            tierRows.remove(i);
                            edited();
                          }}
                        >
                          <TrashIcon />
                        </IconButton>
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
              <Flex>
                <Button
                  type="button"
                  size="1"
                  variant="soft"
                  onClick={() => {
                    tierRows.append(addTier(form.tiers).at(-1)!);
                    edited();
                  }}
                >
                  <PlusIcon aria-hidden /> Add tier
                </Button>
              </Flex>
              {fieldError('tiers') && (
                <Text size="1" color="red" role="alert">
                  {fieldError('tiers')}
                </Text>
              )}
            </Flex>
          )}
        </Flex>
      </form>
    </Drawer>
  );
}
