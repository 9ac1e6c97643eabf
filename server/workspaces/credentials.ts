// A registered workspace's OAuth client: its id (Rocket.Chat's `Cloud_Workspace_Client_Id`) and secret
// (`Cloud_Workspace_Client_Secret`). The secret is shown once; the database keeps its SHA-256 and its first
// characters.
import { timingSafeEqual } from 'node:crypto';
import { newId, randomToken, sha256 } from '../db/ids';

/** What client secrets start with (so that secret scanners and people recognize them). */
export const CLIENT_SECRET_PREFIX = 'rcws_';
/** How many characters of a secret are kept to recognize it: `rcws_` and 7 of its random part. */
export const SECRET_PREFIX_LENGTH = 12;

/** A new client: a 24-hex id like Rocket.Chat Cloud's, a secret of 32 random bytes, and what is stored of it. */
export function newClient() {
  const clientSecret = `${CLIENT_SECRET_PREFIX}${randomToken(32)}`;
  return { clientId: newId(), clientSecret, ...storedSecret(clientSecret) };
}

/** What the database keeps of a secret. */
export const storedSecret = (secret: string) => ({ secretHash: sha256(secret), secretPrefix: secret.slice(0, SECRET_PREFIX_LENGTH) });

/** Compared when no client has the id asked for, so that an unknown id costs what a wrong secret does. */
const NO_HASH = sha256('no client has this id');

/**
 * Whether `secret` is the one whose SHA-256 hex is `hash` (null: no such client, always false), compared in
 * constant time: both sides are 32-byte digests whatever was sent.
 */
export function secretMatches(secret: string | undefined, hash: string | null | undefined): boolean {
  const expected = Buffer.from(hash && /^[0-9a-f]{64}$/.test(hash) ? hash : NO_HASH, 'hex');
  const given = Buffer.from(sha256(secret ?? ''), 'hex');
  return timingSafeEqual(given, expected) && !!hash && !!secret;
}
