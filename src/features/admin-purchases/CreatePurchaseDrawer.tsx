import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Flex, Select, Switch, Text, TextField } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import type { App } from '../../../contract/schemas/app';
import { CREATE_PURCHASE_MESSAGES as M, CreatePurchaseInput, type PurchaseRecord } from '../../../contract/schemas/commerce';
import { Drawer } from '../../components/Drawer';
import { Field } from '../../components/Field';
import { DateTimeInput, startOfYesterday } from '../../components/purchases/DateTimeInput';
import { applyServerErrors } from '../../lib/forms';
import { purchasableAppsQuery, useCreatePurchase } from './api';
import { recordsText } from './strings';

type Form = { appId: string; planId: string; seats: string; periodEnd: string; workspaceId: string };
type Errors = Partial<Record<keyof Form, string>>;
const strategyLabel = { monthly: 'Monthly', yearly: 'Yearly' } as const;

/** SPEC §5's checks of the drawer, for the chosen app (plan, seats and period end only for subscriptions). */
export function createProblems(form: Form, app: App | undefined, now = new Date()): Errors {
  const errors: Errors = {};
  if (!form.appId || !app) errors.appId = M.appId;
  if (!form.workspaceId.trim()) errors.workspaceId = M.workspaceId;
  if (app?.purchaseType === 'subscription') {
    const plan = app.pricingPlans.find((p) => p.id === form.planId);
    if (!plan) errors.planId = M.planId;
    if (plan?.isPerSeat && !(Number(form.seats) >= 1 && Number.isInteger(Number(form.seats)))) errors.seats = M.seats;
    if (!form.periodEnd || Date.parse(form.periodEnd) < Date.parse(startOfYesterday(now))) errors.periodEnd = M.periodEnd;
  }
  return errors;
}

/**
 * The drawer's fields, every SPEC §5 problem at once for the chosen app, made into the contract's request as
 * SPEC §7 has it: externally managed, the plan only for a subscription, seats 0 unless per seat, the period end
 * now by default.
 */
export const createPurchaseForm = (app: App | undefined) =>
  z
    .object({ appId: z.string(), planId: z.string(), seats: z.string(), periodEnd: z.string(), workspaceId: z.string() })
    .superRefine((form, ctx) => {
      for (const [path, message] of Object.entries(createProblems(form, app))) if (message) ctx.addIssue({ code: 'custom', path: [path], message });
    })
    .transform((form): z.input<typeof CreatePurchaseInput> => {
      const plan = app?.pricingPlans.find((p) => p.id === form.planId);
      return {
        appId: form.appId,
        workspaceId: form.workspaceId,
        externallyManaged: true,
        planId: app?.purchaseType === 'subscription' ? form.planId : '',
        seats: plan?.isPerSeat ? Number(form.seats) || 0 : 0,
        addonTierId: '',
        periodEnd: form.periodEnd || new Date().toISOString(),
      };
    })
    .pipe(CreatePurchaseInput);

/**
 * SPEC §3 Create Purchase Record (width 500): App select; Externally Managed on and locked; for
 * subscription apps Plan, Seats (per-seat plans only) and Period End (dates before yesterday disabled);
 * Workspace ID. The request as SPEC §7 has it: externallyManaged true, seats 0 when empty, period end now
 * by default. A failure the server does not pin on a field is only logged (SPEC §8).
 */
export default function CreatePurchaseDrawer({ onClose, onCreated }: { onClose: () => void; onCreated: (record: z.infer<typeof PurchaseRecord>) => void }) {
  const [search, setSearch] = useState('');
  const q = useDeferredValue(search.trim());
  const apps = useQuery(purchasableAppsQuery(q));
  const [chosen, setChosen] = useState<App | undefined>();
  // What the checks read when they run (a choice and its check happen in the same event, before a render).
  const chosenNow = useRef<App | undefined>(undefined);
  const { register, control, handleSubmit, formState, setError, setValue, clearErrors, watch } = useForm<Form, unknown, z.output<typeof CreatePurchaseInput>>({
    defaultValues: { appId: '', planId: '', seats: '', periodEnd: new Date().toISOString(), workspaceId: '' },
    resolver: (values, context, options) => zodResolver(createPurchaseForm(chosenNow.current))(values, context, options),
  });
  const errors = formState.errors;
  const [appId, planId, workspaceId] = watch(['appId', 'planId', 'workspaceId']);
  const plan = chosen?.pricingPlans.find((p) => p.id === planId);
  const create = useCreatePurchase();
  const submit = handleSubmit((body) =>
    create.mutate(body, {
      onSuccess: (record) => onCreated(record),
      onError: (err) => {
        if (!applyServerErrors(err, setError)) console.error('Creating the purchase record failed', err);
      },
    }),
  );
  const options = apps.data?.data ?? [];
  const listed = chosen && !options.some((a) => a.appId === chosen.appId) ? [chosen, ...options] : options;
  return (
    <Drawer
      title={recordsText.createTitle}
      description="Mark an app as purchased by a workspace, billed outside the marketplace."
      width={500}
      dirty={!!appId || !!workspaceId}
      onClose={onClose}
      footer={
        <Button type="submit" form="create-purchase" loading={create.isPending}>
          Save
        </Button>
      }
    >
      <form id="create-purchase" noValidate onSubmit={(e) => void submit(e)}>
        <Flex direction="column" gap="4">
          <Field label="Find an app" hint={apps.isFetching ? 'Searching…' : `${apps.data?.meta.total ?? 0} apps match; the first 50 are listed.`}>
            {({ id, describedBy }) => (
              <TextField.Root
                id={id}
                type="search"
                aria-describedby={describedBy}
                value={search}
                maxLength={100}
                placeholder="Name or id"
                onChange={(e) => setSearch(e.currentTarget.value)}
              />
            )}
          </Field>
          <Controller
            control={control}
            name="appId"
            render={({ field }) => (
              <Field label="App" error={errors.appId?.message}>
                {({ id, describedBy, invalid }) => (
                  <Select.Root
                    value={field.value}
                    onValueChange={(next) => {
                      chosenNow.current = listed.find((a) => a.appId === next);
                      setChosen(chosenNow.current);
                      setValue('planId', '');
                      setValue('seats', '');
                      clearErrors(['planId', 'seats']);
                      field.onChange(next);
                    }}
                  >
                    <Select.Trigger id={id} aria-describedby={describedBy} aria-invalid={invalid} placeholder="Select an app" />
                    <Select.Content>
                      {listed.map((a) => (
                        <Select.Item key={a.appId} value={a.appId}>
                          {a.latest.name} · {a.publisher.label}
                        </Select.Item>
                      ))}
                    </Select.Content>
                  </Select.Root>
                )}
              </Field>
            )}
          />
          <Text as="label" size="2">
            <Flex gap="2" align="center">
              <Switch checked disabled aria-describedby="externally-managed-hint" />
              Externally Managed
            </Flex>
          </Text>
          <Text id="externally-managed-hint" size="1" color="gray" mt="-3">
            Records made here are always billed outside the marketplace.
          </Text>
          {chosen?.purchaseType === 'subscription' && (
            <Flex direction="column" gap="4" asChild>
              <fieldset style={{ border: 'none', margin: 0, padding: 0 }}>
                <Text as="div" size="3" weight="bold" asChild>
                  <legend>Subscription Info</legend>
                </Text>
                <Controller
                  control={control}
                  name="planId"
                  render={({ field }) => (
                    <Field
                      label="Plan"
                      error={errors.planId?.message}
                      hint={chosen.pricingPlans.length ? undefined : 'This app has no active subscription plan.'}
                    >
                      {({ id, describedBy, invalid }) => (
                        <Select.Root
                          value={field.value}
                          onValueChange={(next) => {
                            setValue('seats', '');
                            clearErrors('seats');
                            field.onChange(next);
                          }}
                        >
                          <Select.Trigger id={id} aria-describedby={describedBy} aria-invalid={invalid} placeholder="Select a plan" />
                          <Select.Content>
                            {chosen.pricingPlans.map((p) => (
                              <Select.Item key={p.id} value={p.id}>
                                {strategyLabel[p.strategy]}
                                {p.isPerSeat ? ' (per seat)' : ''}
                              </Select.Item>
                            ))}
                          </Select.Content>
                        </Select.Root>
                      )}
                    </Field>
                  )}
                />
                <Field label="Seats" error={errors.seats?.message} hint={plan?.isPerSeat ? undefined : 'Only for per-seat plans.'}>
                  {({ id, describedBy, invalid }) => (
                    <TextField.Root
                      id={id}
                      type="number"
                      min={1}
                      step={1}
                      aria-describedby={describedBy}
                      aria-invalid={invalid}
                      disabled={!plan?.isPerSeat}
                      {...register('seats')}
                    />
                  )}
                </Field>
                <Controller
                  control={control}
                  name="periodEnd"
                  render={({ field }) => (
                    <Field label="Period End" error={errors.periodEnd?.message}>
                      {({ id, describedBy, invalid }) => (
                        <DateTimeInput
                          id={id}
                          aria-describedby={describedBy}
                          aria-invalid={invalid}
                          value={field.value}
                          min={startOfYesterday()}
                          onChange={field.onChange}
                        />
                      )}
                    </Field>
                  )}
                />
              </fieldset>
            </Flex>
          )}
          <Field label="Workspace ID" error={errors.workspaceId?.message}>
            {({ id, describedBy, invalid }) => (
              <TextField.Root id={id} aria-describedby={describedBy} aria-invalid={invalid} maxLength={64} {...register('workspaceId')} />
            )}
          </Field>
        </Flex>
      </form>
    </Drawer>
  );
}
