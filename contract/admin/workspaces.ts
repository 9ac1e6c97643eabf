import { z } from 'zod';
import { can, onRow } from '../access';
import { c } from '../c';
import { errorsOf, NoBody, paged, PageQuery } from '../common';
import { RegisteredWorkspace, RegisterWorkspaceInput, WorkspaceCredentials } from '../schemas/workspaces';

const id = z.object({ id: z.string() });
/** System admins only, like the workspace lookup (contract/admin/catalog.ts): other staff get 'Invalid User Role'. */
const admins = <P extends 'read' | 'create' | 'update'>(permission: P) => ({ ...can('system:workspaces', permission), systemRole: 'admin' as const });

/**
 * Rocket.Chat workspaces registered with the portal (docs/rocketchat.md, Pointing a Rocket.Chat server): each gets an OAuth client (id and secret)
 * for the `client_credentials` grant at `/api/oauth/token`, which Rocket.Chat's server uses to reach the
 * portal as its Marketplace.
 */
export const adminRegisteredWorkspaces = c.router({
  list: {
    method: 'GET',
    path: '/admin/workspaces',
    query: PageQuery,
    responses: { 200: paged(RegisteredWorkspace), ...errorsOf('feature') },
    metadata: admins('read'),
    summary: 'Registered workspaces, newest first (never their secrets; system admins only)',
  },
  register: {
    method: 'POST',
    path: '/admin/workspaces',
    body: RegisterWorkspaceInput,
    responses: { 201: WorkspaceCredentials, ...errorsOf('feature', { body: 'json' }) },
    metadata: admins('create'),
    summary: 'Register a workspace: a new account and client; the client secret is in this answer only',
  },
  rotateSecret: {
    method: 'POST',
    path: '/admin/workspaces/:id/secret',
    pathParams: id,
    body: NoBody,
    responses: { 200: WorkspaceCredentials, ...errorsOf('feature', { params: true, body: 'json', conflict: true }) },
    metadata: onRow('workspace', admins('update')),
    summary: 'A new client secret (in this answer only): the old one and every token issued with it stop working at once',
  },
  revoke: {
    method: 'POST',
    path: '/admin/workspaces/:id/revoke',
    pathParams: id,
    body: NoBody,
    responses: { 200: RegisteredWorkspace, ...errorsOf('feature', { params: true, body: 'json', conflict: true }) },
    metadata: onRow('workspace', admins('update')),
    summary: 'Revoke a workspace: its secret and tokens are refused (401) from now on',
  },
});
