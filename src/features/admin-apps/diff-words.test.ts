import { describe, expect, it } from 'vitest';
import { priceWords, valueWords } from './diff-words';

describe('the changes between versions in words', () => {
  it('says prices as a reviewer reads them', () => {
    expect(priceWords('type', 'subscription')).toBe('Subscription');
    expect(priceWords('buyPrice', 0)).toBe('Free');
    expect(priceWords('buyPrice', 4.99)).toBe('$4.99');
    expect(priceWords('monthly', { price: 0, tiers: [], enabled: false, isSeatBased: false })).toBe('Not offered');
    expect(priceWords('monthly', { price: 4.99, tiers: [], enabled: true, isSeatBased: false })).toBe('$4.99 per month');
    expect(priceWords('yearly', { price: 40, tiers: [], enabled: true, isSeatBased: true })).toBe('$40.00 per seat per year');
    expect(
      priceWords('monthly', {
        price: 0,
        enabled: true,
        isSeatBased: true,
        tiers: [
          { price: 5, minimum: 1, maximum: 50 },
          { price: 4, minimum: 51, maximum: -1 },
        ],
      }),
    ).toBe('1–50 seats: $5.00; 51+ seats: $4.00 per month (per seat)');
    expect([priceWords('trial', null), priceWords('trial', 14)]).toEqual(['No trial', '14-day free trial']);
    expect(priceWords('buyPrice', undefined)).toBeNull();
  });

  it('says other values as text: lists joined, the author as its parts', () => {
    expect(valueWords({ name: 'Northwind', support: 'help@northwind.example', homepage: 'https://northwind.example' })).toBe(
      'Northwind · help@northwind.example · https://northwind.example',
    );
    expect(valueWords(['en', 'de'])).toBe('en, de');
    expect([valueWords(''), valueWords(null), valueWords({})]).toEqual([null, null, null]);
    expect(valueWords(3)).toBe('3');
  });
});
