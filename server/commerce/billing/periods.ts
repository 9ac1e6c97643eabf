/** The next period end of a subscription: a calendar month or year on (as Stripe Billing counts them). */
export function nextPeriodEnd(from: Date, strategy: 'monthly' | 'yearly'): Date {
  const next = new Date(from.getTime());
  if (strategy === 'yearly') next.setUTCFullYear(next.getUTCFullYear() + 1);
  else {
    const day = next.getUTCDate();
    next.setUTCDate(1);
    next.setUTCMonth(next.getUTCMonth() + 1);
    // 31 January + a month is the last day of February, not 3 March.
    const last = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
    next.setUTCDate(Math.min(day, last));
  }
  return next;
}

/** The strategy of a plan id (`<priceId>:monthly` for an app's plans; a bundle's plan rows carry theirs). */
export const intervalOf = (strategy: 'monthly' | 'yearly') => (strategy === 'yearly' ? 'year' : 'month');
