import { Marked } from 'marked';
import sanitize from 'sanitize-html';

/**
 * A publisher's Markdown as the HTML Rocket.Chat's Marketplace screen injects (`dangerouslySetInnerHTML` of
 * `detailedDescription.rendered` and `detailedChangelog.rendered`: apps/meteor/client/views/marketplace/
 * AppDetailsPage and AppReleasesItem.tsx in RocketChat/Rocket.Chat), so it is sanitized whatever made it.
 * Rendered by `marked` (GitHub's flavour); raw HTML in the Markdown is shown as text, images as links to
 * them; then `sanitizeHtml` keeps only the elements below.
 *
 * Never called while a request is answered: a publisher's text is rendered once, when it is saved, within a
 * nesting limit and a time budget (markdown-nesting.ts, markdown-renderer.ts: on a thread of its own), and the
 * HTML stored (catalog/markdown/markdown-texts.ts); the catalog serves that.
 */
export function renderMarkdown(raw: string): string {
  return sanitizeHtml(markdown.parse(raw.replace(/\u0000/g, ''), { async: false }) as string).trim();
}

/** A text shown as it is, without its Markdown: what the catalog serves for a version whose HTML is not rendered yet. */
export const plainHtml = (raw: string) => (raw.trim() === '' ? '' : `<p>${escapeHtml(raw.replace(/\u0000/g, '').trim())}</p>`);

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

const SAFE_URL = /^(?:https?:\/\/|mailto:)/i;
const safeUrl = (url: string) => SAFE_URL.test(url.trim()) && URL.canParse(url.trim());

const markdown = new Marked({ gfm: true }).use({
  renderer: {
    html: ({ text }) => escapeHtml(text),
    image: ({ href, text }) => (safeUrl(href) ? `<a href="${escapeHtml(href)}">${escapeHtml(text)}</a>` : escapeHtml(text)),
    // A link to anything but an http(s) or mailto address is its text.
    link({ href, tokens }) {
      const text = this.parser.parseInline(tokens);
      return safeUrl(href) ? `<a href="${escapeHtml(href)}">${text}</a>` : text;
    },
  },
});

/** The elements the rendered HTML may have; every other tag is dropped (its text kept, escaped). */
export const ALLOWED_TAGS = [
  'p',
  'br',
  'hr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'blockquote',
  'pre',
  'code',
  'strong',
  'em',
  'b',
  'i',
  'del',
  'a',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
];
const LINK_REL = 'nofollow noopener noreferrer';

const OPTIONS: sanitize.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: { a: ['href', 'rel'], ol: ['start'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // Dropped with everything inside them.
  nonTextTags: ['script', 'style', 'iframe', 'object', 'embed', 'template', 'noscript', 'svg', 'math', 'textarea', 'select', 'option', 'title', 'head'],
  // A link keeps an absolute http(s) or mailto address only, and gets rel; anything else is its text in <a>.
  transformTags: {
    a: (tagName, attribs) => {
      const href = (attribs.href ?? '').trim();
      const kept: sanitize.Attributes = safeUrl(href) ? { href, rel: LINK_REL } : {};
      return { tagName, attribs: kept };
    },
  },
};

/**
 * HTML reduced to the allowed elements: links keep an http(s) or mailto `href` only (with
 * rel="nofollow noopener noreferrer"), ordered lists their `start`, nothing else keeps an attribute.
 */
export function sanitizeHtml(html: string): string {
  return sanitize(html, OPTIONS);
}
