import { z } from 'zod';
import { parseSeats } from './price';

/** A form holding seats as typed. */
export type SeatsForm = { seats: string };

/**
 * The seats field's schema: the text as typed (a whole number, else NaN), checked by the contract's rule for seats
 * (`rule`: its message, 'Choose between 1 and 1,000,000 seats.'), then by what the form adds (`problem`: the plan's
 * tiers, the seats the subscription has). Its output is the number of seats.
 */
export const seatsSchema = (rule: z.ZodType<number, number>, problem: (seats: number) => string | undefined = () => undefined) =>
  z.object({
    seats: z
      .string()
      .transform(parseSeats)
      .pipe(rule)
      .superRefine((seats, ctx) => {
        const message = problem(seats);
        if (message) ctx.addIssue({ code: 'custom', message });
      }),
  });

/** A plan that asks for no seats (a flat price): the field is not shown, nothing to check. */
export const uncheckedSeats = z.object({ seats: z.string().transform(parseSeats) });
