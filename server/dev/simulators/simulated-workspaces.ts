// Development only: registered workspaces for the workspace simulator (server/dev/simulators/workspace-simulator.ts).
// They are registered as staff register one (registry.ts) and get their access tokens as Rocket.Chat does:
// the `client_credentials` grant, over HTTP, at the portal's `/api/oauth/token`
// (apps/meteor/app/cloud/server/functions/getWorkspaceAccessTokenWithScope.ts in RocketChat/Rocket.Chat).
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { workspaces } from '../../db/schema';
import type { Staff } from '../../kernel/activity';
import { newClient } from '../../workspaces/credentials';
import { registerWorkspace, rotateSecret } from '../../workspaces/registry';

/** What Rocket.Chat's marketplace calls need (apps/meteor/app/cloud/server/oauthScopes.ts). */
export const SIMULATED_SCOPES = 'marketplace:read marketplace:download';
/** Who registers the simulator's workspaces (the row's `registeredBy`). */
const SIMULATOR: Staff = { id: 'workspace-simulator', name: 'Workspace simulator' };

export type SimulatedWorkspace = { workspaceId: string; nickname: string; token: string; expiresAt: Date };
type Client = { workspaceId: string; nickname: string; address: string; clientId: string; clientSecret: string };

/** The simulator's workspaces' clients, as a Rocket.Chat server keeps its own. */
export class SimulatedClients {
  private readonly clients = new Map<string, Client>();

  constructor(
    private readonly db: Db,
    private readonly base: string,
  ) {}

  /** A new customer's workspace (an account and its workspace), registered; `nickname` names it. */
  async register(nickname: string): Promise<SimulatedWorkspace> {
    const slug = nickname
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
    const address = `https://${slug}.chat.example`;
    const made = await registerWorkspace(this.db, { nickname, address }, SIMULATOR);
    const client = { workspaceId: made.workspace.id, nickname, address, clientId: made.clientId, clientSecret: made.clientSecret };
    this.clients.set(client.workspaceId, client);
    return this.grant(client);
  }

  /**
   * A fresh access token for a workspace: with the secret held for it, else registered now (a demo workspace
   * known from purchase records) or given a new secret (one registered before this process started).
   */
  async tokenFor(workspaceId: string, scope = SIMULATED_SCOPES): Promise<SimulatedWorkspace> {
    const client = this.clients.get(workspaceId) ?? (await this.clientOf(workspaceId));
    this.clients.set(workspaceId, client);
    return this.grant(client, scope);
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
      .set({ clientId, secretHash, secretPrefix, registeredAt: new Date(), registeredBy: SIMULATOR.id })
      .where(and(eq(workspaces.id, workspaceId), isNull(workspaces.clientId)));
    return { workspaceId, nickname: ws.nickname, address: ws.address, clientId, clientSecret };
  }

  /** The token request Rocket.Chat makes, field for field. */
  private async grant(client: Client, scope = SIMULATED_SCOPES): Promise<SimulatedWorkspace> {
    const res = await fetch(`${this.base}/api/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: client.clientId,
        client_secret: client.clientSecret,
        scope,
        grant_type: 'client_credentials',
        redirect_uri: `${client.address}/admin/cloud/oauth-callback`,
      }),
    });
    const body = (await res.json()) as { access_token?: string; expires_in?: number; error?: string };
    if (!res.ok || !body.access_token) throw new Error(`the token endpoint refused ${client.nickname}: ${res.status} ${body.error ?? ''}`);
    return {
      workspaceId: client.workspaceId,
      nickname: client.nickname,
      token: body.access_token,
      expiresAt: new Date(Date.now() + (body.expires_in ?? 0) * 1000),
    };
  }
}
