import { desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { newId } from '../../db/ids';
import { sandboxAccounts, sandboxLedger } from '../../db/schema';
import { now as clockNow } from '../../kernel/clock';
import type { SignedLinks } from '../../kernel/signed-links';
import { fromCents, PaymentProviderError, toCents, type CheckoutRequest, type PaymentProvider, type SaleCredit } from '../../commerce/payments/provider';

export const SANDBOX_PATH = '/dev-payments';
const LINK_SECONDS = 30 * 60;
/** The sandbox's bank pays out in two days (what a Stripe payout to a US bank account typically takes). */
export const SANDBOX_ARRIVAL_DAYS = 2;

export type OnboardingLink = { account: string; returnUrl: string; refreshUrl: string };
/** What the sandbox's card page is signed for: the checkout session and where the buyer goes after. */
export type CheckoutLink = Pick<CheckoutRequest, 'sessionId' | 'successUrl' | 'cancelUrl' | 'description' | 'amount' | 'interval' | 'trialDays'>;
/** A checkout's card page lasts as long as the checkout session (CHECKOUT_HOURS). */
const CHECKOUT_LINK_SECONDS = 24 * 3600;

/**
 * The embedded payment provider for development and demos, shaped like Stripe Connect: accounts onboarded
 * on its own page (`/dev-payments/onboard`), a dashboard page, and a ledger in the database — credits
 * pending until their date, payouts taken from the available balance under the account's row lock, one
 * per idempotency key. Its dates are the portal's clock's (kernel/clock.ts): while the demo's history is
 * played (server/dev/simulators/demo-history.ts), a payout takes what had settled by the simulated day.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;
  constructor(
    private readonly db: Db,
    private readonly links: SignedLinks,
  ) {}

  async createAccount(p: { name: string }) {
    const id = `acct_sbx_${newId()}`;
    await this.db.insert(sandboxAccounts).values({ id, businessName: p.name });
    return id;
  }

  async onboardingUrl(account: string, urls: { returnUrl: string; refreshUrl: string }) {
    return `${SANDBOX_PATH}/onboard?t=${await this.links.sign({ account, ...urls } satisfies OnboardingLink, LINK_SECONDS)}`;
  }

  async accountReady(accountId: string) {
    const [row] = await this.db.select({ onboarded: sandboxAccounts.onboarded }).from(sandboxAccounts).where(eq(sandboxAccounts.id, accountId));
    return row?.onboarded === true;
  }

  async dashboardUrl(account: string) {
    await this.account(account);
    return `${SANDBOX_PATH}/dashboard?t=${await this.links.sign({ account }, LINK_SECONDS)}`;
  }

  async balance(accountId: string) {
    await this.account(accountId);
    return balanceOf(this.db, accountId);
  }

  async payout(accountId: string, amount: number, idempotencyKey: string) {
    return this.db.transaction(async (tx) => {
      const [account] = await tx.select().from(sandboxAccounts).where(eq(sandboxAccounts.id, accountId)).for('update');
      if (!account) throw new PaymentProviderError(`No such account: '${accountId}'`, true);
      if (!account.onboarded) throw new PaymentProviderError('This account cannot make payouts: its onboarding is not complete.', true);
      const [done] = await tx.select().from(sandboxLedger).where(eq(sandboxLedger.idempotencyKey, idempotencyKey));
      if (done) {
        if (done.accountId !== accountId || toCents(-done.amount) !== toCents(amount)) {
          throw new PaymentProviderError('Keys for idempotent requests can only be used with the same parameters they were first used with.', true);
        }
        return { id: done.id, arrivalDate: done.arrivalDate! };
      }
      const { available } = await balanceOf(tx, accountId);
      if (toCents(amount) > toCents(available)) {
        throw new PaymentProviderError('You have insufficient funds in your account to make this payout.', true);
      }
      const now = clockNow();
      const arrivalDate = new Date(now.getTime() + SANDBOX_ARRIVAL_DAYS * 86_400_000);
      const id = `po_sbx_${newId()}`;
      await tx
        .insert(sandboxLedger)
        .values({ id, accountId, kind: 'payout', amount: -amount, availableOn: now, arrivalDate, idempotencyKey, description: 'Payout', createdAt: now });
      return { id, arrivalDate };
    });
  }

  /** The sandbox's card form for the checkout session (`/dev-payments/checkout`, sandbox-checkout-page.ts). */
  async startCheckout(r: CheckoutRequest) {
    const link: CheckoutLink = {
      sessionId: r.sessionId,
      successUrl: r.successUrl,
      cancelUrl: r.cancelUrl,
      description: r.description,
      amount: r.amount,
      interval: r.interval,
      trialDays: r.trialDays,
    };
    return { url: `${SANDBOX_PATH}/checkout?t=${await this.links.sign(link, CHECKOUT_LINK_SECONDS)}`, providerSessionId: `sbx_${r.sessionId}` };
  }

  // The sandbox's subscriptions and payments are the portal's own records: a refund is the ledger's debit
  // (written by the refund in its transaction), a seat change or a cancellation is the record's change, and
  // renewals are charged by the portal's billing job (commerce/billing/subscriptions.ts sandboxBillingDue).
  // Its card form is for the portal's session, which is closed when the session is no longer open.
  async expireCheckout() {}
  async refund() {}
  async updateSubscription() {}
  async cancelSubscription() {}
  async resumeSubscription() {}

  /** The account's ledger, newest first (the dashboard page). */
  entries(accountId: string, limit = 50) {
    return this.db.select().from(sandboxLedger).where(eq(sandboxLedger.accountId, accountId)).orderBy(desc(sandboxLedger.createdAt)).limit(limit);
  }

  async account(accountId: string) {
    const [row] = await this.db.select().from(sandboxAccounts).where(eq(sandboxAccounts.id, accountId));
    if (!row) throw new PaymentProviderError(`No such account: '${accountId}'`, true);
    return row;
  }

  /** Completes the onboarding (the page's Connect button). */
  async onboard(accountId: string, businessName: string) {
    await this.db.update(sandboxAccounts).set({ onboarded: true, businessName }).where(eq(sandboxAccounts.id, accountId));
  }

  /**
   * A sale's share for the account, in the sale's own transaction, once per key (the ledger row's id): the
   * credit exists exactly when the sale committed. An account the sandbox does not know gets nothing.
   */
  async creditSale(tx: Tx, p: SaleCredit) {
    await tx.execute(sql`
      INSERT INTO sandbox_ledger (id, account_id, kind, amount, available_on, description, created_at)
      SELECT ${`txn_${p.key}`}, id, 'credit', ${p.amount}, ${p.availableOn.toISOString()}, ${p.description}, ${clockNow().toISOString()} FROM sandbox_accounts WHERE id = ${p.accountId}
      ON CONFLICT (id) DO NOTHING`);
  }

  /** Money for an account: at once or pending until `availableOn`. */
  async credit(accountId: string, amount: number, availableOn: Date, description: string) {
    await this.db.insert(sandboxLedger).values({ id: `txn_sbx_${newId()}`, accountId, kind: 'credit', amount, availableOn, description });
  }
}

async function balanceOf(db: Db | Tx, accountId: string) {
  const now = clockNow().toISOString();
  const cents = (cond: ReturnType<typeof sql>) => sql<string>`coalesce(sum(round(${sandboxLedger.amount} * 100)) filter (where ${cond}), 0)`;
  const [row] = await db
    .select({ available: cents(sql`${sandboxLedger.availableOn} <= ${now}`), pending: cents(sql`${sandboxLedger.availableOn} > ${now}`) })
    .from(sandboxLedger)
    .where(eq(sandboxLedger.accountId, accountId));
  return { available: fromCents(Number(row?.available ?? 0)), pending: fromCents(Number(row?.pending ?? 0)) };
}
