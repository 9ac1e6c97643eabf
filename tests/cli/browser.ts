// The browser of the CLI test: it opens the authorize URL Rocket.Chat's Apps CLI prints, picks the cloud user on
// the page the portal shows (submitting that user's form as a person's click would), approves a consent form if
// one follows, and follows the redirect to the CLI's callback. It goes through the test's TLS front for the
// cloud's names (checking the certificate against the test's CA), keeps cookies per host like a browser, and
// forwards http://localhost:3005 to the port the CLI's callback really listens on (scripts/apps-cli/preload.cjs).
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { Parser } from 'htmlparser2';

const FRONT_HOSTS = new Set(['cloud.rocket.chat', 'marketplace.rocket.chat']);
const CALLBACK = 'http://localhost:3005';

export type BrowserOptions = { ca: string; frontPort: number; callbackPort: number; portal: string };
export type Page = { url: URL; status: number; headers: IncomingHttpHeaders; body: string };

type Form = { action: string; method: string; fields: [string, string][]; buttons: { name?: string; value: string; text: string }[]; text: string };

export class TestBrowser {
  private readonly cookies = new Map<string, Map<string, string>>();
  /** Every page loaded, in order (a failure shows the way it went). */
  readonly visited: string[] = [];

  constructor(private readonly o: BrowserOptions) {}

  /** Signs in as `cloudUserId` from `authorizeUrl`; the CLI callback's page once the portal has sent us there. */
  async signIn(authorizeUrl: string, cloudUserId: string): Promise<Page> {
    let page = await this.load(new URL(authorizeUrl));
    for (let step = 0; step < 10; step++) {
      if (page.url.origin === CALLBACK) return page;
      const location = page.headers.location;
      if (page.status >= 300 && page.status < 400 && location) {
        page = await this.load(new URL(location, page.url));
        continue;
      }
      if (page.status !== 200) throw new Error(`${page.url} answered ${page.status}: ${page.body.slice(0, 800)}\n(visited ${this.visited.join(' → ')})`);
      const { form, button } = choose(formsOf(page.body), cloudUserId, page);
      const fields = [...form.fields, ...(button?.name ? [[button.name, button.value] as [string, string]] : [])];
      const target = new URL(form.action || page.url.href, page.url);
      page =
        form.method === 'POST'
          ? await this.load(target, 'POST', new URLSearchParams(fields).toString())
          : await this.load(new URL(`${target.origin}${target.pathname}?${new URLSearchParams(fields)}`));
    }
    throw new Error(`No way to the CLI's callback after 10 pages: ${this.visited.join(' → ')}`);
  }

  /** One request as a browser makes it: no redirects followed (signIn follows them), cookies kept. */
  load(url: URL, method = 'GET', form?: string): Promise<Page> {
    this.visited.push(`${method} ${url.origin}${url.pathname}`);
    const jar = this.cookies.get(url.host) ?? new Map<string, string>();
    this.cookies.set(url.host, jar);
    const headers: Record<string, string> = { host: url.host, accept: 'text/html,application/xhtml+xml,*/*' };
    if (jar.size) headers.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    if (form !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
    const path = url.pathname + url.search;
    const send = (): Promise<Page> =>
      new Promise((resolve, reject) => {
        const done = (res: import('node:http').IncomingMessage) => {
          let body = '';
          res.setEncoding('utf8').on('data', (d) => (body += d));
          res.on('end', () => {
            for (const c of res.headers['set-cookie'] ?? []) {
              const [pair = ''] = c.split(';');
              const at = pair.indexOf('=');
              if (at > 0) jar.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
            }
            resolve({ url, status: res.statusCode ?? 0, headers: res.headers, body });
          });
          res.on('error', reject);
        };
        const common = { method, path, headers, agent: false as const };
        let req;
        if (url.protocol === 'https:' && FRONT_HOSTS.has(url.hostname) && !url.port) {
          req = httpsRequest({ ...common, host: '127.0.0.1', port: this.o.frontPort, servername: url.hostname, ca: this.o.ca }, done);
        } else if (url.origin === CALLBACK) {
          req = httpRequest({ ...common, host: 'localhost', port: this.o.callbackPort }, done);
        } else if (url.origin === new URL(this.o.portal).origin) {
          req = httpRequest({ ...common, host: url.hostname, port: url.port }, done);
        } else {
          throw new Error(`The test browser was sent off the test's hosts: ${url}`);
        }
        req.on('error', reject);
        req.end(form);
      });
    if (url.origin !== CALLBACK) return send();
    // The CLI prints the URL before its callback server listens: a browser that came back too soon tries again.
    return (async () => {
      const deadline = Date.now() + 120_000;
      for (;;) {
        try {
          return await send();
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ECONNREFUSED' || Date.now() > deadline) throw error;
          await new Promise((r) => setTimeout(r, 50));
        }
      }
    })();
  }
}

/** The forms of a page with their fields (hidden and filled-in inputs) and submit buttons. */
function formsOf(html: string): Form[] {
  const forms: Form[] = [];
  let form: Form | undefined;
  let button: Form['buttons'][number] | undefined;
  const parser = new Parser(
    {
      onopentag(name, a) {
        if (name === 'form') form = { action: a.action ?? '', method: (a.method ?? 'get').toUpperCase(), fields: [], buttons: [], text: '' };
        if (!form) return;
        const type = (a.type ?? (name === 'button' ? 'submit' : 'text')).toLowerCase();
        if ((name === 'button' || name === 'input') && type === 'submit') {
          button = { name: a.name, value: a.value ?? '', text: name === 'input' ? (a.value ?? '') : '' };
          form.buttons.push(button);
        } else if (name === 'input' && a.name && !['checkbox', 'radio', 'button', 'image', 'reset', 'file'].includes(type)) {
          form.fields.push([a.name, a.value ?? '']);
        }
      },
      ontext(text) {
        if (form) form.text += text;
        if (button) button.text += text;
      },
      onclosetag(name) {
        if (name === 'button') button = undefined;
        if (name === 'form' && form) {
          forms.push(form);
          form = undefined;
        }
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return forms;
}

const APPROVE = /\b(allow|approve|authori[sz]e|accept|consent|continue|grant)\b/i;
const DECLINE = /\b(deny|decline|cancel|refuse|reject)\b/i;

/** The user's own form on the sign-in page; else, on a consent page, the form and button that approve. */
function choose(forms: Form[], cloudUserId: string, page: Page): { form: Form; button?: Form['buttons'][number] } {
  const mine = forms.find((f) => f.fields.some(([k, v]) => k === 'user_id' && v === cloudUserId));
  if (mine) return { form: mine };
  for (const form of forms) {
    const button = form.buttons.find((b) => APPROVE.test(`${b.text} ${b.value}`) && !DECLINE.test(`${b.text} ${b.value}`));
    if (button) return { form, button };
  }
  const text = page.body
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .slice(0, 800);
  throw new Error(`${page.url} shows no form for cloud user ${cloudUserId} and none that approves: ${text}`);
}
