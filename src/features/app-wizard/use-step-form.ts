import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { firstMessages } from '../../lib/forms';

/**
 * A step's form: validates with the contract's schema (the server's own rules and messages) when Next
 * is pressed, and tells the wizard whether anything changed from what was saved.
 */
export function useStepForm<S extends z.ZodType>(schema: S, values: z.input<S>, saved: z.input<S>, onValid: (parsed: z.output<S>, changed: boolean) => void) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  return {
    error: (path: string) => errors[path],
    submit: (e: FormEvent) => {
      e.preventDefault();
      const result = schema.safeParse(values);
      if (!result.success) {
        setErrors(firstMessages(result.error.issues));
        return;
      }
      setErrors({});
      onValid(result.data, JSON.stringify(values) !== JSON.stringify(saved));
    },
  };
}
