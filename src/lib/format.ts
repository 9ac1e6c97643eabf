// Money and dates as Intl's en-US formats write them (format.test.ts holds them to it), in plain code: the first
// Intl formatter a page makes starts the browser's ICU, which cost the first screen 60–120 ms of CPU at 4×
// (docs/performance.md). Formatters that only later screens need are made on first use.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const grouped = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** Money in USD with two decimals (SPEC §9): `$1,234.50`, `-$3.00`. */
export const formatMoney = (amount: number) => {
  const [whole, cents] = Math.abs(amount).toFixed(2).split('.');
  return `${amount < 0 || Object.is(amount, -0) ? '-' : ''}$${grouped(whole!)}.${cents}`;
};
/** A day in the browser's time zone: `Nov 28, 2026`. */
export const formatDate = (iso: string) => {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) throw new RangeError('Invalid time value');
  return `${MONTHS[d.getMonth()]} ${d.getDate()}, ${d.getFullYear()}`;
};
let dateTime: Intl.DateTimeFormat | undefined;
export const formatDateTime = (iso: string) =>
  (dateTime ??= new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' })).format(
    new Date(iso),
  );

/** SPEC §4: free is a buy price of 0; one-time shows its price; subscriptions say so. */
export const purchaseLabel = (app: { purchaseType: 'buy' | 'subscription'; price: number }) =>
  app.purchaseType === 'subscription' ? 'Subscription' : app.price === 0 ? 'Free' : `${formatMoney(app.price)} one-time`;

/** A file size for people: 812 bytes, 14.2 KB, 3.4 MB. */
export const formatBytes = (n: number) =>
  n < 1024 ? `${n} byte${n === 1 ? '' : 's'}` : n < 1024 * 1024 ? `${(n / 1024).toFixed(1)} KB` : `${(n / 1024 / 1024).toFixed(1)} MB`;
