import { consentSentence } from '../../identity/scopes';

type User = { id: string; email: string; firstName: string; lastName: string };
/** A registered client other than the portal that asks: the page names it and what it wants. */
type AskingClient = { name: string; scopes: string[]; redirectUri: string };

const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);

const hidden = (params: Record<string, string>) =>
  Object.entries(params)
    .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`)
    .join('');

/** What a person is asked to allow when a client other than the portal signs in, with a way to refuse. */
function consent(o: { action: string; params: Record<string, string>; client: AskingClient }) {
  return `<section class="consent" aria-labelledby="consent-title">
<h2 id="consent-title">${esc(o.client.name)} asks for access</h2>
<p>${esc(consentSentence(o.client.name, o.client.scopes))}</p>
<p class="note">It receives the sign-in at <code>${esc(o.client.redirectUri)}</code>. Continue only if you started this sign-in yourself.</p>
<form method="post" action="${esc(o.action)}">${hidden(o.params)}
<button type="submit" name="deny" value="1" class="secondary">Deny access</button></form>
</section>`;
}

/**
 * The embedded authorization server's sign-in page: plain HTML, no script, keyboard usable. When another
 * client than the portal asks (`client`), it says which and what for, and lets the person refuse.
 */
export function authorizePage(o: {
  action: string;
  params: Record<string, string>;
  users: User[];
  error?: string;
  product: string;
  production?: boolean;
  client?: AskingClient;
}) {
  const users = o.users
    .map(
      (u) => `<li><form method="post" action="${esc(o.action)}">${hidden(o.params)}
<input type="hidden" name="user_id" value="${esc(u.id)}">
<button type="submit"><strong>${esc(u.firstName)} ${esc(u.lastName)}</strong><span>${esc(u.email)}</span></button></form></li>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in — ${esc(o.product)} Cloud (development)</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;background:#f4f5f7;color:#1c2024}
main{max-width:560px;margin:2rem auto;padding:0 1rem}
h1{font-size:1.4rem}.note{color:#60646c}
ul{list-style:none;padding:0;display:grid;gap:.5rem}
button{width:100%;text-align:left;padding:.7rem 1rem;border:1px solid #d0d3d9;border-radius:8px;background:#fff;font:inherit;cursor:pointer;display:flex;flex-direction:column}
button:hover,button:focus-visible{border-color:#3e63dd;outline:2px solid #3e63dd}
button span{color:#60646c;font-size:.9rem}
fieldset{border:1px solid #d0d3d9;border-radius:8px;background:#fff;display:grid;gap:.6rem;padding:1rem}
label{display:grid;gap:.2rem}input{font:inherit;padding:.45rem;border:1px solid #b9bbc6;border-radius:6px}
.error{background:#ffefef;border:1px solid #e5484d;padding:.6rem 1rem;border-radius:8px}
.primary{background:#3e63dd;color:#fff;text-align:center;display:block}
.banner{background:#fff4d5;border:2px solid #ab6400;color:#4f3422;padding:.7rem 1rem;border-radius:8px;font-weight:600}
.consent{background:#fff;border:2px solid #3e63dd;border-radius:8px;padding:0 1rem 1rem}
.consent form{margin:0}.secondary{text-align:center;display:block;color:#1c2024}
code{font-size:.9rem;overflow-wrap:anywhere}
</style></head>
<body><main>
${o.production ? '<p class="banner" role="alert">Development sign-in: this production portal lets anyone sign in as any user (DEV_SIGN_IN=true).</p>' : ''}
<h1>Sign in to ${esc(o.product)} Cloud</h1>
${o.client ? consent({ action: o.action, params: o.params, client: o.client }) : ''}
<p class="note">Development authorization server: pick a cloud user to ${o.client ? `allow ${esc(o.client.name)} as that user` : 'continue to the marketplace portal'}, or create one.</p>
${o.error ? `<p class="error" role="alert">${esc(o.error)}</p>` : ''}
<h2>Cloud users</h2>
<ul aria-label="Cloud users">${users}</ul>
<h2>Create a cloud user</h2>
<form method="post" action="${esc(o.action)}">${hidden(o.params)}
<fieldset>
<label>First name <input name="first_name" required autocomplete="given-name"></label>
<label>Last name <input name="last_name" required autocomplete="family-name"></label>
<label>Email <input name="email" type="email" required autocomplete="email"></label>
<button type="submit" class="primary">Create and sign in</button>
</fieldset></form>
</main></body></html>`;
}
