import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { firstMessages } from '../../lib/forms';

/**
 * A step's form: validates with the contract's schema (the server's own rules and messages) when Next
 * is pressed, and from then on at every change — a message goes as soon as its field is fixed — and tells
 * the wizard whether anything changed from what was saved. A read-only step (`skip`) only moves on.
 */
export function useStepForm<S extends z.ZodType>(
  schema: S,
  values: z.input<S>,
  saved: z.input<S>,
  onValid: (parsed: z.output<S>, changed: boolean) => void,
  skip?: () => void,
) {
  const [submitted, setSubmitted] = useState(false);
  const result = submitted ? schema.safeParse(values) : undefined;
  const errors = result && !result.success ? firstMessages(result.error.issues) : {};
  return {
    error: (path: string): string | undefined => errors[path],
    submit: (e: FormEvent) => {
      e.preventDefault();
      if (skip) return skip();
      setSubmitted(true);
      const parsed = schema.safeParse(values);
      if (parsed.success) onValid(parsed.data, JSON.stringify(values) !== JSON.stringify(saved));
    },
  };
}
