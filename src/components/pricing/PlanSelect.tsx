import { Select } from '@radix-ui/themes';
import type { Price } from '../../../contract/schemas/price';
import { formatMoney } from '../../lib/format';
import { Field } from '../Field';

/** A choice among the app's subscription plans (the wizard's pricing step and Change Pricing). */
export function PlanSelect({
  label,
  plans,
  value,
  error,
  onChange,
}: {
  label: string;
  plans: Price[];
  value: string;
  error?: string;
  onChange: (id: string) => void;
}) {
  return (
    <Field label={label} error={error} hint={plans.length ? undefined : 'This app has no subscription plans yet (New pricing plan on the app page).'}>
      {(f) => (
        <Select.Root value={value || undefined} onValueChange={onChange}>
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
