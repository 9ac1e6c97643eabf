import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown';
import { MARKDOWN_BUDGET_MS, renderMarkdownWithin, rendererStats } from './markdown-renderer';

// The hostile texts issue 39 found: each used to throw (a RangeError: the stack) or take 30 s inside the request
// that built the catalog. Rendered within limits, each is refused, quickly, and the renderer goes on.
describe('Markdown rendered within limits (off the event loop, within a budget)', () => {
  it('renders as renderMarkdown does', async () => {
    const raw = '# Title\n\n**Bold** [docs](https://x.example) <script>x</script>\n\n- a\n- b';
    expect(await renderMarkdownWithin(raw)).toEqual({ ok: true, html: renderMarkdown(raw) });
    expect(await renderMarkdownWithin('   ')).toEqual({ ok: true, html: '' });
  });

  it('refuses quotes nested 5 000 deep and 2 500 list markers before rendering', async () => {
    expect(() => renderMarkdown('>'.repeat(5000) + 'a')).toThrow(RangeError);
    const started = rendererStats().started;
    expect(await renderMarkdownWithin('>'.repeat(5000) + 'a')).toEqual({ ok: false, reason: 'block' });
    expect(await renderMarkdownWithin('- '.repeat(2500))).toEqual({ ok: false, reason: 'block' });
    expect(await renderMarkdownWithin('- '.repeat(2500) + 'a')).toEqual({ ok: false, reason: 'block' });
    expect(await renderMarkdownWithin('*a '.repeat(2500) + 'b' + ' a*'.repeat(2500))).toEqual({ ok: false, reason: 'inline' });
    // Refused by the look before rendering: no thread was needed.
    expect(rendererStats().started).toBe(started);
  });

  it('ends a rendering that runs over its budget (`_a` × 50 000), and renders the next text on a new thread', async () => {
    await renderMarkdownWithin('warm');
    const before = rendererStats().started;
    const start = performance.now();
    // The event loop stays free meanwhile: a timer set now fires long before the budget is spent.
    let ticked = 0;
    const ticker = setInterval(() => ticked++, 10);
    const slow = await renderMarkdownWithin('_a'.repeat(50_000), { budgetMs: 300 });
    clearInterval(ticker);
    expect(slow).toEqual({ ok: false, reason: 'time' });
    expect(performance.now() - start).toBeLessThan(MARKDOWN_BUDGET_MS + 5_000);
    expect(ticked).toBeGreaterThan(5);
    expect(await renderMarkdownWithin('*still* here')).toEqual({ ok: true, html: '<p><em>still</em> here</p>' });
    expect(rendererStats().started).toBe(before + 1);
  });

  it('catches a stack overflow on the thread as a refusal (the look before rendering turned off)', async () => {
    // The thread's stack is larger than the main thread's: 5 000 quotes fit in it, 50 000 do not.
    expect(await renderMarkdownWithin('>'.repeat(50_000) + 'a', { depth: 100_000 })).toEqual({ ok: false, reason: 'complex' });
    expect(await renderMarkdownWithin('ok')).toEqual({ ok: true, html: '<p>ok</p>' });
  });

  it('renders texts given at once one after the other, each answered', async () => {
    const texts = Array.from({ length: 20 }, (_, i) => `**${i}**`);
    const out = await Promise.all(texts.map((t) => renderMarkdownWithin(t)));
    expect(out.map((r) => r.ok && r.html)).toEqual(texts.map((_, i) => `<p><strong>${i}</strong></p>`));
  });
});
