import { convert } from 'html-to-text';
import { Liquid, Tag, type TagToken, type TopLevelToken } from 'liquidjs';
import { HttpError } from '../../errors';

/** Bounds of one render: a template's size, its time, and what its filters may allocate. */
const LIMITS = { parse: 200_000, renderMs: 500, memory: 5_000_000, output: 1_000_000 };

/** A tag that would read other files (include, render, layout): refused where it is written. */
class NoFiles extends Tag {
  constructor(token: TagToken, remain: TopLevelToken[], liquid: Liquid) {
    super(token, remain, liquid);
    throw new Error(`"${token.name}" is not available: a template cannot read files or other templates`);
  }
  *render() {}
}

/**
 * The Liquid engine of email templates, sandboxed: no file system (a file tag is refused when the
 * template is parsed, and any lookup finds nothing), only own properties of the data, and limits on
 * size, render time and allocations; output is HTML-escaped unless a template says `| raw`.
 */
export const liquid = new Liquid({
  fs: {
    exists: async () => false,
    existsSync: () => false,
    readFile: async () => Promise.reject(new Error('no files')),
    readFileSync: () => {
      throw new Error('no files');
    },
    resolve: () => '',
    contains: async () => false,
  },
  root: [],
  relativeReference: false,
  ownPropertyOnly: true,
  outputEscape: 'escape',
  parseLimit: LIMITS.parse,
  renderLimit: LIMITS.renderMs,
  memoryLimit: LIMITS.memory,
});
for (const tag of ['include', 'render', 'layout']) liquid.registerTag(tag, NoFiles);

/** Where a template fails to parse, as people read it. */
export type TemplateProblem = { message: string; line: number; column: number };

function problemOf(err: unknown): TemplateProblem {
  const e = err as { message?: string; token?: { getPosition?: () => [number, number] }; originalError?: Error };
  const [line, column] = e.token?.getPosition?.() ?? [1, 1];
  const message = (e.originalError?.message ?? e.message ?? String(err)).replace(/, line:\d+, col:\d+$/, '');
  return { message, line, column };
}

/** Null when `source` parses; else what is wrong and where. */
export function parseProblem(source: string): TemplateProblem | null {
  try {
    liquid.parse(source);
    return null;
  } catch (err) {
    return problemOf(err);
  }
}

/** A 400 naming the field, the line and the column of the first template that does not parse. */
export function checkTemplates(fields: Record<string, string>) {
  for (const [path, source] of Object.entries(fields)) {
    const problem = parseProblem(source);
    if (problem) {
      const message = `The ${path} does not parse at line ${problem.line}, column ${problem.column}: ${problem.message}`;
      throw new HttpError(400, 'template_error', message, [{ path, message }]);
    }
  }
}

/** Renders one template with `data`; a failure (a limit, an unknown filter) is a 400 saying why. */
export async function renderLiquid(source: string, data: Record<string, unknown>): Promise<string> {
  let out: string;
  try {
    out = String(await liquid.parseAndRender(source, data));
  } catch (err) {
    const problem = problemOf(err);
    throw new HttpError(400, 'template_error', `The template failed to render at line ${problem.line}, column ${problem.column}: ${problem.message}`);
  }
  if (out.length > LIMITS.output) throw new HttpError(400, 'template_error', `The template renders more than ${LIMITS.output.toLocaleString('en-US')} characters.`);
  return out;
}

export type Template = { name: string; layout: string; subject: string; body: string };
export type Rendered = { subject: string; html: string; text: string };

/**
 * A message from a template: the subject (one line), the body inside its layout (when it names one that
 * exists: the layout's body gets `content` and `subject`), and a text part made from the HTML.
 */
export async function renderMessage(template: Template, layout: Template | null, data: Record<string, unknown>): Promise<Rendered> {
  const subject = (await renderLiquid(template.subject, data)).replace(/\s+/g, ' ').trim();
  const content = await renderLiquid(template.body, data);
  // The layout receives the rendered body as HTML: it is marked safe so the layout's escaping keeps it.
  const html = layout ? await renderLiquid(layout.body.replace(/\{\{-?\s*content\s*-?\}\}/g, '{{ content | raw }}'), { ...data, content, subject }) : content;
  return { subject, html, text: convert(html, { wordwrap: 100, selectors: [{ selector: 'a', options: { hideLinkHrefIfSameAsText: true } }] }) };
}
