// The sandbox's cards: Stripe's test card numbers, with the outcomes Stripe gives them
// (https://docs.stripe.com/testing), so a demo and a test read the same with either provider.

/** The saved payment method a sandbox card becomes (Stripe's test payment methods' ids). */
export const SANDBOX_METHODS = { pays: 'pm_card_visa', chargesFail: 'pm_card_chargeCustomerFail' } as const;

export const CARD_MESSAGES = {
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  incorrectNumber: 'Your card number is incorrect.',
  notTestCard: 'This is the payments sandbox: use a test card such as 4242 4242 4242 4242.',
  expiry: 'Your card’s expiration date is incomplete or in the past.',
  cvc: 'Your card’s security code is incomplete.',
} as const;

const PAYS = new Set(['4242424242424242', '4000056655665556', '5555555555554444', '2223003122003222', '378282246310005', '6011111111111117']);
const DECLINES: Record<string, string> = {
  '4000000000000002': CARD_MESSAGES.declined,
  '4000000000009995': CARD_MESSAGES.insufficientFunds,
  '4000000000009987': CARD_MESSAGES.declined,
  '4000000000000069': 'Your card has expired.',
  '4000000000000127': 'Your card’s security code is incorrect.',
};
/** Attaching succeeds, charges fail: accepted when nothing is charged now (a trial), declined otherwise. */
const CHARGES_FAIL = '4000000000000341';

/** Luhn's check digit (every real card number passes it). */
export function luhn(digits: string) {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return digits.length >= 12 && sum % 10 === 0;
}

export type CardOutcome = { ok: true; method: string; last4: string } | { ok: false; field: 'number' | 'expiry' | 'cvc'; message: string };

/**
 * What paying with a card does in the sandbox. `chargedNow`: the checkout takes money now (a purchase, or a
 * subscription without a trial); a trial only saves the card, to be charged when it ends.
 */
export function sandboxCard(input: { number: string; expiry: string; cvc: string }, chargedNow: boolean, now = new Date()): CardOutcome {
  const number = input.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number) || !luhn(number)) return { ok: false, field: 'number', message: CARD_MESSAGES.incorrectNumber };
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(input.expiry);
  const month = m ? Number(m[1]) : 0;
  const year = m ? (m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2])) : 0;
  // Valid through the end of its month.
  if (!m || month < 1 || month > 12 || new Date(Date.UTC(year, month, 1)) <= now) return { ok: false, field: 'expiry', message: CARD_MESSAGES.expiry };
  if (!/^\d{3,4}$/.test(input.cvc.trim())) return { ok: false, field: 'cvc', message: CARD_MESSAGES.cvc };
  const last4 = number.slice(-4);
  if (PAYS.has(number)) return { ok: true, method: SANDBOX_METHODS.pays, last4 };
  if (number === CHARGES_FAIL)
    return chargedNow ? { ok: false, field: 'number', message: CARD_MESSAGES.declined } : { ok: true, method: SANDBOX_METHODS.chargesFail, last4 };
  const declined = DECLINES[number];
  if (declined) return { ok: false, field: 'number', message: declined };
  return { ok: false, field: 'number', message: CARD_MESSAGES.notTestCard };
}
