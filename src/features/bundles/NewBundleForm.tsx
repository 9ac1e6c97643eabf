import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Card, Checkbox, Flex, Grid, Heading, Select, Text, TextArea, TextField } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useRouteContext } from '@tanstack/react-router';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { BUNDLE_TEXT as T, BundleInfo, bundleSlug, type BundlePlanInput } from '../../../contract/schemas/bundle';
import { RESERVED_CATEGORY } from '../../../contract/schemas/languages';
import { PlansTable } from '../../components/bundles/PlansTable';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Field } from '../../components/Field';
import { FileDrop } from '../../components/FileDrop';
import { ScreenHeader } from '../../components/ScreenHeader';
import { categoriesQuery } from '../../lib/catalog';
import { applyServerErrors } from '../../lib/forms';
import { errorToastText, toast } from '../../lib/toast';
import { engineVersionQuery, ownAppsQuery, usePublishBundle } from './api';

const PlanDrawer = lazy(() => import('./PlanDrawer'));

type Values = {
  name: string;
  description: string;
  version: string;
  requiredApiVersion: string;
  categories: string[];
  iconFileData: string;
  purchaseType: 'buy' | 'subscription';
  price: string;
  appIds: string[];
  pricingPlans: BundlePlanInput[];
};
type Errors = Partial<Record<keyof Values, string>>;

const empty: Values = {
  name: '',
  description: '',
  version: '1.0.0',
  requiredApiVersion: '',
  categories: [],
  iconFileData: '',
  purchaseType: 'buy',
  price: '0',
  appIds: [],
  pricingPlans: [],
};

const readDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The icon could not be read.'));
    reader.readAsDataURL(file);
  });

/** A group of checkboxes with its legend and its message (a fieldset the message describes). */
function CheckGroup({ legend, id, error, children }: { legend: string; id: string; error?: string; children: ReactNode }) {
  return (
    <Flex direction="column" gap="2" asChild>
      <fieldset style={{ border: 'none', margin: 0, padding: 0 }} aria-describedby={error ? `${id}-error` : undefined}>
        <Text as="div" size="2" weight="medium" asChild>
          <legend>{legend}</legend>
        </Text>
        {children}
        {error && (
          <Text id={`${id}-error`} size="1" color="red" role="alert">
            {error}
          </Text>
        )}
      </fieldset>
    </Flex>
  );
}

/** The form's problems, by the contract's schema and the bundle's own rule for apps (SPEC §5 texts). */
export function bundleProblems(info: unknown, appIds: string[]): Errors {
  const errors: Errors = {};
  const parsed = BundleInfo.safeParse(info);
  if (!parsed.success) for (const issue of parsed.error.issues) errors[issue.path[0] as keyof Errors] ??= issue.message;
  if (appIds.length === 0) errors.appIds = T.apps;
  return errors;
}

/** The `bundleInfo` part the form makes; the engine version is the latest unless another is typed. */
const infoOf = (v: Values, engine: string) => ({
  name: v.name.trim(),
  nameSlug: bundleSlug(v.name.trim()),
  description: v.description.trim(),
  version: v.version.trim(),
  categories: v.categories,
  requiredApiVersion: v.requiredApiVersion || engine,
  iconFileData: v.iconFileData,
  purchaseType: v.purchaseType,
  price: v.purchaseType === 'buy' ? Number(v.price) || 0 : 0,
  pricingPlans: v.purchaseType === 'subscription' ? v.pricingPlans : [],
});

/** The form checked as the contract's `bundleInfo` and the bundle's own rules (its apps; a paid bundle needs paid apps allowed). */
const bundleForm = (engine: string, canPay: boolean) =>
  z.custom<Values>().superRefine((v, ctx) => {
    const problems = bundleProblems(infoOf(v, engine), v.appIds);
    if (v.purchaseType === 'buy' && Number(v.price) > 0 && !canPay) problems.price = T.paidNotAllowed;
    for (const [path, message] of Object.entries(problems)) ctx.addIssue({ code: 'custom', path: [path], message });
  });

/** Where a server's field error goes: `bundleInfo.name` → name, `appIds.0` → appIds. */
const formField = (path: string) => path.replace(/^bundleInfo\./, '').split('.')[0] as keyof Values;

/**
 * SPEC §3 Publish a New App Bundle: name and its derived slug, description, version and engine version,
 * categories, icon, purchase type and price, the apps, and the pricing plans (the plan drawer). Publish stays
 * disabled until there is an icon; an engine version that is not the latest asks first. `adding` says the plan drawer
 * is open (the route's search); `onAdding` opens or closes it.
 */
export function NewBundleForm({ adding, onAdding }: { adding: boolean; onAdding: (open: boolean) => void }) {
  const { account } = useRouteContext({ from: '/publisher' });
  const canPay = !!account.publisher?.canCreatePaidApps;
  const navigate = useNavigate();
  const engine = useQuery(engineVersionQuery).data?.version ?? '';
  const categories = (useQuery(categoriesQuery).data ?? []).filter((c) => c.title !== RESERVED_CATEGORY);
  const apps = useQuery(ownAppsQuery);
  const { register, control, handleSubmit, formState, setError, clearErrors, setValue, getValues } = useForm<Values>({
    defaultValues: empty,
    resolver: zodResolver(bundleForm(engine, canPay)),
    // A field's message goes when it is edited; the messages come back with the next Publish.
    reValidateMode: 'onSubmit',
  });
  const form = { ...empty, ...useWatch({ control }) } as Values;
  const errors = Object.fromEntries(Object.entries(formState.errors).map(([k, e]) => [k, e?.message])) as Errors;
  const [icon, setIcon] = useState<File>();
  const [confirmEngine, setConfirmEngine] = useState(false);
  const publish = usePublishBundle();
  const apiVersion = form.requiredApiVersion || engine;
  /** Sets a field that is not a text input (a list, a choice) and clears its message. */
  const set = <K extends keyof Values>(name: K, value: Values[K]) => {
    setValue(name, value as never);
    clearErrors(name);
  };
  /** A text input's binding: its message goes as it is edited. */
  const text = (name: 'name' | 'description' | 'version' | 'price') => register(name, { onChange: () => clearErrors(name) });
  const send = () => {
    const v = getValues();
    publish.mutate(
      { bundleInfo: infoOf(v, engine), appIds: v.appIds },
      {
        onSuccess: ({ appId }) => {
          toast.success(`${v.name.trim()} was submitted for review.`);
          void navigate({ to: '/publisher/bundles/$id', params: { id: appId } });
        },
        onError: (err) => {
          if (!applyServerErrors<Values>(err, (path, error) => setError(formField(path), error))) toast.apiError(err);
        },
      },
    );
  };
  const submit = handleSubmit(() => {
    if (engine && apiVersion !== engine) return setConfirmEngine(true);
    send();
  });
  const taken = form.pricingPlans.map((p) => p.strategy);
  const toggle = (list: string[], value: string, on: boolean) => (on ? [...list, value] : list.filter((v) => v !== value));
  return (
    <Box p={{ initial: '3', sm: '6' }} maxWidth="760px">
      <ScreenHeader title="Publish a New App Bundle" />
      <form noValidate onSubmit={(e) => void submit(e)}>
        <Flex direction="column" gap="4">
          <Field label="Name" error={errors.name}>
            {({ id, describedBy, invalid }) => (
              <TextField.Root id={id} maxLength={100} aria-describedby={describedBy} aria-invalid={invalid} {...text('name')} />
            )}
          </Field>
          <Field label="Slug" hint="Made from the name.">
            {({ id }) => <TextField.Root id={id} readOnly value={bundleSlug(form.name.trim())} />}
          </Field>
          <Field label="Description" error={errors.description}>
            {({ id, describedBy, invalid }) => (
              <TextArea id={id} rows={4} maxLength={10_000} aria-describedby={describedBy} aria-invalid={invalid} {...text('description')} />
            )}
          </Field>
          <Grid columns={{ initial: '1', sm: '2' }} gap="4">
            <Field label="Version" error={errors.version}>
              {({ id, describedBy, invalid }) => (
                <TextField.Root id={id} maxLength={20} aria-describedby={describedBy} aria-invalid={invalid} {...text('version')} />
              )}
            </Field>
            <Field label="Engine version" error={errors.requiredApiVersion} hint={engine ? `The latest is ${engine}.` : undefined}>
              {({ id, describedBy, invalid }) => (
                <TextField.Root
                  id={id}
                  maxLength={20}
                  aria-describedby={describedBy}
                  aria-invalid={invalid}
                  value={apiVersion}
                  onChange={(e) => set('requiredApiVersion', e.currentTarget.value)}
                />
              )}
            </Field>
          </Grid>
          <CheckGroup legend="Categories" id="bundle-categories" error={errors.categories}>
            <Flex gap="3" wrap="wrap">
              {categories.map((c) => (
                <Text as="label" size="2" key={c.id}>
                  <Flex gap="1" align="center">
                    <Checkbox
                      checked={form.categories.includes(c.title)}
                      onCheckedChange={(on) => set('categories', toggle(form.categories, c.title, on === true))}
                    />
                    {c.title}
                  </Flex>
                </Text>
              ))}
            </Flex>
          </CheckGroup>
          <Field label="Icon" error={errors.iconFileData} hint="A PNG, JPEG, GIF or WebP image, at most 512 KB.">
            {({ id, describedBy, invalid }) => (
              <FileDrop
                id={id}
                label="Choose an icon"
                accept="image/png,image/jpeg,image/gif,image/webp"
                chosen={icon ? [icon] : []}
                describedBy={describedBy}
                invalid={invalid}
                onFiles={([file]) => {
                  if (!file) return;
                  void readDataUrl(file).then(
                    (data) => {
                      setIcon(file);
                      set('iconFileData', data);
                    },
                    () => setError('iconFileData', { type: 'read', message: 'The icon could not be read.' }),
                  );
                }}
              />
            )}
          </Field>
          <Grid columns={{ initial: '1', sm: '2' }} gap="4">
            <Field
              label="Purchase type"
              error={errors.purchaseType}
              hint={canPay ? undefined : 'Subscriptions and paid bundles need your account to be allowed paid apps.'}
            >
              {({ id, describedBy, invalid }) => (
                <Select.Root value={form.purchaseType} onValueChange={(v) => set('purchaseType', v as Values['purchaseType'])}>
                  <Select.Trigger id={id} aria-describedby={describedBy} aria-invalid={invalid} />
                  <Select.Content>
                    <Select.Item value="buy">One-time</Select.Item>
                    <Select.Item value="subscription" disabled={!canPay}>
                      Subscription
                    </Select.Item>
                  </Select.Content>
                </Select.Root>
              )}
            </Field>
            <Field
              label="Price (USD)"
              error={errors.price}
              hint={form.purchaseType === 'subscription' ? 'Subscriptions are priced by their plans.' : '0 makes the bundle free.'}
            >
              {({ id, describedBy, invalid }) => (
                <TextField.Root
                  id={id}
                  type="number"
                  min={0}
                  step={0.01}
                  disabled={form.purchaseType === 'subscription'}
                  aria-describedby={describedBy}
                  aria-invalid={invalid}
                  {...text('price')}
                />
              )}
            </Field>
          </Grid>
          <CheckGroup legend="Apps" id="bundle-apps" error={errors.appIds}>
            <Card size="1" style={{ maxHeight: 320, overflowY: 'auto' }}>
              <Flex direction="column" gap="2">
                {apps.isPending && <Text color="gray">Loading your apps…</Text>}
                {apps.isError && (
                  <Text color="red" role="alert">
                    {errorToastText(apps.error)}
                  </Text>
                )}
                {apps.data?.length === 0 && <Text color="gray">You have no apps to put in a bundle yet.</Text>}
                {apps.data?.map((a) => (
                  <Text as="label" size="2" key={a.appId}>
                    <Flex gap="2" align="center">
                      <Checkbox checked={form.appIds.includes(a.appId)} onCheckedChange={(on) => set('appIds', toggle(form.appIds, a.appId, on === true))} />
                      {a.latest.name} <Text color="gray">v{a.latest.version}</Text>
                    </Flex>
                  </Text>
                ))}
              </Flex>
            </Card>
          </CheckGroup>
          {form.purchaseType === 'subscription' && (
            <Flex direction="column" gap="2">
              <Flex justify="between" align="center">
                <Heading as="h2" size="3">
                  Pricing plans
                </Heading>
                <Button type="button" variant="soft" disabled={taken.length >= 2} onClick={() => onAdding(true)}>
                  Add plan
                </Button>
              </Flex>
              <PlansTable
                plans={form.pricingPlans}
                action={(p) => (
                  <Button
                    type="button"
                    size="1"
                    variant="soft"
                    color="red"
                    onClick={() =>
                      set(
                        'pricingPlans',
                        form.pricingPlans.filter((x) => x.strategy !== p.strategy),
                      )
                    }
                    aria-label={`Remove the ${p.strategy} plan`}
                  >
                    Remove
                  </Button>
                )}
              />
              {errors.pricingPlans && (
                <Text size="1" color="red" role="alert">
                  {errors.pricingPlans}
                </Text>
              )}
            </Flex>
          )}
          <Flex justify="end" gap="2">
            <Button type="button" variant="soft" color="gray" onClick={() => void navigate({ to: '/publisher/bundles' })}>
              Cancel
            </Button>
            <Button type="submit" disabled={!icon} loading={publish.isPending}>
              Publish
            </Button>
          </Flex>
        </Flex>
      </form>
      {/* Only where the button that opens it is offered (a subscription, a strategy still free). */}
      {adding && form.purchaseType === 'subscription' && taken.length < 2 && (
        <Suspense fallback={null}>
          <PlanDrawer
            taken={taken}
            onClose={() => onAdding(false)}
            onAdd={(plan) => {
              set(
                'pricingPlans',
                [...form.pricingPlans, plan].sort((a, b) => a.strategy.localeCompare(b.strategy)),
              );
              onAdding(false);
            }}
          />
        </Suspense>
      )}
      {confirmEngine && (
        <ConfirmDialog
          title={T.notLatestTitle}
          text={`The engine version ${apiVersion} is not the latest (${engine}). Publish the bundle for ${apiVersion}?`}
          yes={T.notLatestYes}
          no={T.notLatestNo}
          onYes={() => {
            setConfirmEngine(false);
            send();
          }}
          onNo={() => setConfirmEngine(false)}
        />
      )}
    </Box>
  );
}
