import { convert } from 'html-to-text';
import { Liquid, Tag, type TagToken, type TopLevelToken } from 'liquidjs';
import { TEMPLATE_LIMITS, TEMPLATE_TEXT } from '../../contract/schemas/catalog';
import { HttpError } from '../errors';
import { nestsDeeperThan } from './html-depth';

/** Bounds of one render: a template's size, its time, and what its filters may allocate (output: TEMPLATE_LIMITS). */
const LIMITS = { parse: 200_000, renderMs: 500, memory: 5_000_000 };

/** A tag that would read other files (include, render, layout): refused where it is written. */
class NoFiles extends Tag {
  constructor(token: TagToken, remain: TopLevelToken[], liquid: Liquid) {
    super(token, remain, liquid);
    throw new Error(`"${token.name}" is not available: a template cannot read files or other templates`);
  }
  *render() {}
}

/**
 * A Liquid engine for email templates, sandboxed: no file system (a file tag is refused when the template
 * is parsed, and any lookup finds nothing), only own properties of the data, and limits on size, render
 * time and allocations. `html` escapes output unless a template says `| raw`; `text` (subjects) does not.
 */
function sandboxed(output: 'html' | 'text') {
  const engine = new Liquid({
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
    ...(output === 'html' ? { outputEscape: 'escape' as const } : {}),
    parseLimit: LIMITS.parse,
    renderLimit: LIMITS.renderMs,
    memoryLimit: LIMITS.memory,
  });
  for (const tag of ['include', 'render', 'layout']) engine.registerTag(tag, NoFiles);
  return engine;
}
const engines = { html: sandboxed('html'), text: sandboxed('text') };

/** Where a template fails to parse, as people read it. */
export type TemplateProblem = { message: string; line: number; column: number };

function problemOf(err: unknown): TemplateProblem {
  const e = err as { message?: string; token?: { getPosition?: () => [number, number] }; originalError?: Error };
  const [line, column] = e.token?.getPosition?.() ?? [1, 1];
  const message = (e.originalError?.message ?? e.message ?? String(err)).replace(/, line:\d+, col:\d+$/, '');
  return { message, line, column };
}

/** What a template did wrong (it does not parse, render, or fit the bounds): a 400 saying why. */
export class TemplateError extends HttpError {
  constructor(message: string, path?: string) {
    super(400, 'template_error', message, path ? [{ path, message }] : undefined);
  }
}

/** Null when `source` parses; else what is wrong and where. */
function parseProblem(engine: Liquid, source: string): TemplateProblem | null {
  try {
    engine.parse(source);
    return null;
  } catch (err) {
    return problemOf(err);
  }
}

/**
 * Refuses a template about to be saved, naming the field: a subject or body that does not parse (with
 * its line and column), or a body whose HTML nests deeper than TEMPLATE_LIMITS.depth.
 */
export function checkTemplate({ subject, body }: { subject: string; body: string }) {
  for (const [path, source, engine] of [
    ['subject', subject, engines.text],
    ['body', body, engines.html],
  ] as const) {
    const problem = parseProblem(engine, source);
    if (problem) throw new TemplateError(`The ${path} does not parse at line ${problem.line}, column ${problem.column}: ${problem.message}`, path);
  }
  if (nestsDeeperThan(body, TEMPLATE_LIMITS.depth)) throw new TemplateError(TEMPLATE_TEXT.tooDeep('body'), 'body');
}

/** Renders one part of a message (`part` names it) with `data`; a failure (a limit, an unknown filter) says why. */
async function render(engine: Liquid, source: string, data: Record<string, unknown>, part: string): Promise<string> {
  let out: string;
  try {
    // Synchronously: the render limit is a deadline on the clock, and an asynchronous render shares it with
    // whatever else the process does meanwhile, so a busy server failed innocent templates. Rendered in one go,
    // the time is the template's own (the engine reads no files and has no asynchronous filters).
    out = String(engine.parseAndRenderSync(source, data));
  } catch (err) {
    const problem = problemOf(err);
    throw new TemplateError(`The ${part} failed to render at line ${problem.line}, column ${problem.column}: ${problem.message}`);
  }
  if (out.length > TEMPLATE_LIMITS.output) throw new TemplateError(TEMPLATE_TEXT.renderedTooLong(part));
  return out;
}

export type Template = { name: string; layout: string; subject: string; body: string };
export type Rendered = { subject: string; html: string; text: string };

/**
 * A message from a template: the subject (plain text on one line: no HTML escaping, and no line breaks or
 * control characters, which could start another header), the body inside its layout (when it names one
 * that exists: the layout's body gets `content` and `subject`), and a text part made from the HTML — once
 * its nesting is known to be within TEMPLATE_LIMITS.renderDepth. Any failure is a TemplateError.
 */
export async function renderMessage(template: Template, layout: Template | null, data: Record<string, unknown>): Promise<Rendered> {
  const subject = (await render(engines.text, template.subject, data, 'subject')).replace(/[\s\p{Cc}]+/gu, ' ').trim();
  const content = await render(engines.html, template.body, data, 'body');
  // The layout receives the rendered body as HTML: it is marked safe so the layout's escaping keeps it.
  const html = layout
    ? await render(
        engines.html,
        layout.body.replace(/\{\{-?\s*content\s*-?\}\}/g, '{{ content | raw }}'),
        { ...data, content, subject },
        `layout "${layout.name}"`,
      )
    : content;
  if (nestsDeeperThan(html, TEMPLATE_LIMITS.renderDepth)) throw new TemplateError(TEMPLATE_TEXT.renderedTooDeep(layout?.name ?? ''));
  const text = convert(html, {
    wordwrap: 100,
    limits: { maxDepth: TEMPLATE_LIMITS.renderDepth },
    selectors: [{ selector: 'a', options: { hideLinkHrefIfSameAsText: true } }],
  });
  return { subject, html, text };
}
