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
let zone = (): string | undefined => undefined;
/**
 * Where the time zone is read: the runtime's own (the browser's), unless rendering on the server, where it is the
 * zone the browser told it (src/ssr/render.tsx), so the screen it renders shows the days and times the browser will.
 */
export const formatInZoneOf = (timeZone: () => string | undefined) => {
  zone = timeZone;
};
const zoned = new Map<string, Intl.DateTimeFormat>();
const formatter = (key: string, timeZone: string | undefined, options: Intl.DateTimeFormatOptions) => {
  const id = `${key} ${timeZone ?? ''}`;
  let made = zoned.get(id);
  if (!made) zoned.set(id, (made = new Intl.DateTimeFormat('en-US', { ...options, timeZone })));
  return made;
};

/** A day in the browser's time zone: `Nov 28, 2026`. */
export const formatDate = (iso: string) => {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) throw new RangeError('Invalid time value');
  const timeZone = zone();
  if (timeZone) return formatter('day', timeZone, { year: 'numeric', month: 'short', day: 'numeric' }).format(d);
  return `${MONTHS[d.getMonth()]} ${d.getDate()}, ${d.getFullYear()}`;
};
export const formatDateTime = (iso: string) =>
  formatter('time', zone(), { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' }).format(new Date(iso));

/** SPEC §4: free is a buy price of 0; one-time shows its price; subscriptions say so. */
export const purchaseLabel = (app: { purchaseType: 'buy' | 'subscription'; price: number }) =>
  app.purchaseType === 'subscription' ? 'Subscription' : app.price === 0 ? 'Free' : `${formatMoney(app.price)} one-time`;

/** A file size for people: 812 bytes, 14.2 KB, 3.4 MB. */
export const formatBytes = (n: number) =>
  n < 1024 ? `${n} byte${n === 1 ? '' : 's'}` : n < 1024 * 1024 ? `${(n / 1024).toFixed(1)} KB` : `${(n / 1024 / 1024).toFixed(1)} MB`;
