import { z } from 'zod';
import type { TokenAbility } from '../../../contract/access';
import { NewTokenInput, TOKEN_DEFAULT_DAYS } from '../../../contract/schemas/tokens';
import { firstMessages } from '../../lib/forms';

/** The Create token form as typed: the expiry as the field's text, the apps as a choice and the picked ids. */
export type TokenForm = { name: string; abilities: TokenAbility[]; scope: 'all' | 'chosen'; appIds: string[]; expiresInDays: string };
export type TokenErrors = Partial<Record<'name' | 'abilities' | 'appIds' | 'expiresInDays', string>>;

export const emptyTokenForm: TokenForm = { name: '', abilities: [], scope: 'all', appIds: [], expiresInDays: String(TOKEN_DEFAULT_DAYS) };

/** What the API is sent: all apps is null; an empty or non-numeric expiry is NaN so the schema names it. */
export const tokenBody = (form: TokenForm) => ({
  name: form.name,
  abilities: form.abilities,
  appIds: form.scope === 'all' ? null : form.appIds,
  expiresInDays: form.expiresInDays.trim() === '' ? Number.NaN : Number(form.expiresInDays),
});

/** The form checked with the contract's own schema (the server checks the same): what the dialog's resolver parses. */
export const tokenFormSchema = z.preprocess((form: TokenForm) => tokenBody(form), NewTokenInput);

/** The form's problems, a message per field. */
export function tokenProblems(form: TokenForm): TokenErrors {
  const parsed = tokenFormSchema.safeParse(form);
  if (parsed.success) return {};
  // `appIds.3` (one id) is about the apps as a whole on this form.
  return firstMessages(parsed.error.issues.map((i) => ({ ...i, path: i.path.slice(0, 1) })));
}
