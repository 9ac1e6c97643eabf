/**
 * Query keys several features share (docs/architecture.md, "The SPA, one way"): who the user is, the
 * publisher's apps (listed by one feature, shown by another, priced by a shared drawer) and bundles (their
 * versions' status changed by a shared component). A feature's own
 * keys live in its api.ts; a key named here is invalidated by whoever changes what it holds.
 */
export const accountKeys = {
  config: ['config'] as const,
  signups: ['signups'] as const,
  me: ['me'] as const,
  access: ['me', 'ac'] as const,
  notifications: ['me', 'notifications'] as const,
  publisher: ['publisher'] as const,
  checks: ['checks'] as const,
};

export const appKeys = {
  /** Everything about the publisher's apps: a change to one app may change the list. */
  all: ['apps'] as const,
  list: (page: number, size: number) => ['apps', 'list', { page, size }] as const,
  one: (id: string): string[] => ['apps', id],
  of: (id: string, ...part: string[]): string[] => ['apps', id, ...part],
};

/** Everything about the publisher's bundles (the bundles feature's `bundleKeys` are under it). */
export const bundlesRoot = ['bundles'] as const;
