import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { notFound } from '../../errors';
import { SignedLinks } from '../signed-links';

export type FileLink = { file: string; name: string };

/** The URL of a signed link (names are ours: slug, version, `.zip`). */
export const fileUrl = (name: string, token: string) => `/files/${encodeURIComponent(name)}?token=${token}`;

/**
 * Package downloads: `GET /files/{name}?token=…` serves a stored file named by a signed, short-lived token
 * (issued by GET /v1/admin/apps/download/{id}), so the link works in a new tab without the bearer token;
 * and `GET /media/screenshots/{appId}/{id}.png|jpg`, the screenshots.
 */
export default fp(
  async function downloads(app: FastifyInstance) {
    app.decorate('links', new SignedLinks(app.db));
    app.get<{ Params: { name: string }; Querystring: { token?: string } }>('/files/:name', async (request, reply) => {
      const link = await app.links.verify<FileLink>(request.query.token ?? '');
      if (!link || link.name !== request.params.name) throw notFound('Download link (it may have expired)');
      const data = await app.storage.get(link.file).catch(() => {
        throw notFound('File');
      });
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${link.name}"`)
        .header('cache-control', 'no-store')
        .send(data);
    });

    // Screenshots are the app's public listing images: served to anyone by their (unguessable) id.
    app.get<{ Params: { appId: string; file: string } }>('/media/screenshots/:appId/:file', async (request, reply) => {
      const { appId, file } = request.params;
      const match = /^([0-9a-f]{24})\.(png|jpg)$/.exec(file);
      if (!match || !/^[\w-]{1,64}$/.test(appId)) throw notFound('Screenshot');
      const data = await app.storage.get(`screenshots/${appId}/${file}`).catch(() => {
        throw notFound('Screenshot');
      });
      return reply
        .header('content-type', match[2] === 'png' ? 'image/png' : 'image/jpeg')
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'public, max-age=86400, immutable')
        .send(data);
    });
  },
  { name: 'downloads', dependencies: ['db', 'storage'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    links: SignedLinks;
  }
}
