/** An activity line's details: 'v1.0.0 · author-approved → approved · rejectionNote: …' (jsonb keeps no key order, so it is set here). */
export function formatDetails({ version, from, to, ...rest }: Record<string, unknown>) {
  const parts: string[] = [];
  if (typeof version === 'string') parts.push(`v${version}`);
  if (typeof from === 'string' && typeof to === 'string') parts.push(`${from} → ${to}`);
  for (const [k, v] of Object.entries(rest).sort(([a], [b]) => a.localeCompare(b))) {
    if (v !== '' && v !== undefined && v !== null) parts.push(`${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`);
  }
  return parts.join(' · ');
}
