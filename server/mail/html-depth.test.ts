import { describe, expect, it } from 'vitest';
import { htmlDepth, nestsDeeperThan } from './html-depth';

describe('htmlDepth', () => {
  it.each([
    ['plain text', 'Hello {{ developer.firstName }}', 0],
    ['nested elements', '<div><p>Hi <strong>you</strong></p></div>', 3],
    ['siblings', '<p>a</p><p>b</p><p>c</p>', 1],
    ['void elements', '<p>a<br>b<img src="x"><hr></p>', 2],
    ['implied ends', '<ul><li>a<li>b<li>c</ul><p>x<p>y<p>z', 2],
    ['stray end tags, which close nothing', '<div></span></span></span><div>x</div></div>', 2],
    ['an end tag closing what is open inside it', '<div><b><i>x</div><div>y</div>', 3],
    ['markup in comments, scripts and styles', '<!-- <div><div><div> --><style><div><div></style><script>"<div><div>"</script>', 1],
    ['Liquid around markup (the source, not its output)', '{% for i in (1..500) %}<div>{% endfor %}', 1],
  ])('%s', (_what, html, depth) => {
    expect(htmlDepth(html)).toBe(depth);
  });

  it('measures markup deeper than a recursive walk survives, without overflowing', () => {
    expect(htmlDepth(`${'<span><b>'.repeat(2_500)}x${'</b></span>'.repeat(2_500)}<p>after</p>`)).toBe(5_000);
  });

  it('stops once past the limit, so a huge input is measured quickly', () => {
    const huge = '<a>'.repeat(1_000_000);
    const started = performance.now();
    expect(htmlDepth(huge, 400)).toBe(401);
    expect(nestsDeeperThan(huge, 400)).toBe(true);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(nestsDeeperThan('<div>'.repeat(400), 400)).toBe(false);
    expect(nestsDeeperThan('<div>'.repeat(401), 400)).toBe(true);
  });
});
