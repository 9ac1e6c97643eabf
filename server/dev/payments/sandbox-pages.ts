import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { SANDBOX_PATH, type OnboardingLink, type SandboxProvider } from './sandbox';

export const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);
export const usd = (n: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(n);

export const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)} — Payments sandbox</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;background:#f6f9fc;color:#1a1f36}
main{max-width:600px;margin:2rem auto;padding:0 1rem}h1{font-size:1.4rem}.note{color:#525f7f}
form{display:grid;gap:.8rem;background:#fff;border:1px solid #e3e8ee;border-radius:8px;padding:1rem}
label{display:grid;gap:.2rem}input{font:inherit;padding:.45rem;border:1px solid #c1c9d2;border-radius:6px}
.row{display:flex;gap:.5rem;flex-wrap:wrap}button{font:inherit;padding:.5rem 1rem;border-radius:6px;border:1px solid #c1c9d2;background:#fff;cursor:pointer}
button.primary{background:#635bff;border-color:#635bff;color:#fff}button:focus-visible,input:focus-visible{outline:2px solid #635bff}
table{width:100%;border-collapse:collapse;background:#fff}th,td{text-align:left;padding:.4rem .6rem;border-bottom:1px solid #e3e8ee}
.scroll{overflow-x:auto}.error{background:#ffefef;border:1px solid #e5484d;padding:.6rem 1rem;border-radius:8px}
dl{display:grid;grid-template-columns:auto 1fr;gap:.3rem 1rem}dt{color:#525f7f}
</style></head><body><main>${body}</main></body></html>`;

export const Token = z.object({ t: z.string().min(1).max(4096) });
const Onboard = Token.extend({ business_name: z.string().trim().max(200).default(''), action: z.enum(['connect', 'cancel']) });

/**
 * The sandbox provider's own pages (plain HTML, no script): the onboarding a publisher goes through to
 * connect, and the dashboard. Reached only through links the portal signed (30 minutes).
 */
export function sandboxPages(app: FastifyInstance, sandbox: SandboxProvider) {
  const invalid = (reply: { status: (n: number) => { type: (t: string) => { send: (b: string) => unknown } } }) =>
    reply
      .status(400)
      .type('text/html')
      .send(page('Link expired', '<h1>This link is invalid or has expired</h1><p class="note">Go back to the marketplace portal and start again.</p>'));

  app.get(`${SANDBOX_PATH}/onboard`, async (request, reply) => {
    const query = Token.safeParse(request.query);
    const link = query.success ? await app.links.verify<OnboardingLink>(query.data.t) : null;
    if (!query.success || !link) return invalid(reply);
    const account = await sandbox.account(link.account);
    return reply
      .header('cache-control', 'no-store')
      .type('text/html')
      .send(
        page(
          'Connect',
          `<h1>Set up payouts</h1>
<p class="note">Payments sandbox: nothing here moves real money. Connecting creates a sandbox account the marketplace pays out to.</p>
<form method="post" action="${SANDBOX_PATH}/onboard">
<input type="hidden" name="t" value="${esc(query.data.t)}">
<dl><dt>Account</dt><dd>${esc(account.id)}</dd></dl>
<label>Business name <input name="business_name" value="${esc(account.businessName)}" maxlength="200" autocomplete="organization"></label>
<div class="row"><button class="primary" name="action" value="connect" type="submit">Connect account</button>
<button name="action" value="cancel" type="submit">Cancel</button></div>
</form>`,
        ),
      );
  });

  app.post(`${SANDBOX_PATH}/onboard`, async (request, reply) => {
    const form = Onboard.safeParse(request.body);
    const link = form.success ? await app.links.verify<OnboardingLink>(form.data.t) : null;
    if (!form.success || !link) return invalid(reply);
    if (form.data.action === 'cancel') return reply.redirect(link.refreshUrl, 303);
    const account = await sandbox.account(link.account);
    await sandbox.onboard(account.id, form.data.business_name || account.businessName);
    return reply.redirect(link.returnUrl, 303);
  });

  app.get(`${SANDBOX_PATH}/dashboard`, async (request, reply) => {
    const query = Token.safeParse(request.query);
    const link = query.success ? await app.links.verify<{ account: string }>(query.data.t) : null;
    if (!query.success || !link) return invalid(reply);
    const [account, balance, entries] = await Promise.all([sandbox.account(link.account), sandbox.balance(link.account), sandbox.entries(link.account)]);
    const rows = entries
      .map(
        (e) =>
          `<tr><td>${esc(e.createdAt.toISOString().slice(0, 10))}</td><td>${esc(e.description || e.kind)}</td><td>${esc(usd(e.amount))}</td><td>${esc((e.arrivalDate ?? e.availableOn).toISOString().slice(0, 10))}</td></tr>`,
      )
      .join('');
    return reply
      .header('cache-control', 'no-store')
      .type('text/html')
      .send(
        page(
          'Dashboard',
          `<h1>${esc(account.businessName || account.id)}</h1>
<p class="note">Payments sandbox dashboard of ${esc(account.id)}.</p>
<dl><dt>Available</dt><dd>${esc(usd(balance.available))}</dd><dt>Pending</dt><dd>${esc(usd(balance.pending))}</dd></dl>
<h2>Activity</h2>
<div class="scroll"><table><thead><tr><th>Date</th><th>Description</th><th>Amount</th><th>Available / arrives</th></tr></thead>
<tbody>${rows || '<tr><td colspan="4">No activity yet.</td></tr>'}</tbody></table></div>`,
        ),
      );
  });
}
