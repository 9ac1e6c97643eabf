import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodError } from 'zod';
import { renderText, type ErrorBody } from '../../../contract/common';
import { HttpError, unstorableText } from '../../errors';
import { unstorableTextIn } from '../../../contract/text';

type Issue = { path: string; message: string };

const issuesOf = (err: unknown, prefix: string): Issue[] => {
  const zerr = err as ZodError | null;
  if (!zerr || !Array.isArray(zerr.issues)) return [];
  return zerr.issues.map((i) => ({ path: [prefix, ...i.path.map(String)].filter(Boolean).join('.'), message: i.message }));
};

/** Request ids, and one error envelope for every non-2xx answer; 5xx never leak internals. */
/** @fastify/multipart's limit errors, in words a user can act on. */
const multipartLimits: Record<string, { code: string; message: string }> = {
  FST_PARTS_LIMIT: { code: 'too_many_parts', message: 'Too many fields and files in one upload.' },
  FST_FIELDS_LIMIT: { code: 'too_many_fields', message: 'Too many fields in one upload.' },
};

/** A request Node's HTTP parser refused (headers too large, not HTTP): the envelope, then the connection closes. */
export function answerClientError(err: Error & { code?: string }, socket: Socket) {
  if (err.code === 'ECONNRESET' || !socket.writable) return socket.destroy();
  const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const text =
    status === 431 ? 'The request headers are too large.' : status === 408 ? 'The request took too long to arrive.' : 'The request is not valid HTTP.';
  const body = JSON.stringify({ error: text, code: err.code ?? status, requestId: randomUUID() });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nconnection: close\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

export default fp(
  async function errors(app: FastifyInstance) {
    const product = app.config.productName;
    const send = (request: FastifyRequest, reply: FastifyReply, status: number, code: string | number, error: string, fields?: Issue[]) => {
      const body: ErrorBody = { error: renderText(error, { product }), code, requestId: String(request.id) };
      if (fields?.length) body.fields = fields.map((f) => ({ ...f, message: renderText(f.message, { product }) }));
      return reply.status(status).send(body);
    };

    app.addHook('onRequest', async (request, reply) => {
      reply.header('x-request-id', request.id);
    });

    // Text the database cannot store (contract/text.ts): refused here, naming the field; multipart fields,
    // file names and package contents are checked by the same rule where they are read. The path and the query
    // as the request arrives, before any other hook: the gate (access.ts) loads the row a path names, and a
    // NUL in an id would reach the database. The body once it is parsed.
    app.addHook('onRequest', async (request) => {
      const where = unstorableTextIn({ params: request.params, query: request.query });
      if (where !== null) throw unstorableText(where);
    });
    app.addHook('preValidation', async (request) => {
      const where = unstorableTextIn({ body: request.body });
      if (where !== null) throw unstorableText(where);
    });

    app.decorate('sendError', send);

    app.setErrorHandler((err: FastifyError | HttpError | Error, request, reply) => {
      if (err instanceof HttpError) return send(request, reply, err.statusCode, err.code, err.message, err.fields);
      if (err.constructor?.name === 'RequestValidationError') {
        const v = err as unknown as Record<'pathParams' | 'headers' | 'query' | 'body', unknown>;
        const fields = [...issuesOf(v.pathParams, 'params'), ...issuesOf(v.headers, 'headers'), ...issuesOf(v.query, 'query'), ...issuesOf(v.body, '')];
        const message = fields.map((f) => f.message).join(' ') || 'The request is not valid.';
        return send(request, reply, 400, 'validation_error', message, fields);
      }
      const status = 'statusCode' in err && typeof err.statusCode === 'number' ? err.statusCode : 500;
      if (status >= 400 && status < 500) {
        const known = 'code' in err && typeof err.code === 'string' ? multipartLimits[err.code] : undefined;
        if (known) return send(request, reply, status, known.code, known.message);
        const code = 'code' in err && typeof err.code === 'string' ? err.code : status;
        return send(request, reply, status, code, err.message);
      }
      request.log.error({ err }, 'request failed');
      return send(request, reply, 500, 'internal_error', 'Internal server error.');
    });
  },
  { name: 'errors', dependencies: ['config'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    sendError: (request: FastifyRequest, reply: FastifyReply, status: number, code: string | number, error: string, fields?: Issue[]) => FastifyReply;
  }
}
