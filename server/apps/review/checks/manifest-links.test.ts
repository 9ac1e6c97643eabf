import { describe, expect, it } from 'vitest';
import { checkInput, editManifest, fixtureMap } from '../../../../tests/fixtures/check-input';
import { contextOf } from './context';
import { runChecks } from './index';
import { manifestLinks } from './manifest-links';

const author = (a: Record<string, unknown>) => fixtureMap('vote-buttons', (f) => editManifest(f, { author: { name: 'Harbor Apps', ...a } }));
const run = (a: Record<string, unknown>) => manifestLinks(contextOf(checkInput(author(a))));

describe('author addresses the marketplace leaves out', () => {
  it('says nothing of web addresses, bare domains and email addresses', () => {
    expect(run({ homepage: 'rocket.chat', support: 'rocket.chat' })).toEqual([]);
    expect(run({ homepage: 'https://harbor.example', support: 'help@harbor.example' })).toEqual([]);
    expect(run({ support: 'mailto:help@harbor.example' })).toEqual([]);
  });

  it('warns of a javascript: homepage and a data: support address, at their lines in app.json', () => {
    const found = run({ homepage: 'javascript:alert(1)', support: 'data:text/html,<script>alert(1)</script>' });
    expect(found).toEqual([
      {
        check: 'manifest-links',
        reason:
          'app.json\'s author.homepage "javascript:alert(1)" is a javascript: address, which the marketplace never links to, so the listing shows none. Give a web address (https://example.com or example.com).',
        file: 'app.json',
        line: expect.any(Number),
      },
      {
        check: 'manifest-links',
        reason: expect.stringMatching(
          /^app\.json's author\.support "data:text\/html,<script>alert\(1\)<\/script>" is a data: address, which the marketplace never links to, so the listing shows none\. Give a web address \(https:\/\/example\.com\/help or example\.com\), or an email address\.$/,
        ),
        file: 'app.json',
        line: expect.any(Number),
      },
    ]);
    expect(found[0]!.line).not.toBe(found[1]!.line);
  });

  it('warns of text that is no address, quoting at most 80 characters of it', () => {
    const [f] = run({ support: `Ask in #help ${'x'.repeat(200)}` });
    expect(f!.reason).toMatch(/^app\.json's author\.support "Ask in #help x+…" is not a web address, a domain or an email address/);
    expect(f!.reason.length).toBeLessThan(300);
  });

  it('runs with the other checks, as a warning of its own', async () => {
    const found = await runChecks(checkInput(author({ homepage: 'javascript:alert(1)', support: 'help@harbor.example' })));
    expect(found.filter((f) => f.check === 'manifest-links')).toHaveLength(1);
  });
});
