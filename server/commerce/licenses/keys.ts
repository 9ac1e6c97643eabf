import { createPrivateKey, createPublicKey, generateKeyPair } from 'node:crypto';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { licenseKeys } from '../../db/schema';

export type LicenseKeyPair = { privateKey: string; publicKey: string };

const KEY_ID = 'default';
/** RSA-2048: a version-1 licence (about 180 bytes of JSON) fits its one PKCS#1 v1.5 block (245 bytes). */
const MODULUS_BITS = 2048;

/** The public key (SPKI PEM) of a private key given as PEM. */
export const publicKeyOf = (privateKeyPem: string) => createPublicKey(createPrivateKey(privateKeyPem)).export({ type: 'spki', format: 'pem' }).toString();

/**
 * The key pair licences are signed with: LICENSE_PRIVATE_KEY (PEM) when set — production keeps its key out of
 * the database — else the pair made at the first start and kept in `license_keys` (of processes starting at
 * once, the first insert wins and every one reads it back).
 */
export async function licenseKeyPair(db: Db, configured: string | undefined): Promise<LicenseKeyPair> {
  if (configured) return { privateKey: configured, publicKey: publicKeyOf(configured) };
  const read = async () => (await db.select().from(licenseKeys).where(eq(licenseKeys.id, KEY_ID)))[0];
  const stored = await read();
  if (stored) return { privateKey: stored.privateKey, publicKey: stored.publicKey };
  const pair = await promisify(generateKeyPair)('rsa', {
    modulusLength: MODULUS_BITS,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  await db.insert(licenseKeys).values({ id: KEY_ID, privateKey: pair.privateKey, publicKey: pair.publicKey }).onConflictDoNothing();
  const kept = (await read())!;
  return { privateKey: kept.privateKey, publicKey: kept.publicKey };
}
