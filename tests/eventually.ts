import { vi } from 'vitest';

/**
 * How long a test waits for a condition before it is taken as hung. Waits are for conditions, never for a time:
 * this limit only ends a test that would wait forever, so it is generous — a busy machine makes things slower,
 * and that must not fail a test.
 */
export const WAIT_MS = 120_000;

/**
 * Reads `read` until `check` holds of what it answered, and answers that (vitest's `vi.waitFor`, every
 * `interval` ms, for at most `timeout`). The one way the API, model and CLI tests wait for something that
 * happens in the background (a job, a notification, another process).
 */
export function eventually<T>(
  read: () => T | Promise<T>,
  check: (value: T) => boolean = Boolean,
  o: { what?: string; timeout?: number; interval?: number } = {},
): Promise<T> {
  return vi.waitFor(
    async () => {
      const value = await read();
      if (!check(value)) throw new Error(`still waiting for ${o.what ?? 'the condition'}`);
      return value;
    },
    { timeout: o.timeout ?? WAIT_MS, interval: o.interval ?? 25 },
  );
}
