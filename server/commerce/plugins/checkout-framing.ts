import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { workspaceOrigin } from '../../../contract/schemas/workspaces';
import { workspaces } from '../../db/schema';

/**
 * The pages Rocket.Chat opens in its modal's iframe (apps/meteor/client/views/marketplace/IframeModal.tsx): the
 * checkout pages, and the app request page and the incompatible-version page (docs/rocketchat.md, App requests).
 */
const CHECKOUT_PAGE = /^\/apps\/[^/?#]+\/(buy|subscribe|subscribe\/details|requestAccess|incompatible\/[^/?#]+\/[^/?#]+)\/?(\?|$)/;

/**
 * Every page is refused to frames (security.ts: `frame-ancestors 'none'`, X-Frame-Options), but the checkout
 * pages, which a registered workspace's Rocket.Chat frames: those may be framed by that workspace's own origin
 * (its registered address's, without a sub-path it may have; named by the page's `workspaceId`) and by no other.
 * The payment provider's pages are never framed (the checkout page opens them in a tab of their own when it is
 * framed).
 */
export default fp(
  async function checkoutFraming(app: FastifyInstance) {
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.method !== 'GET' || !CHECKOUT_PAGE.test(request.url)) return payload;
      const workspaceId = new URL(request.url, 'http://portal').searchParams.get('workspaceId');
      if (!workspaceId || workspaceId.length > 64) return payload;
      const [ws] = await app.db
        .select({ address: workspaces.address })
        .from(workspaces)
        .where(and(eq(workspaces.id, workspaceId), isNotNull(workspaces.registeredAt), isNull(workspaces.revokedAt)));
      // Its exact origin, never a wildcard; an address that is not a valid one (stored before the rules) frames nothing.
      const origin = ws ? workspaceOrigin(ws.address) : null;
      if (!origin) return payload;
      const csp = reply.getHeader('content-security-policy');
      if (typeof csp === 'string') reply.header('content-security-policy', csp.replace("frame-ancestors 'none'", `frame-ancestors ${origin}`));
      reply.removeHeader('x-frame-options');
      return payload;
    });
  },
  { name: 'checkout-framing', dependencies: ['security', 'db'] },
);
