import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { randomToken, sha256 } from '../../db/ids';
import { paymentConnects, publishers } from '../../db/schema';
import { HttpError, notFound } from '../../errors';
import { PaymentProviderError, type PaymentProvider } from './provider';

const CODE_SECONDS = 60 * 60;
export const RETURN_PATH = '/publisher/oauth/stripe';
export const NOT_READY_MESSAGE = 'The payment account is not set up yet: finish the onboarding first.';

/** A provider failure as the API answers it: 502, its message shown to the person. */
export const providerFailure = (e: unknown) => (e instanceof PaymentProviderError ? new HttpError(502, 'payment_provider', e.message) : e);

/**
 * Starts a connection: the publisher's account at the provider (its connected one, the one an earlier
 * unfinished attempt created, or a new one), a single-use code bound to the publisher, and the provider's
 * onboarding URL that comes back to `/publisher/oauth/stripe` with the code and the browser's state.
 */
export async function startConnect(db: Db, provider: PaymentProvider, o: { publisherId: string; email: string; state: string; origin: string }) {
  const [publisher] = await db.select().from(publishers).where(eq(publishers.id, o.publisherId));
  if (!publisher) throw notFound('Publisher');
  const [earlier] = await db
    .select({ accountId: paymentConnects.accountId })
    .from(paymentConnects)
    .where(eq(paymentConnects.publisherId, o.publisherId))
    .orderBy(desc(paymentConnects.expiresAt))
    .limit(1);
  try {
    const accountId =
      publisher.stripeAccountId || earlier?.accountId || (await provider.createAccount({ name: publisher.name, email: o.email, country: publisher.country }));
    const code = randomToken();
    await db
      .insert(paymentConnects)
      .values({ codeHash: sha256(code), publisherId: o.publisherId, accountId, expiresAt: new Date(Date.now() + CODE_SECONDS * 1000) });
    const back = new URL(RETURN_PATH, o.origin);
    back.search = new URLSearchParams({ code, state: o.state }).toString();
    return await provider.onboardingUrl(accountId, { returnUrl: back.toString(), refreshUrl: new URL('/publisher/info', o.origin).toString() });
  } catch (e) {
    throw providerFailure(e);
  }
}

/**
 * Completes a connection with the code the provider's return carried: once, within the hour, for the
 * publisher it was made for, and only when the person finished the onboarding.
 */
export async function completeConnect(db: Db, provider: PaymentProvider, publisherId: string, code: string) {
  const invalid = new HttpError(400, 'invalid_code', 'This connection link is invalid or has expired: connect again.');
  // A code is the connection of the publisher it was made for: another's is invalid here, like a wrong one.
  const live = and(
    eq(paymentConnects.codeHash, sha256(code)),
    eq(paymentConnects.publisherId, publisherId),
    isNull(paymentConnects.usedAt),
    gt(paymentConnects.expiresAt, new Date()),
  );
  const [row] = await db.select().from(paymentConnects).where(live);
  if (!row) throw invalid;
  // The provider is asked outside any transaction (a provider may share the database: the sandbox does).
  let ready: boolean;
  try {
    ready = await provider.accountReady(row.accountId);
  } catch (e) {
    throw providerFailure(e);
  }
  if (!ready) throw new HttpError(409, 'not_onboarded', NOT_READY_MESSAGE);
  return db.transaction(async (tx) => {
    // Used once: of two requests with one code, only the one that marks it goes on.
    const [used] = await tx.update(paymentConnects).set({ usedAt: new Date() }).where(live).returning();
    if (!used) throw invalid;
    const [publisher] = await tx.update(publishers).set({ stripeAccountId: row.accountId }).where(eq(publishers.id, publisherId)).returning();
    return publisher!;
  });
}
