import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { FileStorage } from '../services/storage';

/** Files (packages, icons, screenshots) under DATA_DIR/files. */
export default fp(
  async function storage(app: FastifyInstance) {
    app.decorate('storage', new FileStorage(`${app.config.dataDir}/files`));
  },
  { name: 'storage', dependencies: ['config'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    storage: FileStorage;
  }
}
