import { Parser } from 'htmlparser2';

/**
 * How deep the elements of `html` nest, as htmlparser2 (the parser html-to-text builds its tree with) nests
 * them: implied ends (`<p>a<p>b`), void elements and stray end tags count as they do there, markup inside
 * comments, scripts and styles does not. Measured while the parser streams, with a counter and no
 * recursion; it stops once past `limit` (answering `limit + 1`), so its open-element stack stays short and
 * no input is too deep or too long to measure.
 */
export function htmlDepth(html: string, limit = Infinity): number {
  let depth = 0;
  let deepest = 0;
  const parser = new Parser({
    onopentag() {
      depth += 1;
      if (depth > deepest) deepest = depth;
      if (depth > limit) parser.pause();
    },
    onclosetag() {
      depth -= 1;
    },
  });
  parser.end(html);
  return deepest;
}

/** Whether `html` nests deeper than `limit`. */
export const nestsDeeperThan = (html: string, limit: number) => htmlDepth(html, limit) > limit;
