import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ReadCache } from '../read-cache';
import { isWrite } from '../http';
import { WorkspaceCache } from '../workspace-cache';

/**
 * `app.reads`: answers of hot reads kept for READ_CACHE_SECONDS, forgotten on the database's
 * `portal_reads` notifications (any process's writes, the compile worker's included) and, at once, on
 * any write this process accepts (read your writes without waiting for the notification).
 *
 * `app.workspaceReads`: what calls of registered Rocket.Chat workspaces read of their workspace (who holds a
 * token — the gate asks it — what it bought, its app requests), kept as long and forgotten per workspace on the
 * database's `workspace_reads` notifications (migration 0022) alone: forgetting it on every write would empty it
 * at each install notice of a fleet, and the announcement follows the commit by milliseconds.
 */
export default fp(
  async function readCache(app: FastifyInstance) {
    const ttlMs = Math.max(1, app.config.readCacheSeconds) * 1000;
    const reads = new ReadCache({ ttlMs });
    const workspaceReads = new WorkspaceCache({ ttlMs });
    if (app.config.readCacheSeconds > 0) {
      const stops = [
        await app.dbListen(
          'portal_reads',
          (scope) => reads.invalidate(scope),
          (on) => reads.setListening(on),
        ),
        await app.dbListen(
          'workspace_reads',
          (id) => workspaceReads.invalidate(id),
          (on) => workspaceReads.setListening(on),
        ),
      ];
      app.addHook('onClose', async () => {
        for (const stop of stops) await stop();
      });
      app.addHook('onSend', async (request, reply, payload) => {
        if (isWrite(request.method, reply.statusCode)) reads.invalidate('all');
        return payload;
      });
    }
    app.decorate('reads', reads);
    app.decorate('workspaceReads', workspaceReads);
  },
  { name: 'read-cache', dependencies: ['db', 'config'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    reads: ReadCache;
    workspaceReads: WorkspaceCache;
  }
}
