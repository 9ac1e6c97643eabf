import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALLOWED_TAGS, renderMarkdown, sanitizeHtml } from './markdown';

describe('a publisher’s Markdown as Rocket.Chat shows it', () => {
  it.each([
    ['# Title\n\nText', ['<h1>Title</h1>', '<p>Text</p>']],
    ['**bold**, *it*, _it_, ~~gone~~ and `a < b`', ['<strong>bold</strong>', '<em>it</em>', '<del>gone</del>', '<code>a &lt; b</code>']],
    ['snake_case_name stays', ['<p>snake_case_name stays</p>']],
    ['- a\n- b\n\n3. x\n4. y', ['<li>a</li>', '<ol start="3">']],
    ['> quoted', ['<blockquote>', 'quoted']],
    ['```ts\nconst a = "<b>";\n```', ['<pre><code>const a = "&lt;b&gt;";', '</code></pre>']],
    ['[docs](https://x.example/a?b=1&c=2 "Docs")', ['<a href="https://x.example/a?b=1&amp;c=2" rel="nofollow noopener noreferrer">docs</a>']],
    ['See https://x.example/path.', ['<a href="https://x.example/path" rel="nofollow noopener noreferrer">https://x.example/path</a>']],
    ['![logo](https://x.example/l.png)', ['<a href="https://x.example/l.png" rel="nofollow noopener noreferrer">logo</a>']],
    ['| a | b |\n|---|---|\n| 1 | 2 |', ['<table>', '<td>1</td>']],
  ])('%j', (raw, fragments) => {
    const html = renderMarkdown(raw);
    for (const f of fragments) expect(html).toContain(f);
  });

  it('renders nothing of an empty text', () => expect(renderMarkdown('')).toBe(''));

  it('shows raw HTML as text and links only to http(s) and mailto addresses', () => {
    const html = renderMarkdown(
      '<script>alert(1)</script> <img src=x onerror=alert(1)> [x](javascript:alert(1)) [y](data:text/html,hi) <a href="javascript:alert(1)">z</a>',
    );
    expect(html).not.toMatch(/<script|<img|<a [^>]*javascript|href="data/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('keeps only the allowed elements of any HTML, with safe links', () => {
    expect(
      sanitizeHtml(
        '<p onclick="x()">a<script>evil()</script><svg><a href="https://x">in svg</a></svg><a href="JaVaScRiPt:x">b</a><a href="https://ok.example">c</a><strong>d',
      ),
    ).toBe('<p>a<a>b</a><a href="https://ok.example" rel="nofollow noopener noreferrer">c</a><strong>d</strong></p>');
    expect(sanitizeHtml('<iframe src="https://x"></iframe><style>p{}</style><b>ok</b><img src=x>')).toBe('<b>ok</b>');
  });

  it('never lets a tag or an attribute through that it does not allow, whatever the Markdown', () => {
    const allowed = new RegExp(`^(${ALLOWED_TAGS.join('|')})$`);
    fc.assert(
      fc.property(
        fc.string({
          maxLength: 200,
          unit: fc.constantFrom(
            '<',
            '>',
            '"',
            "'",
            '&',
            '*',
            '_',
            '`',
            '[',
            ']',
            '(',
            ')',
            '#',
            '-',
            '!',
            '|',
            '\n',
            ' ',
            'a',
            'script',
            'img',
            'javascript:',
            'https://x',
            '=',
            '/',
            'on',
          ),
        }),
        (raw) => {
          const html = renderMarkdown(raw);
          for (const m of html.matchAll(/<\/?([a-z0-9]+)([^>]*)>/gi)) {
            expect(m[1]).toMatch(allowed);
            // A void element closed XHTML-style (`<br />`, marked's line break) has no attribute in its slash.
            const attrs = m[2]!.replace(/\/$/, '').trim();
            if (attrs) expect(attrs).toMatch(/^(href="(https?:|mailto:)[^"]*" rel="nofollow noopener noreferrer"|start="\d+")$/);
          }
        },
      ),
      { numRuns: 500 },
    );
    // fast-check's counterexample (seed 532253858) before the slash was read so: a hard line break.
    expect(renderMarkdown('<  \n<')).toBe('<p>&lt;<br />&lt;</p>');
  });
});
