import type { z } from 'zod';
import type { Price } from '../../../contract/schemas/price';
import { formatMoney } from '../../lib/format';

/** SPEC §9: '{name} (Active) · $x monthly · $y yearly · N day trial'; one-time and free prices likewise. */
export function priceSummary(p: z.infer<typeof Price>): string {
  const parts = [`${p.name} (${p.active ? 'Active' : 'Legacy'})`];
  if (p.type === 'subscription') {
    if (p.monthly.enabled) parts.push(`${formatMoney(p.monthly.price)} monthly`);
    if (p.yearly.enabled) parts.push(`${formatMoney(p.yearly.price)} yearly`);
    if (p.trialEnabled) parts.push(`${p.trialDuration} day trial`);
  } else {
    parts.push(p.buyPrice === 0 ? 'Free' : `${formatMoney(p.buyPrice)} one-time`);
  }
  return parts.join(' · ');
}
