import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Callout, Flex, RadioCards, TextField } from '@radix-ui/themes';
import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import type { App } from '../../../contract/schemas/app';
import { CHANGE_PRICING_MESSAGES as M, ONE_TIME_MINIMUM, oneTimePrice, type Price } from '../../../contract/schemas/price';
import { decidePricing, type PurchaseChoice } from '../../../machines/pricing';
import { applyServerErrors } from '../../lib/forms';
import { errorToastText, toast } from '../../lib/toast';
import { ConfirmDialog } from '../ConfirmDialog';
import { Drawer } from '../Drawer';
import { Field } from '../Field';
import { useChangePricing } from './api';
import { PlanSelect } from './PlanSelect';

/** SPEC §5: the change check runs 500 ms after an edit. */
export const CHANGE_CHECK_MS = 500;

type Values = { choice: PurchaseChoice; price: string; pricingId: string };

/** A one-time price as typed: required, at least 0.01, then the server's own rule (at most $99,999.99, whole cents). */
function priceProblem(price: string): string | undefined {
  if (price.trim() === '') return M.priceRequired;
  const n = Number(price);
  if (!Number.isFinite(n) || n < ONE_TIME_MINIMUM) return M.priceMin;
  const checked = oneTimePrice().safeParse(n);
  return checked.success ? undefined : checked.error.issues[0]!.message;
}

/** The drawer's form: the contract's pricing rules and messages (SPEC §5), a price as the field holds it. */
const ChangePricingForm = z
  .object({ choice: z.enum(['free', 'buy', 'subscription'], { error: M.type }), price: z.string(), pricingId: z.string() })
  .superRefine((v, ctx) => {
    const price = v.choice === 'buy' ? priceProblem(v.price) : undefined;
    if (price) ctx.addIssue({ code: 'custom', path: ['price'], message: price });
    if (v.choice === 'subscription' && !v.pricingId) ctx.addIssue({ code: 'custom', path: ['pricingId'], message: M.plan });
  });

/** Where the server's field errors go (the pricing call's body → the drawer's fields; anything else on the purchase type). */
const serverFields: Record<string, keyof Values> = { type: 'choice', buyPrice: 'price', pricingId: 'pricingId' };
const formField = (path: string): keyof Values => (Object.hasOwn(serverFields, path) ? serverFields[path]! : 'choice');

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
  const { register, control, handleSubmit, formState, setError } = useForm<Values>({
    defaultValues: initial,
    resolver: zodResolver(ChangePricingForm),
    // The messages are those of the last Save.
    reValidateMode: 'onSubmit',
  });
  const values = { ...initial, ...useWatch({ control }) };
  const [changed, setChanged] = useState(false);
  const [confirming, setConfirming] = useState<string | null>(null);
  const save = useChangePricing(app.appId);
  const snapshot = JSON.stringify(values);
  const edited = snapshot !== JSON.stringify(initial);
  // Every edit restarts the check.
  useEffect(() => {
    const timer = setTimeout(() => setChanged(edited), CHANGE_CHECK_MS);
    return () => clearTimeout(timer);
  }, [snapshot, edited]);
  const plans = prices.filter((p) => p.type === 'subscription');
  // One-time is a paid price (the drawer's minimum is 0.01), whatever the field holds while typing.
  const oneTime = Math.max(Number(values.price) || 0, 0.01);
  const target =
    values.choice === 'subscription'
      ? { type: 'subscription' as const, pricingId: values.pricingId }
      : { type: 'buy' as const, buyPrice: values.choice === 'buy' ? oneTime : 0 };
  const decision = decidePricing({ current, canCreatePaidApps, activeSubscriptions }, target);
  const blocked = decision.kind === 'refused' && decision.status === 409 ? decision.message : '';

  const send = (confirmCancelSubscriptions: boolean) =>
    save.mutate(
      {
        ...(target.type === 'subscription' ? { type: 'subscription', buyPrice: 0, pricingId: target.pricingId } : { type: 'buy', buyPrice: target.buyPrice }),
        confirmCancelSubscriptions,
      },
      {
        onSuccess: () => {
          toast.success('The pricing is saved.');
          onClose();
        },
        onError: (err) => {
          // A 400 names the body's fields: each goes on the drawer's field it came from.
          const onField = applyServerErrors<Values>(err, (path, error) => setError(formField(path), error));
          if (!onField) toast.error(errorToastText(err), M.saveFailed);
        },
      },
    );
  const submit = handleSubmit(() => {
    if (blocked) return;
    if (decision.kind === 'confirm') return setConfirming(decision.message);
    send(false);
  });
  const errors = formState.errors;

  return (
    <Drawer
      title="Change Pricing"
      description="How workspaces pay for this app. Changes apply to new purchases at once."
      dirty={changed}
      onClose={onClose}
      footer={
        <Button disabled={!changed || save.isPending} loading={save.isPending} onClick={() => void submit()}>
          Save
        </Button>
      }
    >
      <Flex direction="column" gap="4">
        <Field label="Purchase type" error={errors.choice?.message}>
          {(f) => (
            <Controller
              control={control}
              name="choice"
              render={({ field }) => (
                <RadioCards.Root
                  id={f.id}
                  aria-describedby={f.describedBy}
                  columns="3"
                  value={field.value}
                  onValueChange={(choice) => field.onChange(choice as PurchaseChoice)}
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
            />
          )}
        </Field>
        {values.choice === 'buy' && (
          <Field label="Price (USD)" error={errors.price?.message}>
            {(f) => (
              <TextField.Root id={f.id} aria-describedby={f.describedBy} aria-invalid={f.invalid} type="number" min={0.01} step={0.01} {...register('price')} />
            )}
          </Field>
        )}
        {values.choice === 'subscription' && (
          <Controller
            control={control}
            name="pricingId"
            render={({ field }) => (
              <PlanSelect label="Active pricing plan" plans={plans} value={field.value} error={errors.pricingId?.message} onChange={field.onChange} />
            )}
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
          onYes={() => send(true)}
          onNo={() => setConfirming(null)}
        />
      )}
    </Drawer>
  );
}
