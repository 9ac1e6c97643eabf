import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown';
import { MAX_WAITING_PER_KEY, renderMarkdownWithin, rendererStats } from './markdown-renderer';

// The hostile texts (docs/adr/0007-markdown-rendered-at-save.md): each used to throw (a RangeError: the stack) or take 30 s inside the request
// that built the catalog. Rendered within limits, each is refused, quickly, and the renderer goes on.
describe('Markdown rendered within limits (off the event loop, within a budget)', () => {
  it('renders as renderMarkdown does', async () => {
    const raw = '# Title\n\n**Bold** [docs](https://x.example) <script>x</script>\n\n- a\n- b';
    expect(await renderMarkdownWithin(raw)).toEqual({ ok: true, html: renderMarkdown(raw) });
    expect(await renderMarkdownWithin('   ')).toEqual({ ok: true, html: '' });
  });

  it('refuses quotes nested 5 000 deep and 2 500 list markers before rendering', async () => {
    // Unguarded, deep nesting overflows the stack (here far deeper than 5 000: a worker thread's stack is larger).
    expect(() => renderMarkdown('>'.repeat(100_000) + 'a')).toThrow(RangeError);
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
    let settled = false;
    const slow = renderMarkdownWithin('_a'.repeat(50_000), { budgetMs: 300 }).finally(() => (settled = true));
    // The event loop stays free meanwhile: a timer set now runs while the text is still being rendered (rendered on
    // this thread, the text would be settled before any timer ran; the budget's own timer is due after this one).
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);
    expect(await slow).toEqual({ ok: false, reason: 'time' });
    expect(await renderMarkdownWithin('*still* here')).toEqual({ ok: true, html: '<p><em>still</em> here</p>' });
    expect(rendererStats().started).toBe(before + 1);
  });

  it('catches a stack overflow on the thread as a refusal (the look before rendering turned off)', async () => {
    // The thread's stack is larger than the main thread's: 5 000 quotes fit in it, 50 000 do not.
    // A budget it cannot run out of (on a busy machine the recursion may take seconds): the stack decides.
    expect(await renderMarkdownWithin('>'.repeat(50_000) + 'a', { depth: 100_000, budgetMs: 600_000 })).toEqual({ ok: false, reason: 'complex' });
    expect(await renderMarkdownWithin('ok')).toEqual({ ok: true, html: '<p>ok</p>' });
  });

  it('renders texts given at once one after the other, each answered', async () => {
    const texts = Array.from({ length: 20 }, (_, i) => `**${i}**`);
    const out = await Promise.all(texts.map((t) => renderMarkdownWithin(t)));
    expect(out.map((r) => r.ok && r.html)).toEqual(texts.map((_, i) => `<p><strong>${i}</strong></p>`));
  });

  it('lets owners take turns: one publisher’s many slow texts hold another’s up by one turn, and a fifth waiting is refused', async () => {
    await renderMarkdownWithin('warm');
    const slow = '_a'.repeat(50_000);
    const done: string[] = [];
    const mark = (name: string) => (r: unknown) => (done.push(name), r);
    const flood = Array.from({ length: MAX_WAITING_PER_KEY }, (_, i) => renderMarkdownWithin(slow, { budgetMs: 150, key: 'publisher:a' }).then(mark(`a${i}`)));
    // Its next one is refused at once while the four wait.
    expect(await renderMarkdownWithin('**a5**', { key: 'publisher:a' })).toEqual({ ok: false, reason: 'busy' });
    const other = renderMarkdownWithin('**b**', { key: 'publisher:b' }).then(mark('b'));
    expect(await other).toEqual({ ok: true, html: '<p><strong>b</strong></p>' });
    await Promise.all(flood);
    // b went after a's first text (being rendered) and its second (a's turn), before the rest of a's.
    expect(done).toEqual(['a0', 'a1', 'b', 'a2', 'a3']);
    // Once they are done, a's texts are taken again.
    expect(await renderMarkdownWithin('**a6**', { key: 'publisher:a' })).toEqual({ ok: true, html: '<p><strong>a6</strong></p>' });
  });
});
