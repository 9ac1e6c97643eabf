import { and, assign, getInitialSnapshot, getNextSnapshot, setup } from 'xstate';

/**
 * Purchase-type changes of an app (SPEC §4), one machine for the Change Pricing drawer, the wizard's
 * pricing step and the server's pricing call. Pure: the state is the app's current purchase type, the
 * events are the choices; what the machine refuses, the server refuses.
 *
 *   free ⇄ buy ⇄ … : any move between free and one-time; into a paid type only with canCreatePaidApps
 *   free | buy ─CHOOSE_SUBSCRIPTION (a plan)─► subscription
 *   subscription ─CHOOSE_FREE─► confirmingCancellation ─CONFIRM─► free (all active subscriptions cancelled)
 *                                                      └CANCEL──► subscription
 *                (no active subscriptions: straight to free)
 *   subscription ─CHOOSE_BUY (price > 0)─► refused: 'Converting from a subscription to one-time …'
 */
export type PurchaseChoice = 'free' | 'buy' | 'subscription';
export type PricingContext = { current: PurchaseChoice; canCreatePaidApps: boolean; activeSubscriptions: number; price: number; planId: string };
export type PricingInput = { current: PurchaseChoice; canCreatePaidApps: boolean; activeSubscriptions: number };

export type PricingEvent =
  { type: 'CHOOSE_FREE' } | { type: 'CHOOSE_BUY'; price: number } | { type: 'CHOOSE_SUBSCRIPTION'; planId: string } | { type: 'CONFIRM' } | { type: 'CANCEL' };

export const pricingText = {
  noOneTimeFromSubscription: 'Converting from a subscription to one-time purchase is not allowed at this time.',
  cancelSubscriptions: (n: number) => `All ${n} active subscription(s) will be automatically cancelled with this change.`,
  paidNotAllowed: 'Your publisher account cannot create paid apps. Contact support to enable paid apps.',
  priceRequired: 'Please set a price to charge.',
  planRequired: 'A pricing plan is required.',
  purchaseTypeRequired: 'You must select the Purchase Type.',
} as const;

export const pricingMachine = setup({
  types: { context: {} as PricingContext, input: {} as PricingInput, events: {} as PricingEvent },
  guards: {
    paidAllowed: ({ context }) => context.canCreatePaidApps,
    paidBuyAllowed: ({ context, event }) => event.type === 'CHOOSE_BUY' && event.price >= 0 && (event.price === 0 || context.canCreatePaidApps),
    freeBuy: ({ event }) => event.type === 'CHOOSE_BUY' && event.price === 0,
    hasPlan: ({ event }) => event.type === 'CHOOSE_SUBSCRIPTION' && event.planId !== '',
    hasActiveSubscriptions: ({ context }) => context.activeSubscriptions > 0,
    startsBuy: ({ context }) => context.current === 'buy',
    startsSubscription: ({ context }) => context.current === 'subscription',
  },
  actions: {
    setPrice: assign({ price: ({ event }) => (event.type === 'CHOOSE_BUY' ? event.price : 0) }),
    setPlan: assign({ planId: ({ event }) => (event.type === 'CHOOSE_SUBSCRIPTION' ? event.planId : '') }),
    cancelSubscriptions: assign({ activeSubscriptions: 0, price: 0 }),
  },
}).createMachine({
  id: 'pricing',
  context: ({ input }) => ({ ...input, price: 0, planId: '' }),
  initial: 'choosing',
  states: {
    // Where the app is now.
    choosing: {
      always: [{ guard: 'startsBuy', target: 'buy' }, { guard: 'startsSubscription', target: 'subscription' }, { target: 'free' }],
    },
    free: {
      on: {
        CHOOSE_FREE: { target: 'free' },
        CHOOSE_BUY: [
          { guard: 'freeBuy', target: 'free', actions: 'setPrice' },
          { guard: 'paidBuyAllowed', target: 'buy', actions: 'setPrice' },
        ],
        CHOOSE_SUBSCRIPTION: { guard: and(['paidAllowed', 'hasPlan']), target: 'subscription', actions: 'setPlan' },
      },
    },
    buy: {
      on: {
        CHOOSE_FREE: { target: 'free', actions: 'setPrice' },
        CHOOSE_BUY: [
          { guard: 'freeBuy', target: 'free', actions: 'setPrice' },
          { guard: 'paidBuyAllowed', target: 'buy', actions: 'setPrice' },
        ],
        CHOOSE_SUBSCRIPTION: { guard: and(['paidAllowed', 'hasPlan']), target: 'subscription', actions: 'setPlan' },
      },
    },
    subscription: {
      on: {
        // Free is buy at 0: either way, active subscriptions are cancelled only after the user confirms.
        CHOOSE_FREE: [
          { guard: 'hasActiveSubscriptions', target: 'confirmingCancellation' },
          { target: 'free', actions: 'setPrice' },
        ],
        CHOOSE_BUY: [
          { guard: and(['freeBuy', 'hasActiveSubscriptions']), target: 'confirmingCancellation' },
          { guard: 'freeBuy', target: 'free', actions: 'setPrice' },
        ],
        CHOOSE_SUBSCRIPTION: { guard: 'hasPlan', target: 'subscription', actions: 'setPlan' },
      },
    },
    confirmingCancellation: {
      on: {
        CONFIRM: { target: 'free', actions: 'cancelSubscriptions' },
        CANCEL: { target: 'subscription' },
      },
    },
  },
});

export type PricingMachine = typeof pricingMachine;

/** The machine in the app's current purchase type. */
export const pricingSnapshot = (input: PricingInput) => getInitialSnapshot(pricingMachine, input);

export type PurchaseTarget = { type: 'buy'; buyPrice: number } | { type: 'subscription'; pricingId: string };

/** A requested purchase type as the machine's event (free is buy at 0). */
export const choiceEvent = (target: PurchaseTarget): PricingEvent =>
  target.type === 'subscription'
    ? { type: 'CHOOSE_SUBSCRIPTION', planId: target.pricingId }
    : target.buyPrice === 0
      ? { type: 'CHOOSE_FREE' }
      : { type: 'CHOOSE_BUY', price: target.buyPrice };

export type PricingDecision =
  | { kind: 'apply'; to: PurchaseChoice; cancelSubscriptions: number }
  | { kind: 'confirm'; message: string; count: number }
  | { kind: 'refused'; status: 403 | 409 | 400; message: string; field?: 'buyPrice' | 'pricingId' };

/**
 * What the machine says about moving from `input.current` to `target`: apply it (cancelling how many
 * subscriptions), ask for confirmation first, or refuse (with the spec's words). `confirmed` is the
 * user's yes to the cancellation prompt.
 */
export function decidePricing(input: PricingInput, target: PurchaseTarget, confirmed = false): PricingDecision {
  const snapshot = pricingSnapshot(input);
  const event = choiceEvent(target);
  if (!snapshot.can(event)) {
    if (target.type === 'subscription' && !target.pricingId) return { kind: 'refused', status: 400, message: pricingText.planRequired, field: 'pricingId' };
    if (input.current === 'subscription' && target.type === 'buy') return { kind: 'refused', status: 409, message: pricingText.noOneTimeFromSubscription };
    if (!input.canCreatePaidApps) return { kind: 'refused', status: 403, message: pricingText.paidNotAllowed };
    return { kind: 'refused', status: 400, message: pricingText.priceRequired, field: 'buyPrice' };
  }
  const next = getNextSnapshot(pricingMachine, snapshot, event);
  if (next.value === 'confirmingCancellation') {
    if (!confirmed) return { kind: 'confirm', message: pricingText.cancelSubscriptions(input.activeSubscriptions), count: input.activeSubscriptions };
    return { kind: 'apply', to: 'free', cancelSubscriptions: input.activeSubscriptions };
  }
  return { kind: 'apply', to: next.value as PurchaseChoice, cancelSubscriptions: 0 };
}
