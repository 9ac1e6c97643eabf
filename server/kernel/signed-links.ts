import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { settings } from '../db/schema';

const KEY_SETTING = 'link-signing-key';

/**
 * Short-lived signed tokens: the staff download secret (GET /admin/secret) and the package links it
 * buys. `payload.exp` is checked on verify. The key lives in the settings table, so links survive a
 * restart and several server processes on one database agree on it.
 */
export class SignedLinks {
  private key: Promise<Buffer> | null = null;

  constructor(private readonly db: Db) {}

  private signingKey() {
    this.key ??= (async () => {
      await this.db
        .insert(settings)
        .values({ key: KEY_SETTING, value: randomBytes(32).toString('base64url') })
        .onConflictDoNothing();
      const [row] = await this.db.select().from(settings).where(eq(settings.key, KEY_SETTING));
      return Buffer.from(row!.value, 'base64url');
    })();
    return this.key;
  }

  async sign<T extends Record<string, unknown>>(payload: T, ttlSeconds: number): Promise<string> {
    const body = Buffer.from(JSON.stringify({ ...payload, exp: Date.now() + ttlSeconds * 1000 })).toString('base64url');
    return `${body}.${createHmac('sha256', await this.signingKey())
      .update(body)
      .digest('base64url')}`;
  }

  /** The payload of a token this server signed and that has not expired; null otherwise. */
  async verify<T extends Record<string, unknown>>(token: string): Promise<T | null> {
    const [body, mac] = token.split('.');
    if (!body || !mac) return null;
    const expected = createHmac('sha256', await this.signingKey())
      .update(body)
      .digest();
    const given = Buffer.from(mac, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    try {
      const payload = JSON.parse(Buffer.from(body, 'base64url').toString()) as T & { exp?: unknown };
      return typeof payload.exp === 'number' && payload.exp > Date.now() ? payload : null;
    } catch {
      return null;
    }
  }
}
