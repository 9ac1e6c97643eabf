import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { OAuthError } from './grants';

const FORM_TYPE = /^application\/x-www-form-urlencoded\s*(;|$)/i;

/** RFC 6749 §5.2's error body, with the request id the portal's log knows the request by (the Apps CLI prints both). */
export const oauthError = (request: FastifyRequest, reply: FastifyReply, e: OAuthError) =>
  reply
    .status(e.status)
    .header('cache-control', 'no-store')
    .send({ error: e.error, error_description: e.description, requestId: String(request.id) });

/** The form an endpoint takes, or the refusal of anything else (a JSON body, repeated fields, missing ones). */
export function formOf(request: FastifyRequest): Record<string, unknown> {
  if (!FORM_TYPE.test(request.headers['content-type'] ?? '') || !request.body || typeof request.body !== 'object') {
    throw new OAuthError(400, 'invalid_request', 'The request must be a form (application/x-www-form-urlencoded).');
  }
  return request.body as Record<string, unknown>;
}

export const invalidRequest = (what: z.ZodError) =>
  new OAuthError(
    400,
    'invalid_request',
    `The request is missing or has invalid parameters: ${[...new Set(what.issues.map((i) => i.path.join('.')))].join(', ')}.`,
  );
