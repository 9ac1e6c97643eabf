import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { AppRoute } from '@ts-rest/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isStorableText } from '../../../contract/text';
import { HttpError, unstorableText } from '../../errors';
import { createTempRoot, sweepTempRoots } from '../process/temp-root';

const MULTIPART = /^multipart\/form-data/i;
const JSON_TYPE = /^application\/json\s*(;|$)/i;
const routeOf = (request: FastifyRequest) => (request.routeOptions.config as { tsRestRoute?: AppRoute } | undefined)?.tsRestRoute;
const takesFiles = (route: AppRoute | undefined) => !!route && 'contentType' in route && route.contentType === 'multipart/form-data';
const FORM_TYPE = /^application\/x-www-form-urlencoded\s*(;|$)/i;
/** A route that takes an HTML form (the OAuth token exchange, as RFC 8693 sends it) also takes JSON. */
const takesForm = (route: AppRoute | undefined) => !!route && 'contentType' in route && route.contentType === 'application/x-www-form-urlencoded';
const isMultipart = (request: FastifyRequest) => MULTIPART.test(request.headers['content-type'] ?? '');

/** What one upload route accepts: its file field, how many files, how large each, and its other fields. */
export type UploadSpec = {
  field: string;
  maxFiles: number;
  maxFileBytes: number;
  /** The message when the file field is missing, holds too many files, or another file field is sent. */
  fieldMessage: string;
  /** The refusal of more than `maxFiles` files (default: the field message, 400). */
  tooMany?: { status: number; code: string; message: string };
  /** The refusal of a file over `maxFileBytes` (default: a generic 413). */
  tooLarge?: { code: string; message: string };
  /** Non-file fields the route reads (e.g. a JSON part), each at most `maxFieldBytes`. */
  fields?: string[];
  maxFieldBytes?: number;
};

export type ReceivedFile = { fileName: string; size: number; read: () => Promise<Buffer> };
export type ReceivedUpload = { files: ReceivedFile[]; fields: Record<string, string> };

const mb = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/**
 * Multipart only where a route takes files, and read only by its handler — after authentication, the
 * permission check (the access hook runs on request, before any body is parsed) and the handler's own
 * ownership checks. Files stream to a temporary folder of the request (removed when it is answered)
 * within the route's limits, never into memory whole. A refusal sent before the body was read closes the
 * connection, so the rest of that body is never read.
 */
export default fp(
  async function uploads(app: FastifyInstance) {
    // Registers the multipart content-type parser only: it reads nothing until a handler asks.
    await app.register(multipart, { limits: { fields: 20, parts: 40, headerPairs: 200 } });

    // Each contract route takes one media type: multipart where it takes files, JSON everywhere else.
    app.addHook('onRequest', async (request) => {
      const route = routeOf(request);
      const type = request.headers['content-type'];
      // A GET carries no body: its content type is nothing to refuse.
      if (!route || !type || route.method === 'GET') return;
      if (takesFiles(route) ? !isMultipart(request) : !JSON_TYPE.test(type) && !(takesForm(route) && FORM_TYPE.test(type))) {
        throw new HttpError(
          415,
          'unsupported_media_type',
          takesFiles(route)
            ? 'This route takes a multipart/form-data upload.'
            : takesForm(route)
              ? 'This route takes a form (application/x-www-form-urlencoded) or JSON.'
              : 'This route takes JSON (application/json).',
        );
      }
    });

    app.addHook('onSend', async (request, reply) => {
      if (isMultipart(request) && !request.raw.readableEnded) reply.header('connection', 'close');
    });

    // Uploads land in this server's own temporary folder: removed when each request ends (answered or
    // aborted) and whole when the server closes; what a killed server left is swept when one starts.
    const swept = await sweepTempRoots();
    if (swept) app.log.info({ swept }, 'removed the temporary folders of servers that ended');
    const temp = createTempRoot();
    app.addHook('onClose', async () => temp.dispose());
    const removeUpload = async (request: FastifyRequest) => {
      if (request.uploadDir) await rm(request.uploadDir, { recursive: true, force: true });
    };
    app.addHook('onResponse', removeUpload);
    app.addHook('onRequestAbort', removeUpload);

    app.decorateRequest('uploadDir', undefined);
    app.decorateRequest('receiveUpload', async function receiveUpload(this: FastifyRequest, spec: UploadSpec): Promise<ReceivedUpload> {
      if (!isMultipart(this)) throw new HttpError(415, 'unsupported_media_type', 'This route takes a multipart/form-data upload.');
      const refuse = () => new HttpError(400, 'validation_error', spec.fieldMessage, [{ path: spec.field, message: spec.fieldMessage }]);
      this.uploadDir ??= await mkdtemp(join(temp.path, 'upload-'));
      const files: ReceivedFile[] = [];
      const fields: Record<string, string> = {};
      const parts = this.parts({
        limits: { files: spec.maxFiles + 1, fileSize: spec.maxFileBytes + 1, fields: (spec.fields?.length ?? 0) + 1, fieldSize: spec.maxFieldBytes ?? 1024 },
      });
      try {
        for await (const part of parts) {
          if (part.type === 'field') {
            if (!spec.fields?.includes(part.fieldname))
              throw new HttpError(400, 'validation_error', `Unexpected field "${part.fieldname}".`, [
                { path: part.fieldname, message: 'Not a field of this upload.' },
              ]);
            if (part.valueTruncated)
              throw new HttpError(413, 'field_too_large', `The field "${part.fieldname}" is larger than ${spec.maxFieldBytes ?? 1024} bytes.`);
            fields[part.fieldname] = String(part.value);
            if (!isStorableText(fields[part.fieldname]!)) throw unstorableText(part.fieldname);
            continue;
          }
          if (part.fieldname !== spec.field) throw refuse();
          if (part.filename && !isStorableText(part.filename)) throw unstorableText(`${spec.field}.filename`);
          if (files.length === spec.maxFiles) throw spec.tooMany ? new HttpError(spec.tooMany.status, spec.tooMany.code, spec.tooMany.message) : refuse();
          const path = join(this.uploadDir, `${files.length}`);
          let size = 0;
          // Counted here, so the upload stops at the limit (the parser would read the rest of the file first).
          const raw = this.raw;
          const limit = new Transform({
            transform(chunk: Buffer, _enc, done) {
              size += chunk.length;
              if (size <= spec.maxFileBytes) return done(null, chunk);
              // Past the limit: stop reading the connection in this very tick (the refusal follows a few ticks
              // later; on a busy machine the client's data would keep flowing into the parser meanwhile).
              raw.unpipe();
              raw.pause();
              done(Object.assign(new Error('file too large'), { code: 'FST_REQ_FILE_TOO_LARGE' }));
            },
          });
          await pipeline(part.file, limit, createWriteStream(path));
          files.push({ fileName: part.filename || `${spec.field}-${files.length + 1}`, size, read: () => readFile(path) });
        }
      } catch (e) {
        // Read no further: the refusal is answered and the connection closed.
        this.raw.unpipe();
        this.raw.pause();
        const code = (e as { code?: unknown }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') {
          const { code: c, message } = spec.tooLarge ?? { code: 'file_too_large', message: `A file in the upload is larger than ${mb(spec.maxFileBytes)}.` };
          throw new HttpError(413, c, message);
        }
        if (code === 'FST_FILES_LIMIT') throw refuse();
        throw e;
      }
      if (!files.length && spec.maxFiles > 0) throw refuse();
      return { files, fields };
    });
  },
  { name: 'uploads', dependencies: ['errors'] },
);

declare module 'fastify' {
  interface FastifyRequest {
    /** This request's temporary upload folder (removed once it is answered). */
    uploadDir: string | undefined;
    /** Reads the multipart upload of a route that takes files, within its limits (call after every check). */
    receiveUpload: (spec: UploadSpec) => Promise<ReceivedUpload>;
  }
}
