import { describe, expect, it } from 'vitest';
import { CARD_MESSAGES, luhn, sandboxCard, SANDBOX_METHODS } from './sandbox-cards';

const now = new Date('2026-11-24T12:00:00Z');
const card = (number: string, expiry = '12/30', cvc = '123') => ({ number, expiry, cvc });

describe('sandbox cards', () => {
  it('pays with Stripe’s succeeding test cards, spaces and all', () => {
    expect(sandboxCard(card('4242 4242 4242 4242'), true, now)).toEqual({ ok: true, method: SANDBOX_METHODS.pays, last4: '4242' });
    expect(sandboxCard(card('5555-5555-5555-4444'), true, now)).toMatchObject({ ok: true });
  });
  it('declines the declining test cards with Stripe’s messages', () => {
    expect(sandboxCard(card('4000000000000002'), true, now)).toEqual({ ok: false, field: 'number', message: CARD_MESSAGES.declined });
    expect(sandboxCard(card('4000000000009995'), true, now)).toMatchObject({ ok: false, message: CARD_MESSAGES.insufficientFunds });
  });
  it('saves the card whose charges fail for a trial, and declines it when charged now', () => {
    expect(sandboxCard(card('4000000000000341'), false, now)).toMatchObject({ ok: true, method: SANDBOX_METHODS.chargesFail });
    expect(sandboxCard(card('4000000000000341'), true, now)).toMatchObject({ ok: false, message: CARD_MESSAGES.declined });
  });
  it('refuses numbers that are not cards, real cards, past expiry dates and short security codes', () => {
    expect(luhn('4242424242424242')).toBe(true);
    expect(luhn('4242424242424241')).toBe(false);
    expect(sandboxCard(card('4242424242424241'), true, now)).toMatchObject({ field: 'number', message: CARD_MESSAGES.incorrectNumber });
    expect(sandboxCard(card('4012888888881881'), true, now)).toMatchObject({ field: 'number', message: CARD_MESSAGES.notTestCard });
    expect(sandboxCard(card('4242424242424242', '10/26'), true, now)).toMatchObject({ field: 'expiry' });
    expect(sandboxCard(card('4242424242424242', '11/26'), true, now)).toMatchObject({ ok: true });
    expect(sandboxCard(card('4242424242424242', '13/30'), true, now)).toMatchObject({ field: 'expiry' });
    expect(sandboxCard(card('4242424242424242', '12/30', '1'), true, now)).toMatchObject({ field: 'cvc' });
  });
});
