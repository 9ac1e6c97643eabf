import type { SearchSchemaInput } from '@tanstack/react-router';

// The search params of the pages Rocket.Chat opens for app requests and incompatible versions. Part of the first
// screen's JavaScript (the route tree): plain functions, no zod (as src/features/checkout/search.ts).

/** `/apps/{appId}/requestAccess?workspaceId&frameworkVersion&requester&admins` (rest.ts `buildExternalAppRequest`). */
export type RequestAccessSearch = { frameworkVersion?: string; requester?: string; admins?: string };
/** `/apps/{appId}/incompatible/{version}/{action}?workspaceId&rocketChatVersion` (rest.ts `incompatibleModal`). */
export type IncompatibleSearch = { rocketChatVersion?: string };

/** A string value (the router reads values as JSON where it can: a version such as 6.10 may arrive as a number). */
const text = (v: unknown, max: number) => (typeof v === 'string' && v !== '' && v.length <= max ? v : typeof v === 'number' ? String(v) : undefined);

export function requestAccessSearch(s: Record<string, unknown> & SearchSchemaInput): RequestAccessSearch {
  return { frameworkVersion: text(s.frameworkVersion, 64), requester: text(s.requester, 16_384), admins: text(s.admins, 262_144) };
}

export function incompatibleSearch(s: Record<string, unknown> & SearchSchemaInput): IncompatibleSearch {
  return { rocketChatVersion: text(s.rocketChatVersion, 64) };
}
