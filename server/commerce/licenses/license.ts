import { privateEncrypt } from 'node:crypto';
import type { LicenseKeyPair } from './keys';

/**
 * A version-1 app licence as Apps-Engine reads it (RocketChat/Rocket.Chat packages/apps-engine/src/server/
 * managers/AppLicenseManager.ts `validateV1`): the app (or bundle) it is for, when it stops being valid
 * (`expireDate`: the app is disabled after it), when it renews (`renewalDate`: a warning after it), the seats
 * bought (a warning below the active users) and the most it allows (`maxSeats`: disabled below the active users).
 */
export type LicenseV1 = { version: 1; appId: string; isBundle: boolean; expireDate: string; renewalDate: string; seats: number; maxSeats: number };

/** What a subscription without a seat count allows: any number of users. */
export const UNLIMITED_SEATS = 1_000_000;
/**
 * A running subscription's licence lasts this long past its period end: Rocket.Chat syncs licences once a day
 * (apps/meteor/ee/server/apps/cron.ts, 04:00), so a renewal is picked up before the old licence runs out.
 */
export const LICENSE_GRACE_DAYS = 3;
const DAY = 86_400_000;

export type LicensedRecord = {
  id: string;
  appId: string;
  isBundle: boolean;
  status: string;
  periodEnd: Date;
  /** When it stopped (cancelled, refunded); null while it runs. */
  endedAt: Date | null;
  isSeatBased: boolean;
  seats: number;
  maxSeats: number;
};

/** The licence of a subscription record: valid to its period end and a grace while it runs; ended when it ended. */
export function licenseOf(r: LicensedRecord): LicenseV1 {
  const runs = r.status === 'active' || r.status === 'trialing' || r.status === 'pastDue';
  const renews = r.status !== 'cancelling';
  const expire = runs ? new Date(r.periodEnd.getTime() + LICENSE_GRACE_DAYS * DAY) : r.status === 'cancelling' ? r.periodEnd : (r.endedAt ?? r.periodEnd);
  return {
    version: 1,
    appId: r.appId,
    isBundle: r.isBundle,
    expireDate: expire.toISOString(),
    renewalDate: (renews && runs ? r.periodEnd : expire).toISOString(),
    seats: r.isSeatBased ? r.seats : UNLIMITED_SEATS,
    maxSeats: r.isSeatBased ? Math.max(r.maxSeats, r.seats) : UNLIMITED_SEATS,
  };
}

/**
 * Signs licences: RSA with the private key over the JSON (PKCS#1 v1.5, one block), base64 — what Apps-Engine's
 * Crypto.decryptLicense undoes with `publicDecrypt(Cloud_Workspace_PublicKey, Buffer.from(license, 'base64'))`.
 * A licence depends only on its record's state, so each is signed once (a bounded cache of the newest).
 */
export class LicenseSigner {
  private readonly signed = new Map<string, string>();
  constructor(
    private readonly keys: LicenseKeyPair,
    private readonly cacheSize = 10_000,
  ) {}

  get publicKey() {
    return this.keys.publicKey;
  }

  sign(license: LicenseV1): string {
    const json = JSON.stringify(license);
    const hit = this.signed.get(json);
    if (hit) return hit;
    const value = privateEncrypt(this.keys.privateKey, Buffer.from(json)).toString('base64');
    if (this.signed.size >= this.cacheSize) this.signed.delete(this.signed.keys().next().value!);
    this.signed.set(json, value);
    return value;
  }
}
