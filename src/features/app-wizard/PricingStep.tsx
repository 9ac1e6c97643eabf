import { Button, Flex, RadioCards, Text, TextField } from '@radix-ui/themes';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { z } from 'zod';
import { pricingText } from '../../../machines/pricing';
import { Field } from '../../components/Field';
import { PlanSelect } from '../../components/pricing/PlanSelect';
import { RequestPaidApps } from '../../components/pricing/RequestPaidApps';
import { PAID_APPS_TEXT } from '../../../contract/schemas/publisher';
import { pricesQuery, wizardAppQuery } from './api';
import { oneTimePrice, type Price } from '../../../contract/schemas/price';
import { StepFooter, type StepProps } from './StepFooter';
import { useStepForm } from './use-step-form';

// The app page's New pricing plan drawer, loaded when opened (as there).
const NewPlanDrawer = lazy(() => import('../../components/pricing/NewPlanDrawer').then((m) => ({ default: m.NewPlanDrawer })));

/** SPEC §9: the wizard's one-time price starts at 5.99 and may be 0. */
export const WIZARD_DEFAULT_PRICE = 5.99;

const PricingForm = z.discriminatedUnion(
  'choice',
  [
    z.object({ choice: z.literal('free') }),
    z.object({ choice: z.literal('buy'), price: oneTimePrice(pricingText.priceRequired) }),
    z.object({ choice: z.literal('subscription'), pricingId: z.string().min(1, { error: pricingText.planRequired }) }),
  ],
  { error: pricingText.purchaseTypeRequired },
);

/**
 * SPEC §5 Pricing step: free moves on; one-time saves the price; subscription needs a plan; paid needs canCreatePaidApps.
 * A publisher who may sell makes a subscription plan here, in the app page's New pricing plan drawer (not a way out
 * of the wizard): the plan made is offered and chosen at once, and the step's queries are fetched again. The drawer's
 * open state is the step's own (the wizard's URL holds the step only).
 */
export function PricingStep(props: StepProps & { canCreatePaidApps: boolean; canAskForPaidApps?: boolean }) {
  const { data: app } = useSuspenseQuery(wizardAppQuery(props.appId));
  const { data: prices } = useSuspenseQuery(pricesQuery(props.appId));
  const queryClient = useQueryClient();
  const [planDrawer, setPlanDrawer] = useState(false);
  // The drawer closed (saved or not): focus goes back to its button. The Drawer has no Dialog.Trigger, so Radix
  // gives it nowhere to return, and it would fall to the page's body.
  const planButton = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (planDrawer) wasOpen.current = true;
    else if (wasOpen.current) {
      wasOpen.current = false;
      planButton.current?.focus();
    }
  }, [planDrawer]);
  const plans = prices.filter((p) => p.type === 'subscription');
  const current = app.purchaseType === 'subscription' ? 'subscription' : app.price === 0 ? 'free' : 'buy';
  // The app's current active price is preselected (a new app starts free).
  const saved = { choice: current, price: app.price || WIZARD_DEFAULT_PRICE, pricingId: app.purchaseType === 'subscription' ? app.currentPricingId : '' };
  const [values, setValues] = useState<{ choice: string; price: number | undefined; pricingId: string }>(saved);
  const form = useStepForm(PricingForm, values as never, saved as never, (parsed) => {
    const body =
      parsed.choice === 'subscription'
        ? { type: 'subscription' as const, buyPrice: 0, pricingId: parsed.pricingId }
        : { type: 'buy' as const, buyPrice: parsed.choice === 'free' ? 0 : parsed.price };
    const unchanged =
      parsed.choice === current &&
      (parsed.choice !== 'buy' || parsed.price === app.price) &&
      (parsed.choice !== 'subscription' || parsed.pricingId === app.currentPricingId);
    props.onNext(!unchanged, { step: 'pricing', values: body });
  });
  /** The plan just made: offered at once (the refetch the drawer's save started confirms it), and chosen. */
  const created = (plan: Price) => {
    queryClient.setQueryData(pricesQuery(props.appId).queryKey, (old) => (old && !old.some((p) => p.id === plan.id) ? [...old, plan] : old));
    setValues((v) => ({ ...v, choice: 'subscription', pricingId: plan.id }));
  };
  return (
    <>
      <form onSubmit={form.submit} noValidate>
        <Flex direction="column" gap="4">
          <Field label="Purchase type" error={form.error('choice') ?? form.error('')} hint={props.canCreatePaidApps ? undefined : PAID_APPS_TEXT.notEnabled}>
            {(f) => (
              <RadioCards.Root
                id={f.id}
                aria-describedby={f.describedBy}
                columns={{ initial: '1', sm: '3' }}
                value={values.choice}
                onValueChange={(choice) => setValues({ ...values, choice })}
              >
                <RadioCards.Item value="free">Free</RadioCards.Item>
                <RadioCards.Item value="buy" disabled={!props.canCreatePaidApps}>
                  One-time
                </RadioCards.Item>
                <RadioCards.Item value="subscription" disabled={!props.canCreatePaidApps}>
                  Subscription
                </RadioCards.Item>
              </RadioCards.Root>
            )}
          </Field>
          {!props.canCreatePaidApps && <RequestPaidApps canAsk={!!props.canAskForPaidApps} said={false} />}
          {values.choice === 'buy' && (
            <Field label="Price (USD)" error={form.error('price')}>
              {(f) => (
                <TextField.Root
                  id={f.id}
                  aria-describedby={f.describedBy}
                  aria-invalid={f.invalid}
                  type="number"
                  min={0}
                  step={0.01}
                  value={values.price ?? ''}
                  onChange={(e) => setValues({ ...values, price: e.target.value === '' ? undefined : Number(e.target.value) })}
                />
              )}
            </Field>
          )}
          {values.choice === 'subscription' && (
            <PlanSelect
              label="Pricing plan"
              plans={plans}
              value={values.pricingId}
              error={form.error('pricingId')}
              emptyHint={props.canCreatePaidApps ? 'This app has no subscription plans yet: make one with New pricing plan.' : undefined}
              onChange={(pricingId) => setValues({ ...values, pricingId })}
            />
          )}
          {values.choice === 'subscription' && props.canCreatePaidApps && (
            <Button ref={planButton} type="button" variant="soft" disabled={props.busy} onClick={() => setPlanDrawer(true)} style={{ alignSelf: 'start' }}>
              New pricing plan
            </Button>
          )}
          {values.choice === 'free' && <Text color="gray">Workspaces install the app at no charge.</Text>}
        </Flex>
        <StepFooter {...props} />
      </form>
      {/* Outside the form: the drawer's fields and buttons are not the step's (React events bubble through portals). */}
      {planDrawer && props.canCreatePaidApps && (
        <Suspense fallback={null}>
          <NewPlanDrawer appId={props.appId} onCreated={created} onClose={() => setPlanDrawer(false)} />
        </Suspense>
      )}
    </>
  );
}
