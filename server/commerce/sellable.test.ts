import { describe, expect, it } from 'vitest';
import { SALE_TEXT } from '../../contract/schemas/app';
import { cannotSell, isPaid } from './sellable';

describe('whether an app can be sold', () => {
  it('needs a payout account for a paid app only', () => {
    for (const [terms, paid] of [
      [{ purchaseType: 'buy', price: 0 }, false],
      [{ purchaseType: 'buy', price: 0.5 }, true],
      [{ purchaseType: 'subscription', price: 0 }, true],
    ] as const) {
      expect(isPaid(terms)).toBe(paid);
      expect(cannotSell({ ...terms, payoutAccount: '' })).toBe(paid ? SALE_TEXT.cannotTakePayments : null);
      expect(cannotSell({ ...terms, payoutAccount: 'acct_1' })).toBeNull();
    }
  });
});
