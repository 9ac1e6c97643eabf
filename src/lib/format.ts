const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const date = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

/** Money in USD with two decimals (SPEC §9). */
export const formatMoney = (amount: number) => usd.format(amount);
export const formatDate = (iso: string) => date.format(new Date(iso));
const dateTime = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));

/** SPEC §4: free is a buy price of 0; one-time shows its price; subscriptions say so. */
export const purchaseLabel = (app: { purchaseType: 'buy' | 'subscription'; price: number }) =>
  app.purchaseType === 'subscription' ? 'Subscription' : app.price === 0 ? 'Free' : `${formatMoney(app.price)} one-time`;

/** A file size for people: 812 bytes, 14.2 KB, 3.4 MB. */
export const formatBytes = (n: number) =>
  n < 1024 ? `${n} byte${n === 1 ? '' : 's'}` : n < 1024 * 1024 ? `${(n / 1024).toFixed(1)} KB` : `${(n / 1024 / 1024).toFixed(1)} MB`;
