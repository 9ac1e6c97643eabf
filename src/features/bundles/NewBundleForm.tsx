import { Box, Button, Card, Checkbox, Flex, Grid, Heading, Select, Text, TextArea, TextField } from '@radix-ui/themes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useRouteContext } from '@tanstack/react-router';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { BUNDLE_TEXT as T, BundleInfo, bundleSlug, type BundlePlanInput } from '../../../contract/schemas/bundle';
import { RESERVED_CATEGORY } from '../../../contract/schemas/languages';
import { PlansTable } from '../../components/bundles/PlansTable';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Field } from '../../components/Field';
import { FileDrop } from '../../components/FileDrop';
import { ScreenHeader } from '../../components/ScreenHeader';
import { toApiError } from '../../lib/api';
import { categoriesQuery } from '../../lib/catalog';
import { errorToastText, toast } from '../../lib/toast';
import { bundlesKey, engineVersionQuery, ownAppsQuery, publishBundle } from './api';

const PlanDrawer = lazy(() => import('./PlanDrawer'));

type Form = {
  name: string;
  description: string;
  version: string;
  requiredApiVersion: string;
  categories: string[];
  purchaseType: 'buy' | 'subscription';
  price: string;
  appIds: string[];
  plans: BundlePlanInput[];
};
type Errors = Partial<
  Record<
    'name' | 'description' | 'version' | 'requiredApiVersion' | 'categories' | 'iconFileData' | 'purchaseType' | 'price' | 'appIds' | 'pricingPlans',
    string
  >
>;

const readDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The icon could not be read.'));
    reader.readAsDataURL(file);
  });

/** A group of checkboxes with its legend and its message (a fieldset the message describes). */
function ChoiceGroup({ legend, id, error, children }: { legend: string; id: string; error?: string; children: ReactNode }) {
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

/**
 * SPEC §3 Publish a New App Bundle: name and its derived slug, description, version and engine version,
 * categories, icon, purchase type and price, the apps, and the pricing plans (the plan drawer). Publish stays
 * disabled until there is an icon; an engine version that is not the latest asks first.
 */
export function NewBundleForm() {
  const { account } = useRouteContext({ from: '/publisher' });
  const canPay = !!account.publisher?.canCreatePaidApps;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const engine = useQuery(engineVersionQuery).data?.version ?? '';
  const categories = (useQuery(categoriesQuery).data ?? []).filter((c) => c.title !== RESERVED_CATEGORY);
  const apps = useQuery(ownAppsQuery);
  const [form, setForm] = useState<Form>({
    name: '',
    description: '',
    version: '1.0.0',
    requiredApiVersion: '',
    categories: [],
    purchaseType: 'buy',
    price: '0',
    appIds: [],
    plans: [],
  });
  const [icon, setIcon] = useState<{ file: File; data: string }>();
  const [errors, setErrors] = useState<Errors>({});
  const [adding, setAdding] = useState(false);
  const [confirmEngine, setConfirmEngine] = useState(false);
  const apiVersion = form.requiredApiVersion || engine;
  const set = (patch: Partial<Form>) => {
    setForm((f) => ({ ...f, ...patch }));
    setErrors((e) => ({ ...e, ...Object.fromEntries(Object.keys(patch).map((k) => [k === 'plans' ? 'pricingPlans' : k, undefined])) }));
  };
  const info = () => ({
    name: form.name.trim(),
    nameSlug: bundleSlug(form.name.trim()),
    description: form.description.trim(),
    version: form.version.trim(),
    categories: form.categories,
    requiredApiVersion: apiVersion,
    iconFileData: icon?.data ?? '',
    purchaseType: form.purchaseType,
    price: form.purchaseType === 'buy' ? Number(form.price) || 0 : 0,
    pricingPlans: form.purchaseType === 'subscription' ? form.plans : [],
  });
  const publish = useMutation({
    mutationFn: () => publishBundle(info(), form.appIds),
    onSuccess: async ({ appId }) => {
      await queryClient.invalidateQueries(bundlesKey);
      toast.success(`${form.name.trim()} was submitted for review.`);
      void navigate({ to: '/publisher/bundles/$id', params: { id: appId } });
    },
    onError: (err) => {
      const fields = toApiError(err).body?.fields;
      if (fields?.length)
        setErrors(
          Object.fromEntries(
            fields.map((f) => [
              f.path.replace(/^bundleInfo\./, '').split('.')[0] === 'appIds' ? 'appIds' : f.path.replace(/^bundleInfo\./, '').split('.')[0],
              f.message,
            ]),
          ),
        );
      else toast.apiError(err);
    },
  });
  const submit = () => {
    const problems = bundleProblems(info(), form.appIds);
    if (form.purchaseType === 'buy' && Number(form.price) > 0 && !canPay) problems.price = T.paidNotAllowed;
    setErrors(problems);
    if (Object.keys(problems).length) return;
    if (engine && apiVersion !== engine) return setConfirmEngine(true);
    publish.mutate();
  };
  const taken = form.plans.map((p) => p.strategy);
  const toggle = (list: string[], value: string, on: boolean) => (on ? [...list, value] : list.filter((v) => v !== value));
  return (
    <Box p={{ initial: '3', sm: '6' }} maxWidth="760px">
      <ScreenHeader title="Publish a New App Bundle" />
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Flex direction="column" gap="4">
          <Field label="Name" error={errors.name}>
            {({ id, describedBy, invalid }) => (
              <TextField.Root
                id={id}
                maxLength={100}
                aria-describedby={describedBy}
                aria-invalid={invalid}
                value={form.name}
                onChange={(e) => set({ name: e.currentTarget.value })}
              />
            )}
          </Field>
          <Field label="Slug" hint="Made from the name.">
            {({ id }) => <TextField.Root id={id} readOnly value={bundleSlug(form.name.trim())} />}
          </Field>
          <Field label="Description" error={errors.description}>
            {({ id, describedBy, invalid }) => (
              <TextArea
                id={id}
                rows={4}
                maxLength={10_000}
                aria-describedby={describedBy}
                aria-invalid={invalid}
                value={form.description}
                onChange={(e) => set({ description: e.currentTarget.value })}
              />
            )}
          </Field>
          <Grid columns={{ initial: '1', sm: '2' }} gap="4">
            <Field label="Version" error={errors.version}>
              {({ id, describedBy, invalid }) => (
                <TextField.Root
                  id={id}
                  maxLength={20}
                  aria-describedby={describedBy}
                  aria-invalid={invalid}
                  value={form.version}
                  onChange={(e) => set({ version: e.currentTarget.value })}
                />
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
                  onChange={(e) => set({ requiredApiVersion: e.currentTarget.value })}
                />
              )}
            </Field>
          </Grid>
          <ChoiceGroup legend="Categories" id="bundle-categories" error={errors.categories}>
            <Flex gap="3" wrap="wrap">
              {categories.map((c) => (
                <Text as="label" size="2" key={c.id}>
                  <Flex gap="1" align="center">
                    <Checkbox
                      checked={form.categories.includes(c.title)}
                      onCheckedChange={(on) => set({ categories: toggle(form.categories, c.title, on === true) })}
                    />
                    {c.title}
                  </Flex>
                </Text>
              ))}
            </Flex>
          </ChoiceGroup>
          <Field label="Icon" error={errors.iconFileData} hint="A PNG, JPEG, GIF or WebP image, at most 512 KB.">
            {({ id, describedBy, invalid }) => (
              <FileDrop
                id={id}
                label="Choose an icon"
                accept="image/png,image/jpeg,image/gif,image/webp"
                chosen={icon ? [icon.file] : []}
                describedBy={describedBy}
                invalid={invalid}
                onFiles={([file]) => {
                  if (!file) return;
                  void readDataUrl(file).then(
                    (data) => {
                      setIcon({ file, data });
                      setErrors((e) => ({ ...e, iconFileData: undefined }));
                    },
                    () => setErrors((e) => ({ ...e, iconFileData: 'The icon could not be read.' })),
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
                <Select.Root value={form.purchaseType} onValueChange={(v) => set({ purchaseType: v as Form['purchaseType'] })}>
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
                  value={form.price}
                  onChange={(e) => set({ price: e.currentTarget.value })}
                />
              )}
            </Field>
          </Grid>
          <ChoiceGroup legend="Apps" id="bundle-apps" error={errors.appIds}>
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
                      <Checkbox checked={form.appIds.includes(a.appId)} onCheckedChange={(on) => set({ appIds: toggle(form.appIds, a.appId, on === true) })} />
                      {a.latest.name} <Text color="gray">v{a.latest.version}</Text>
                    </Flex>
                  </Text>
                ))}
              </Flex>
            </Card>
          </ChoiceGroup>
          {form.purchaseType === 'subscription' && (
            <Flex direction="column" gap="2">
              <Flex justify="between" align="center">
                <Heading as="h2" size="3">
                  Pricing plans
                </Heading>
                <Button type="button" variant="soft" disabled={taken.length >= 2} onClick={() => setAdding(true)}>
                  Add plan
                </Button>
              </Flex>
              <PlansTable
                plans={form.plans}
                action={(p) => (
                  <Button
                    type="button"
                    size="1"
                    variant="soft"
                    color="red"
                    onClick={() => set({ plans: form.plans.filter((x) => x.strategy !== p.strategy) })}
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
      {adding && (
        <Suspense fallback={null}>
          <PlanDrawer
            taken={taken}
            onClose={() => setAdding(false)}
            onAdd={(plan) => {
              set({ plans: [...form.plans, plan].sort((a, b) => a.strategy.localeCompare(b.strategy)) });
              setAdding(false);
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
            publish.mutate();
          }}
          onNo={() => setConfirmEngine(false)}
        />
      )}
    </Box>
  );
}
