// What changed between versions in words a reviewer reads ("Monthly: not offered → $4.99 per month"), not JSON.
import { formatMoney } from '../../lib/format';

type Term = { enabled?: boolean; price?: number; isSeatBased?: boolean; tiers?: { price: number; minimum: number; maximum: number }[] };

const priceTypeWords: Record<string, string> = { free: 'Free', buy: 'One-time purchase', subscription: 'Subscription' };

/** A tier's seats and price: "1–50 seats: $5.00", "151+ seats: $3.00". */
const tierWords = (t: { price: number; minimum: number; maximum: number }) =>
  `${t.maximum === -1 ? `${t.minimum}+` : `${t.minimum}–${t.maximum}`} seats: ${formatMoney(t.price)}`;

/** A subscription term: "Not offered", "$4.99 per month", "per seat, 1–50 seats: $5.00; 51+ seats: $4.00 per month". */
function termWords(term: Term, per: 'month' | 'year'): string {
  if (!term.enabled) return 'Not offered';
  const seats = term.isSeatBased ? ' per seat' : '';
  if (term.tiers?.length) return `${term.tiers.map(tierWords).join('; ')} per ${per}${seats ? ' (per seat)' : ''}`;
  return `${formatMoney(term.price ?? 0)}${seats} per ${per}`;
}

/** Any other value: text as is, lists joined, an object (the manifest's author) as its values, "·"-separated. */
export function valueWords(v: unknown): string | null {
  if (v === null || v === undefined || v === '') return null;
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return v.map((x) => valueWords(x) ?? '').join(', ');
  if (typeof v === 'object') {
    const parts = Object.values(v as Record<string, unknown>).flatMap((x) => valueWords(x) ?? []);
    return parts.length ? parts.join(' · ') : null;
  }
  return JSON.stringify(v);
}

/** A pricing field of the diff (server/apps/review/version-diff.ts `priceAt`) in words. */
export function priceWords(field: string, v: unknown): string | null {
  if (v === null || v === undefined) return field === 'trial' ? 'No trial' : null;
  switch (field) {
    case 'type':
      return priceTypeWords[String(v)] ?? String(v);
    case 'buyPrice':
      return typeof v === 'number' ? (v === 0 ? 'Free' : formatMoney(v)) : valueWords(v);
    case 'monthly':
      return termWords(v as Term, 'month');
    case 'yearly':
      return termWords(v as Term, 'year');
    case 'trial':
      return typeof v === 'number' ? `${v}-day free trial` : valueWords(v);
    default:
      return valueWords(v);
  }
}
