import { TextField } from '@radix-ui/themes';

const pad = (n: number) => String(n).padStart(2, '0');
/** An instant as the value of a datetime-local input, in the browser's time zone. */
export const toLocalInput = (iso: string) => {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};
/** The start of yesterday, local time: SPEC §5's earliest period end. */
export const startOfYesterday = (now = new Date()) => new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1).toISOString();

/** A date-time picker over an ISO instant: untouched, the value stays exactly what it was given. */
export function DateTimeInput({
  value,
  onChange,
  min,
  ...rest
}: {
  value: string;
  onChange: (iso: string) => void;
  min?: string;
  id?: string;
  disabled?: boolean;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
}) {
  return (
    <TextField.Root
      type="datetime-local"
      value={toLocalInput(value)}
      min={min ? toLocalInput(min) : undefined}
      onChange={(e) => {
        const next = new Date(e.currentTarget.value);
        onChange(Number.isNaN(next.getTime()) ? '' : next.toISOString());
      }}
      {...rest}
    />
  );
}
