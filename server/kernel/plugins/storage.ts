import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { FileStorage, S3Storage, type Storage } from '../storage';

/** Files (packages, icons, screenshots): in the S3 bucket of the S3_* settings, else under DATA_DIR/files. */
export default fp(
  async function storage(app: FastifyInstance) {
    const { s3 } = app.config;
    if (s3) {
      const bucket = await S3Storage.open(s3);
      app.addHook('onClose', async () => bucket.close());
      app.decorate('storage', bucket);
    } else {
      app.decorate('storage', new FileStorage(`${app.config.dataDir}/files`));
    }
  },
  { name: 'storage', dependencies: ['config'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
  }
}
