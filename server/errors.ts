import { UNSTORABLE_TEXT_MESSAGE } from '../contract/text';

/** Thrown anywhere in a request; the error plugin renders it as the `{error, code, requestId}` envelope. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: { path: string; message: string }[],
  ) {
    super(message);
  }
}

export const notFound = (what: string) => new HttpError(404, 'not_found', `${what} not found.`);
export const conflict = (code: string, message: string) => new HttpError(409, code, message);
export const badRequest = (message: string, fields?: { path: string; message: string }[]) => new HttpError(400, 'validation_error', message, fields);
/** The 400 for text the database cannot store (contract/text.ts), naming where it was. */
export const unstorableText = (path: string, code = 'validation_error') =>
  new HttpError(400, code, `${path}: ${UNSTORABLE_TEXT_MESSAGE}`, [{ path, message: UNSTORABLE_TEXT_MESSAGE }]);

/** Whether a database error is a unique-constraint violation (PostgreSQL and PGlite alike; drizzle wraps it). */
export function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (e.code === '23505') return true;
  }
  return false;
}
