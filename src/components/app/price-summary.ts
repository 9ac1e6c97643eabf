import type { z } from 'zod';
import type { Price } from '../../../contract/schemas/price';
import { formatMoney } from '../../lib/format';

/**
 * SPEC §9: '{name} (Active) · $x monthly · $y yearly · N day trial'; one-time and free prices likewise,
 * without saying the name twice ('Free (Active)', not 'Free (Active) · Free'). `status: false` where the
 * status has a column of its own.
 */
export function priceSummary(p: z.infer<typeof Price>, o: { status?: boolean } = {}): string {
  const parts = [o.status === false ? p.name : `${p.name} (${p.active ? 'Active' : 'Legacy'})`];
  if (p.type === 'subscription') {
    if (p.monthly.enabled) parts.push(`${formatMoney(p.monthly.price)} monthly`);
    if (p.yearly.enabled) parts.push(`${formatMoney(p.yearly.price)} yearly`);
    if (p.trialEnabled) parts.push(`${p.trialDuration} day trial`);
  } else {
    const type = p.buyPrice === 0 ? 'Free' : `${formatMoney(p.buyPrice)} one-time`;
    if (type.toLowerCase() !== p.name.trim().toLowerCase()) parts.push(type);
  }
  return parts.join(' · ');
}
