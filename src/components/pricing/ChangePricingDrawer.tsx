import { Button, Callout, Flex, RadioCards, TextField } from '@radix-ui/themes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import type { App } from '../../../contract/schemas/app';
import { CHANGE_PRICING_MESSAGES as M, ONE_TIME_MINIMUM, oneTimePrice, type Price } from '../../../contract/schemas/price';
import { decidePricing, type PurchaseChoice } from '../../../machines/pricing';
import { tsr, unwrap } from '../../lib/api';
import { errorToastText, toast } from '../../lib/toast';
import { ConfirmDialog } from '../ConfirmDialog';
import { Drawer } from '../Drawer';
import { PlanSelect } from './PlanSelect';
import { Field } from '../Field';

/** SPEC §5: the change check runs 500 ms after an edit. */
export const CHANGE_CHECK_MS = 500;

type Values = { choice: PurchaseChoice | ''; price: string; pricingId: string };

function validate(v: Values): Record<string, string> {
  if (!v.choice) return { choice: M.type };
  if (v.choice === 'buy') {
    if (v.price.trim() === '') return { price: M.priceRequired };
    const n = Number(v.price);
    if (!Number.isFinite(n) || n < ONE_TIME_MINIMUM) return { price: M.priceMin };
    // The server's own rule for the rest (at most $99,999.99, whole cents).
    const checked = oneTimePrice().safeParse(n);
    if (!checked.success) return { price: checked.error.issues[0]!.message };
  }
  if (v.choice === 'subscription' && !v.pricingId) return { pricingId: M.plan };
  return {};
}

/**
 * Change Pricing (SPEC §5): the purchase type, a one-time price (at least 0.01) or the active plan.
 * The pricing machine says what may change: subscription → one-time is refused, subscription → free asks
 * first how many subscriptions it cancels. Save is enabled once something changed and nothing is saving.
 */
export function ChangePricingDrawer({
  app,
  prices,
  activeSubscriptions,
  canCreatePaidApps,
  onClose,
}: {
  app: z.infer<typeof App>;
  prices: Price[];
  activeSubscriptions: number;
  canCreatePaidApps: boolean;
  onClose: () => void;
}) {
  const current: PurchaseChoice = app.purchaseType === 'subscription' ? 'subscription' : app.price === 0 ? 'free' : 'buy';
  const initial: Values = {
    choice: current,
    price: app.price ? app.price.toFixed(2) : '',
    pricingId: app.purchaseType === 'subscription' ? app.currentPricingId : '',
  };
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [changed, setChanged] = useState(false);
  const [confirming, setConfirming] = useState<string | null>(null);
  const queryClient = useQueryClient();
  useEffect(() => {
    const timer = setTimeout(() => setChanged(JSON.stringify(values) !== JSON.stringify(initial)), CHANGE_CHECK_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `initial` is derived from props fixed while the drawer is open
  }, [values]);
  const plans = prices.filter((p) => p.type === 'subscription');
  // One-time is a paid price (the drawer's minimum is 0.01), whatever the field holds while typing.
  const oneTime = Math.max(Number(values.price) || 0, 0.01);
  const target =
    values.choice === 'subscription'
      ? { type: 'subscription' as const, pricingId: values.pricingId }
      : { type: 'buy' as const, buyPrice: values.choice === 'buy' ? oneTime : 0 };
  const decision = values.choice ? decidePricing({ current, canCreatePaidApps, activeSubscriptions }, target) : null;
  const blocked = decision?.kind === 'refused' && decision.status === 409 ? decision.message : '';

  const save = useMutation({
    mutationFn: async (confirmCancelSubscriptions: boolean) =>
      unwrap(
        await tsr.apps.setPricing.mutate({
          params: { id: app.appId },
          body: {
            ...(target.type === 'subscription'
              ? { type: 'subscription', buyPrice: 0, pricingId: target.pricingId }
              : { type: 'buy', buyPrice: target.buyPrice }),
            confirmCancelSubscriptions,
          },
        }),
      ),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['apps'] });
      toast.success('The pricing is saved.');
      onClose();
    },
    onError: (err) => toast.error(errorToastText(err), M.saveFailed),
  });
  const submit = () => {
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length || blocked) return;
    if (decision?.kind === 'confirm') return setConfirming(decision.message);
    save.mutate(false);
  };
  const set = (next: Partial<Values>) => setValues({ ...values, ...next });

  return (
    <Drawer
      title="Change Pricing"
      description="How workspaces pay for this app. Changes apply to new purchases at once."
      dirty={changed}
      onClose={onClose}
      footer={
        <Button disabled={!changed || save.isPending} loading={save.isPending} onClick={submit}>
          Save
        </Button>
      }
    >
      <Flex direction="column" gap="4">
        <Field label="Purchase type" error={errors.choice}>
          {(f) => (
            <RadioCards.Root
              id={f.id}
              aria-describedby={f.describedBy}
              columns="3"
              value={values.choice}
              onValueChange={(choice) => set({ choice: choice as PurchaseChoice })}
            >
              <RadioCards.Item value="free">Free</RadioCards.Item>
              <RadioCards.Item value="buy" disabled={!canCreatePaidApps}>
                One-time
              </RadioCards.Item>
              <RadioCards.Item value="subscription" disabled={!canCreatePaidApps}>
                Subscription
              </RadioCards.Item>
            </RadioCards.Root>
          )}
        </Field>
        {values.choice === 'buy' && (
          <Field label="Price (USD)" error={errors.price}>
            {(f) => (
              <TextField.Root
                id={f.id}
                aria-describedby={f.describedBy}
                aria-invalid={f.invalid}
                type="number"
                min={0.01}
                step={0.01}
                value={values.price}
                onChange={(e) => set({ price: e.target.value })}
              />
            )}
          </Field>
        )}
        {values.choice === 'subscription' && (
          <PlanSelect
            label="Active pricing plan"
            plans={plans}
            value={values.pricingId}
            error={errors.pricingId}
            onChange={(pricingId) => set({ pricingId })}
          />
        )}
        {blocked && (
          <Callout.Root color="amber" role="alert">
            <Callout.Text>{blocked}</Callout.Text>
          </Callout.Root>
        )}
      </Flex>
      {confirming && (
        <ConfirmDialog
          title="Cancel the active subscriptions?"
          text={confirming}
          yes="Yes, make it free"
          danger
          onYes={() => save.mutate(true)}
          onNo={() => setConfirming(null)}
        />
      )}
    </Drawer>
  );
}
