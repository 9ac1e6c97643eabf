import { Flex, Select, Switch, Text, TextField, Button } from '@radix-ui/themes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import type { z } from 'zod';
import type { App } from '../../../contract/schemas/app';
import { CREATE_PURCHASE_MESSAGES as M, type PurchaseRecord } from '../../../contract/schemas/commerce';
import { Drawer } from '../../components/Drawer';
import { Field } from '../../components/Field';
import { DateTimeInput, startOfYesterday } from '../../components/purchases/DateTimeInput';
import { toApiError, tsr, unwrap } from '../../lib/api';
import { purchasableAppsQuery, recordsKey } from './api';
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
 * SPEC §3 Create Purchase Record (width 500): App select; Externally Managed on and locked; for
 * subscription apps Plan, Seats (per-seat plans only) and Period End (dates before yesterday disabled);
 * Workspace ID. The request as SPEC §7 has it: externallyManaged true, seats 0 when empty, period end now
 * by default. A failure the server does not pin on a field is only logged (SPEC §8).
 */
export default function CreatePurchaseDrawer({ onClose, onCreated }: { onClose: () => void; onCreated: (record: z.infer<typeof PurchaseRecord>) => void }) {
  const queryClient = useQueryClient();
  const [form, setForm] = useState<Form>(() => ({ appId: '', planId: '', seats: '', periodEnd: new Date().toISOString(), workspaceId: '' }));
  const [errors, setErrors] = useState<Errors>({});
  const [search, setSearch] = useState('');
  const q = useDeferredValue(search.trim());
  const apps = useQuery(purchasableAppsQuery(q));
  const [chosen, setChosen] = useState<App | undefined>();
  const plan = chosen?.pricingPlans.find((p) => p.id === form.planId);
  const set = (patch: Partial<Form>) => {
    setForm((f) => ({ ...f, ...patch }));
    setErrors((e) => ({ ...e, ...Object.fromEntries(Object.keys(patch).map((k) => [k, undefined])) }));
  };
  const create = useMutation({
    mutationFn: async () =>
      unwrap(
        await tsr.admin.purchases.create.mutate({
          body: {
            appId: form.appId,
            workspaceId: form.workspaceId.trim(),
            externallyManaged: true,
            planId: chosen?.purchaseType === 'subscription' ? form.planId : '',
            seats: plan?.isPerSeat ? Number(form.seats) || 0 : 0,
            addonTierId: '',
            periodEnd: form.periodEnd || new Date().toISOString(),
          },
        }),
      ),
    onSuccess: async (record) => {
      await queryClient.invalidateQueries(recordsKey);
      onCreated(record);
    },
    onError: (err) => {
      const fields = toApiError(err).body?.fields;
      if (fields?.length) setErrors(Object.fromEntries(fields.map((f) => [f.path, f.message])));
      else console.error('Creating the purchase record failed', err);
    },
  });
  const save = () => {
    const problems = createProblems(form, chosen);
    setErrors(problems);
    if (!Object.keys(problems).length) create.mutate();
  };
  const options = apps.data?.data ?? [];
  const listed = chosen && !options.some((a) => a.appId === chosen.appId) ? [chosen, ...options] : options;
  return (
    <Drawer
      title={recordsText.createTitle}
      description="Mark an app as purchased by a workspace, billed outside the marketplace."
      width={500}
      dirty={!!form.appId || !!form.workspaceId}
      onClose={onClose}
      footer={
        <Button type="submit" form="create-purchase" loading={create.isPending}>
          Save
        </Button>
      }
    >
      <form
        id="create-purchase"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
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
          <Field label="App" error={errors.appId}>
            {({ id, describedBy, invalid }) => (
              <Select.Root
                value={form.appId}
                onValueChange={(appId) => {
                  setChosen(listed.find((a) => a.appId === appId));
                  set({ appId, planId: '', seats: '' });
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
                <Field label="Plan" error={errors.planId} hint={chosen.pricingPlans.length ? undefined : 'This app has no active subscription plan.'}>
                  {({ id, describedBy, invalid }) => (
                    <Select.Root value={form.planId} onValueChange={(planId) => set({ planId, seats: '' })}>
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
                <Field label="Seats" error={errors.seats} hint={plan?.isPerSeat ? undefined : 'Only for per-seat plans.'}>
                  {({ id, describedBy, invalid }) => (
                    <TextField.Root
                      id={id}
                      type="number"
                      min={1}
                      step={1}
                      aria-describedby={describedBy}
                      aria-invalid={invalid}
                      disabled={!plan?.isPerSeat}
                      value={form.seats}
                      onChange={(e) => set({ seats: e.currentTarget.value })}
                    />
                  )}
                </Field>
                <Field label="Period End" error={errors.periodEnd}>
                  {({ id, describedBy, invalid }) => (
                    <DateTimeInput
                      id={id}
                      aria-describedby={describedBy}
                      aria-invalid={invalid}
                      value={form.periodEnd}
                      min={startOfYesterday()}
                      onChange={(periodEnd) => set({ periodEnd })}
                    />
                  )}
                </Field>
              </fieldset>
            </Flex>
          )}
          <Field label="Workspace ID" error={errors.workspaceId}>
            {({ id, describedBy, invalid }) => (
              <TextField.Root
                id={id}
                aria-describedby={describedBy}
                aria-invalid={invalid}
                maxLength={64}
                value={form.workspaceId}
                onChange={(e) => set({ workspaceId: e.currentTarget.value })}
              />
            )}
          </Field>
        </Flex>
      </form>
    </Drawer>
  );
}
