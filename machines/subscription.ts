import { assign, getInitialSnapshot, getNextSnapshot, setup } from 'xstate';

/**
 * A subscription billed through the marketplace's checkout (issue 28): one machine for the checkout pages'
 * Manage view (which buttons), the server's changes (server/services/billing/subscriptions.ts and refunds.ts:
 * what the workspace asks, what the payment provider tells, the sandbox's billing clock, staff's refund) and
 * the model-based test that drives it against the real server. Pure: the state is the record's
 * `subscriptionStatus`; `paid` is whether a payment of the current period exists (a trial has none yet).
 *
 *   trialing | active ─PERIOD_PAID─► active (renewed; a trial converted)  pastDue ─PERIOD_PAID─► active (recovered)
 *   trialing | active ─PAYMENT_FAILED─► pastDue ─PAST_DUE_EXPIRED─► cancelled
 *   trialing | active ─CANCEL_AT_PERIOD_END─► cancelling ─RESUME─► active (paid) | trialing
 *                                             cancelling ─PERIOD_ENDED─► cancelled
 *   trialing | active | cancelling ─CANCEL_NOW─► cancelled
 *   active | cancelling | pastDue (paid) ─REFUND─► cancelled
 *   trialing | active ─CHANGE_SEATS (per seat, another count)─► itself
 */
export const subscriptionStates = ['trialing', 'active', 'pastDue', 'cancelling', 'cancelled'] as const;
export type SubscriptionState = (typeof subscriptionStates)[number];
export type SubscriptionInput = { status: SubscriptionState; paid: boolean; perSeat: boolean; seats: number };
/** `start`: the status the record had when the machine was made for it. */
export type SubscriptionContext = { start: SubscriptionState; paid: boolean; perSeat: boolean; seats: number };

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
  types: { context: {} as SubscriptionContext, input: {} as SubscriptionInput, events: {} as SubscriptionEvent },
  guards: {
    isTrialing: ({ context }) => !context.paid,
    isPaid: ({ context }) => context.paid,
    startsAt: ({ context }, at: SubscriptionState) => context.start === at,
    otherSeats: ({ context, event }) => context.perSeat && event.type === 'CHANGE_SEATS' && Number.isInteger(event.seats) && event.seats > 0 && event.seats !== context.seats,
  },
  actions: {
    pay: assign({ paid: true }),
    setSeats: assign({ seats: ({ context, event }) => (event.type === 'CHANGE_SEATS' ? event.seats : context.seats) }),
  },
}).createMachine({
  id: 'subscription',
  context: ({ input }) => ({ start: input.status, paid: input.paid, perSeat: input.perSeat, seats: input.seats }),
  initial: 'resolving',
  states: {
    // Where the record is now.
    resolving: {
      always: subscriptionStates.map((at) => ({ guard: { type: 'startsAt' as const, params: at }, target: at })),
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
        REFUND: { guard: 'isPaid', target: 'cancelled' },
      },
    },
    pastDue: {
      on: {
        PERIOD_PAID: { target: 'active', actions: 'pay' },
        PAST_DUE_EXPIRED: { target: 'cancelled' },
        REFUND: { guard: 'isPaid', target: 'cancelled' },
      },
    },
    cancelling: {
      on: {
        RESUME: [{ guard: 'isTrialing', target: 'trialing' }, { target: 'active' }],
        PERIOD_ENDED: { target: 'cancelled' },
        CANCEL_NOW: { target: 'cancelled' },
        REFUND: { guard: 'isPaid', target: 'cancelled' },
      },
    },
    cancelled: { type: 'final' },
  },
});

export type SubscriptionMachine = typeof subscriptionMachine;

/** The machine where a subscription record is now. */
export const subscriptionSnapshot = (input: SubscriptionInput) => getInitialSnapshot(subscriptionMachine, input);

/** Where `event` takes a subscription in `input`'s state: its next status, or null when the machine refuses it. */
export function subscriptionStep(input: SubscriptionInput, event: SubscriptionEvent): SubscriptionState | null {
  const snapshot = subscriptionSnapshot(input);
  if (!snapshot.can(event)) return null;
  return getNextSnapshot(subscriptionMachine, snapshot, event).value as SubscriptionState;
}

/** Whether the machine takes `event` in `input`'s state (the Manage view's buttons; the server's checks). */
export const subscriptionAllows = (input: SubscriptionInput, event: SubscriptionEvent) => subscriptionStep(input, event) !== null;
