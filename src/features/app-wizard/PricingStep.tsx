import { Flex, RadioCards, Text, TextField } from '@radix-ui/themes';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { pricingText } from '../../../machines/pricing';
import { Field } from '../../components/Field';
import { PlanSelect } from '../../components/pricing/PlanSelect';
import { RequestPaidApps } from '../../components/pricing/RequestPaidApps';
import { PAID_APPS_TEXT } from '../../../contract/schemas/publisher';
import { pricesQuery, wizardAppQuery } from './api';
import { oneTimePrice } from '../../../contract/schemas/price';
import { StepFooter, type StepProps } from './StepFooter';
import { useStepForm } from './use-step-form';

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

/** SPEC §5 Pricing step: free moves on; one-time saves the price; subscription needs a plan; paid needs canCreatePaidApps. */
export function PricingStep(props: StepProps & { canCreatePaidApps: boolean; canAskForPaidApps?: boolean }) {
  const { data: app } = useSuspenseQuery(wizardAppQuery(props.appId));
  const { data: prices } = useSuspenseQuery(pricesQuery(props.appId));
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
  return (
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
            onChange={(pricingId) => setValues({ ...values, pricingId })}
          />
        )}
        {values.choice === 'free' && <Text color="gray">Workspaces install the app at no charge.</Text>}
      </Flex>
      <StepFooter {...props} />
    </form>
  );
}
