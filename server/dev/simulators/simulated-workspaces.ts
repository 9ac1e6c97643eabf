// Development only: registered workspaces for the simulators (server/dev/simulators/workspace-simulator.ts,
// simulated-buyer.ts). They are registered as staff register one (registry.ts) and get their access tokens as
// Rocket.Chat does: the `client_credentials` grant, over HTTP, at the portal's `/api/oauth/token`
// (apps/meteor/app/cloud/server/functions/getWorkspaceAccessTokenWithScope.ts in RocketChat/Rocket.Chat).
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { workspaces } from '../../db/schema';
import type { Staff } from '../../kernel/activity';
import { now } from '../../kernel/clock';
import { newClient } from '../../workspaces/credentials';
import { registerWorkspace, rotateSecret } from '../../workspaces/registry';

/**
 * What the simulated servers' calls need (apps/meteor/app/cloud/server/oauthScopes.ts): the Marketplace's
 * reads and downloads, and the buy and subscribe pages' purchases. Rocket.Chat asks for a token per use; a
 * simulated server asks once for all three and keeps the token its hour, since every simulated workspace calls
 * from the same address and the token endpoint counts its requests per address (RATE_LIMIT_SIGN_IN a minute,
 * 20 by default): one token per workspace lets the demo's history play its customers within that.
 */
export const SIMULATED_SCOPES = 'marketplace:read marketplace:download marketplace:purchase';
/** Who registers the simulator's workspaces (the row's `registeredBy`). */
const SIMULATOR: Staff = { id: 'workspace-simulator', name: 'Workspace simulator' };
/** A held token is asked for again once it has less than this left (as Rocket.Chat renews its cached one). */
const RENEW_BEFORE_MS = 60_000;
/** How long a token request refused for the rate limit (429) is waited on, at most, before it is given up. */
const MAX_RATE_LIMIT_WAIT_MS = 65_000;

export type SimulatedWorkspace = { workspaceId: string; nickname: string; token: string; expiresAt: Date };
type Client = { workspaceId: string; nickname: string; address: string; clientId: string; clientSecret: string };

const shared = new WeakMap<Db, SimulatedClients>();

/** The simulator's workspaces' clients and their tokens, as a Rocket.Chat server keeps its own. */
export class SimulatedClients {
  private readonly clients = new Map<string, Client>();
  private readonly tokens = new Map<string, SimulatedWorkspace>();

  constructor(
    private readonly db: Db,
    private readonly base: string,
  ) {}

  /**
   * The clients the portal's simulators share (the demo's history, the sales and the workspace simulators): one
   * Rocket.Chat server per workspace, so that one simulator does not rotate the secret another holds.
   */
  static of(db: Db, base: string) {
    let clients = shared.get(db);
    if (!clients || clients.base !== base) shared.set(db, (clients = new SimulatedClients(db, base)));
    return clients;
  }

  /** Forgets what is held for the workspace (its secret was rotated, its token deleted): the next call starts again. */
  forget(workspaceId: string) {
    this.clients.delete(workspaceId);
    this.tokens.delete(workspaceId);
  }

  /**
   * A new customer's workspace (an account and its workspace), registered at the portal's clock's time (a day
   * of the demo's history, kernel/clock.ts); `nickname` names it.
   */
  async register(nickname: string): Promise<SimulatedWorkspace> {
    const slug = nickname
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
    const address = `https://${slug}.chat.example`;
    const made = await registerWorkspace(this.db, { nickname, address }, SIMULATOR, now());
    const client = { workspaceId: made.workspace.id, nickname, address, clientId: made.clientId, clientSecret: made.clientSecret };
    this.clients.set(client.workspaceId, client);
    return this.tokenFor(client.workspaceId);
  }

  /**
   * The workspace's access token (SIMULATED_SCOPES): the one held while it lasts, else a fresh one — with the
   * secret held for the workspace, else registered now (a demo workspace known from purchase records) or given a
   * new secret (one registered before this process started). Tokens expire by the machine's clock, not the
   * portal's (kernel/clock.ts): the token endpoint and the routes read them so.
   */
  async tokenFor(workspaceId: string): Promise<SimulatedWorkspace> {
    const held = this.tokens.get(workspaceId);
    if (held && held.expiresAt.getTime() > Date.now() + RENEW_BEFORE_MS) return held;
    const client = this.clients.get(workspaceId) ?? (await this.clientOf(workspaceId));
    this.clients.set(workspaceId, client);
    const ws = await this.grant(client).catch((e: unknown) => {
      // Its secret was rotated meanwhile (staff, another process): the next call gets a new one.
      this.forget(workspaceId);
      throw e;
    });
    this.tokens.set(workspaceId, ws);
    return ws;
  }

  private async clientOf(workspaceId: string): Promise<Client> {
    const [ws] = await this.db.select().from(workspaces).where(eq(workspaces.id, workspaceId));
    if (!ws) throw new Error(`no workspace ${workspaceId}`);
    if (ws.clientId) {
      const rotated = await rotateSecret(this.db, workspaceId);
      return { workspaceId, nickname: ws.nickname, address: ws.address, clientId: rotated.clientId, clientSecret: rotated.clientSecret };
    }
    const { clientId, clientSecret, secretHash, secretPrefix } = newClient();
    await this.db
      .update(workspaces)
      .set({ clientId, secretHash, secretPrefix, registeredAt: now(), registeredBy: SIMULATOR.id })
      .where(and(eq(workspaces.id, workspaceId), isNull(workspaces.clientId)));
    return { workspaceId, nickname: ws.nickname, address: ws.address, clientId, clientSecret };
  }

  /** The token request Rocket.Chat makes, field for field; past the rate limit (429), asked again once it allows. */
  private async grant(client: Client): Promise<SimulatedWorkspace> {
    const started = Date.now();
    for (;;) {
      const res = await fetch(`${this.base}/api/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          client_id: client.clientId,
          client_secret: client.clientSecret,
          scope: SIMULATED_SCOPES,
          grant_type: 'client_credentials',
          redirect_uri: `${client.address}/admin/cloud/oauth-callback`,
        }),
      });
      const body = (await res.json()) as { access_token?: string; expires_in?: number; error?: string };
      const wait = Number(res.headers.get('retry-after') ?? 1) * 1000;
      if (res.status === 429 && Date.now() - started + wait <= MAX_RATE_LIMIT_WAIT_MS) {
        await new Promise((resolve) => setTimeout(resolve, wait));
        continue;
      }
      if (!res.ok || !body.access_token) throw new Error(`the token endpoint refused ${client.nickname}: ${res.status} ${body.error ?? ''}`);
      return {
        workspaceId: client.workspaceId,
        nickname: client.nickname,
        token: body.access_token,
        expiresAt: new Date(Date.now() + (body.expires_in ?? 0) * 1000),
      };
    }
  }
}
