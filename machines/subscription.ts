import { assign, getInitialSnapshot, getNextSnapshot, setup } from 'xstate';

/**
 * A subscription billed through the marketplace's checkout (docs/rocketchat.md, Buying): one machine for the checkout pages'
 * Manage view (which buttons), the server's changes (server/commerce/billing/subscriptions.ts and refunds.ts:
 * what the workspace asks, what the payment provider tells, the sandbox's billing clock, staff's refund) and
 * the model-based test that drives it against the real server. Pure: the state is the record's
 * `subscriptionStatus`; `paid` is whether a payment of the current period exists (a trial has none yet). Its paths
 * run against the real server in tests/model/subscription.model.test.ts.
 *
 *   (checkout paid) ─► trialing (nothing charged yet) | active (the first period charged)
 *   trialing | active ─PERIOD_PAID─► active (renewed; a trial converted)  pastDue ─PERIOD_PAID─► active (recovered)
 *   trialing | active ─PAYMENT_FAILED─► pastDue ─PAST_DUE_EXPIRED─► cancelled
 *   trialing | active ─CANCEL_AT_PERIOD_END─► cancelling ─RESUME─► active (paid) | trialing
 *                                             cancelling ─PERIOD_ENDED─► cancelled
 *   trialing | active | cancelling ─CANCEL_NOW─► cancelled
 *   active | cancelling | pastDue (paid) ─REFUND─► cancelled (the payment given back: no longer paid)
 *   trialing | active ─CHANGE_SEATS (per seat, another count)─► itself
 */
export const subscriptionStates = ['trialing', 'active', 'pastDue', 'cancelling', 'cancelled'] as const;
export type SubscriptionState = (typeof subscriptionStates)[number];
export type SubscriptionContext = { paid: boolean; perSeat: boolean; seats: number };
/** A subscription record as the machine reads it: its status and context. */
export type SubscriptionInput = SubscriptionContext & { status: SubscriptionState };

export type SubscriptionEvent =
  // What the payment provider tells (Stripe's events; the sandbox's billing clock).
  | { type: 'PERIOD_PAID' }
  | { type: 'PAYMENT_FAILED' }
  | { type: 'PERIOD_ENDED' }
  | { type: 'PAST_DUE_EXPIRED' }
  // What the workspace asks on the checkout pages.
  | { type: 'CHANGE_SEATS'; seats: number }
  | { type: 'CANCEL_AT_PERIOD_END' }
  | { type: 'CANCEL_NOW' }
  | { type: 'RESUME' }
  // What staff do.
  | { type: 'REFUND' };

/** The events the workspace itself sends from the checkout pages. */
export const buyerEvents = ['CHANGE_SEATS', 'CANCEL_AT_PERIOD_END', 'CANCEL_NOW', 'RESUME'] as const;

export const subscriptionMachine = setup({
  types: { context: {} as SubscriptionContext, input: {} as SubscriptionContext, events: {} as SubscriptionEvent },
  guards: {
    isTrialing: ({ context }) => !context.paid,
    isPaid: ({ context }) => context.paid,
    otherSeats: ({ context, event }) =>
      context.perSeat && event.type === 'CHANGE_SEATS' && Number.isInteger(event.seats) && event.seats > 0 && event.seats !== context.seats,
  },
  actions: {
    pay: assign({ paid: true }),
    giveBack: assign({ paid: false }),
    setSeats: assign({ seats: ({ context, event }) => (event.type === 'CHANGE_SEATS' ? event.seats : context.seats) }),
  },
}).createMachine({
  id: 'subscription',
  context: ({ input }) => input,
  initial: 'starting',
  states: {
    // A checkout paid: trialing when the plan has a trial, else active (its first period paid at checkout).
    starting: {
      always: [{ guard: 'isPaid', target: 'active' }, { target: 'trialing' }],
    },
    trialing: {
      on: {
        PERIOD_PAID: { target: 'active', actions: 'pay' },
        PAYMENT_FAILED: { target: 'pastDue' },
        CHANGE_SEATS: { guard: 'otherSeats', target: 'trialing', actions: 'setSeats' },
        CANCEL_AT_PERIOD_END: { target: 'cancelling' },
        CANCEL_NOW: { target: 'cancelled' },
      },
    },
    active: {
      on: {
        PERIOD_PAID: { target: 'active', actions: 'pay' },
        PAYMENT_FAILED: { target: 'pastDue' },
        CHANGE_SEATS: { guard: 'otherSeats', target: 'active', actions: 'setSeats' },
        CANCEL_AT_PERIOD_END: { target: 'cancelling' },
        CANCEL_NOW: { target: 'cancelled' },
        REFUND: { guard: 'isPaid', target: 'cancelled', actions: 'giveBack' },
      },
    },
    pastDue: {
      on: {
        PERIOD_PAID: { target: 'active', actions: 'pay' },
        PAST_DUE_EXPIRED: { target: 'cancelled' },
        REFUND: { guard: 'isPaid', target: 'cancelled', actions: 'giveBack' },
      },
    },
    cancelling: {
      on: {
        RESUME: [{ guard: 'isTrialing', target: 'trialing' }, { target: 'active' }],
        PERIOD_ENDED: { target: 'cancelled' },
        CANCEL_NOW: { target: 'cancelled' },
        REFUND: { guard: 'isPaid', target: 'cancelled', actions: 'giveBack' },
      },
    },
    cancelled: { type: 'final' },
  },
});

export type SubscriptionMachine = typeof subscriptionMachine;

/** A new subscription, as its checkout completes (`paid`: its first period was charged at once). */
export const newSubscription = (context: SubscriptionContext) => getInitialSnapshot(subscriptionMachine, context);

/** The machine where a subscription record is now. */
export const subscriptionSnapshot = ({ status, ...context }: SubscriptionInput) => subscriptionMachine.resolveState({ value: status, context });

/** Where `event` takes a subscription in `input`'s state: its next status, or null when the machine refuses it. */
export function subscriptionStep(input: SubscriptionInput, event: SubscriptionEvent): SubscriptionState | null {
  const snapshot = subscriptionSnapshot(input);
  if (!snapshot.can(event)) return null;
  return getNextSnapshot(subscriptionMachine, snapshot, event).value as SubscriptionState;
}

/** Whether the machine takes `event` in `input`'s state (the Manage view's buttons; the server's checks). */
export const subscriptionAllows = (input: SubscriptionInput, event: SubscriptionEvent) => subscriptionStep(input, event) !== null;
