import { Select } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import type { Price } from '../../../contract/schemas/price';
import { formatMoney } from '../../lib/format';
import { Field } from '../Field';

/** A choice among the app's subscription plans (the wizard's pricing step and Change Pricing). */
export function PlanSelect({
  label,
  plans,
  value,
  error,
  emptyHint = 'This app has no subscription plans yet (New pricing plan on the app page).',
  onChange,
}: {
  label: string;
  plans: Price[];
  value: string;
  error?: string;
  /** What is said while the app has no plan (where a plan can be made). */
  emptyHint?: ReactNode;
  onChange: (id: string) => void;
}) {
  return (
    <Field label={label} error={error} hint={plans.length ? undefined : emptyHint}>
      {(f) => (
        // Controlled throughout: an empty value shows the placeholder (Radix Select 2).
        <Select.Root value={value} onValueChange={onChange}>
          <Select.Trigger id={f.id} aria-describedby={f.describedBy} placeholder="Choose a plan" />
          <Select.Content>
            {plans.map((p) => (
              <Select.Item key={p.id} value={p.id}>
                {p.name} · {formatMoney(p.monthly.price)} monthly
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Root>
      )}
    </Field>
  );
}
