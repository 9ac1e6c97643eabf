import { createRequire } from 'node:module';
import { finding, manifestLine, type CheckContext } from './context';
import type { StoredFinding as Finding } from '../../../../contract/schemas/review';

const require = createRequire(import.meta.url);

/**
 * The permissions the engine grants an app whose app.json lists none: Apps-Engine's `defaultPermissions`
 * (AppManager.getPermissionsById answers `permissionsGranted || defaultPermissions`).
 */
export const DEFAULT_PERMISSIONS: string[] = (
  require('@rocket.chat/apps-engine/definition/metadata/AppPermissions.js') as { defaultPermissions: { name: string }[] }
).defaultPermissions.map((p) => p.name);

/**
 * The permission names an app.json `permissions` value gives an app: each entry's `name` (or the entry, when it is
 * a string); the engine's default set when app.json has no `permissions` list at all.
 */
export function effectivePermissions(permissions: unknown): string[] {
  if (!Array.isArray(permissions)) return DEFAULT_PERMISSIONS;
  const names = permissions.map((p) =>
    typeof p === 'string' ? p : p && typeof p === 'object' && typeof (p as { name?: unknown }).name === 'string' ? (p as { name: string }).name : '',
  );
  return [...new Set(names.filter(Boolean))];
}

/** One finding per permission this version asks for that the last approved version did not have. */
export function newPermissions(ctx: CheckContext): Finding[] {
  if (!ctx.lastApproved || !ctx.manifest) return [];
  const before = new Set(effectivePermissions(ctx.lastApproved.permissions));
  const listed = Array.isArray(ctx.manifest.permissions);
  return effectivePermissions(ctx.manifest.permissions)
    .filter((name) => !before.has(name))
    .map((name) =>
      finding(
        'new-permissions',
        listed
          ? `This version asks for the permission "${name}", which version ${ctx.lastApproved!.version} (the last approved) did not have. ` +
              'Say in the version’s notes why the app needs it, or remove it from app.json’s permissions if it does not.'
          : `app.json lists no permissions, so the engine grants the app its default set, which includes "${name}"; version ${ctx.lastApproved!.version} (the last approved) did not have it. ` +
              'List in app.json’s permissions only what the app needs.',
        'app.json',
        listed ? (manifestLine(ctx, 'name', name) ?? manifestLine(ctx, 'permissions')) : undefined,
      ),
    );
}
