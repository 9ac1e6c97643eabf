import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Flex, RadioCards, Strong, Text, TextField } from '@radix-ui/themes';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { StartCheckoutInput, type CheckoutPlan } from '../../../contract/schemas/checkout';
import { Field } from '../../components/Field';
import { BackToWorkspace } from './BackToWorkspace';
import type { OfferContext } from './OfferView';
import { costLine, MAX_SEATS, parseSeats, planPrice, planSummary, seatsProblem } from './price';
import type { CheckoutSearch } from './search';
import { seatsSchema, uncheckedSeats, type SeatsForm } from './seats-form';
import { TierTable } from './TierTable';
import { checkoutText as T } from './strings';

/** The plan the address names, else the monthly one, else the first. */
export const choosePlan = (plans: CheckoutPlan[], id: string | undefined) =>
  plans.find((p) => p.id === id) ?? plans.find((p) => p.strategy === 'monthly') ?? plans[0];

/**
 * Step 1 of subscribing: the plan (monthly or yearly), and for a per-seat plan its tiers and the seats (prefilled
 * with Rocket.Chat's active users, 1 to 1,000,000 and covered by a tier); the price as the server will charge it.
 */
export function PlanStep({ ctx, plan, search }: { ctx: OfferContext; plan: CheckoutPlan; search: CheckoutSearch }) {
  const { offer, nav } = ctx;
  const legend = useId();
  // The seats as the contract checks them, then against the plan's tiers; a flat plan asks for none. A refused
  // number says why (and takes the focus) until the buyer types again.
  const { control, register, handleSubmit, clearErrors, formState } = useForm<SeatsForm, unknown, { seats: number }>({
    defaultValues: { seats: search.seats ? String(search.seats) : '' },
    resolver: zodResolver(plan.isPerSeat ? seatsSchema(StartCheckoutInput.shape.seats.unwrap(), (n) => seatsProblem(plan, n)) : uncheckedSeats),
    reValidateMode: 'onSubmit',
  });
  const seats = parseSeats(useWatch({ control, name: 'seats' }));
  // Seats typed that the plan does not price: the total says why at once.
  const problem = plan.isPerSeat && !Number.isNaN(seats) ? seatsProblem(plan, seats) : undefined;
  const price = plan.isPerSeat && seatsProblem(plan, seats) ? null : planPrice(plan, seats);

  const onSeats = (text: string) => {
    clearErrors('seats');
    const n = parseSeats(text);
    if (n >= 1 && n <= MAX_SEATS) nav.setSearch({ seats: n }, { replace: true });
  };
  const submit = handleSubmit((values) => nav.setSearch({ plan: plan.id, step: 'review', ...(plan.isPerSeat ? { seats: values.seats } : {}) }));

  return (
    <form noValidate onSubmit={submit}>
      <Flex direction="column" gap="4">
        <Flex direction="column" gap="2">
          <Text id={legend} size="2" weight="medium">
            {T.planLegend}
          </Text>
          <RadioCards.Root
            aria-labelledby={legend}
            value={plan.id}
            onValueChange={(id) => nav.setSearch({ plan: id }, { replace: true })}
            columns={{ initial: '1', sm: String(Math.min(offer.plans.length, 2)) }}
          >
            {offer.plans.map((p) => (
              <RadioCards.Item key={p.id} value={p.id}>
                <Flex direction="column" width="100%">
                  <Text weight="bold">{T.strategy[p.strategy]}</Text>
                  <Text size="2" color="gray">
                    {planSummary(p)}
                  </Text>
                  {p.trialDays > 0 && (
                    <Text size="2" color="gray">
                      {T.trialDays(p.trialDays)}
                    </Text>
                  )}
                </Flex>
              </RadioCards.Item>
            ))}
          </RadioCards.Root>
        </Flex>
        {plan.isPerSeat && (
          <>
            <TierTable plan={plan} seats={seats} />
            <Field label={T.seatsLabel} error={formState.errors.seats?.message} hint={T.seatsHint}>
              {({ id, describedBy, invalid }) => (
                <TextField.Root
                  id={id}
                  aria-describedby={describedBy}
                  aria-invalid={invalid}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={MAX_SEATS}
                  step={1}
                  {...register('seats', { onChange: (e: { target: HTMLInputElement }) => onSeats(e.target.value) })}
                  style={{ maxWidth: 180 }}
                />
              )}
            </Field>
          </>
        )}
        <Card>
          <Text as="p" size="2" aria-live="polite">
            {T.total}:{' '}
            {price !== null ? <Strong>{costLine(plan, price)}</Strong> : problem ? <Text color="red">{T.noTotal(problem)}</Text> : <Strong>—</Strong>}
          </Text>
        </Card>
        <Flex gap="3" justify="end" wrap="wrap-reverse">
          <BackToWorkspace address={offer.workspace.address} result={false} />
          <Button type="submit">{T.next}</Button>
        </Flex>
      </Flex>
    </form>
  );
}
