import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { toApiError } from './api';

/**
 * A server 400 names each invalid field with the same message the form would show: put them on the
 * fields. Returns false when the error was not about fields (the caller shows a toast).
 */
export function applyServerErrors<T extends FieldValues>(err: unknown, setError: UseFormSetError<T>): boolean {
  const fields = toApiError(err).body?.fields;
  if (!fields?.length) return false;
  for (const f of fields) setError(f.path as Path<T>, { type: 'server', message: f.message });
  return true;
}

/** A schema's issues as the first message per field path (how the forms show them). */
export function firstMessages(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) out[issue.path.map(String).join('.')] ??= issue.message;
  return out;
}
