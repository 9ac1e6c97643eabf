import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { cookiesOf, screenRenderer, zoneOf } from './screen-render';

describe('cookiesOf', () => {
  it('reads each cookie by name, its value as sent', () => {
    const cookies = cookiesOf('portal_window=860; portal_session=abc=; other=x=y');
    expect(cookies.get('portal_window')).toBe('860');
    expect(cookies.get('portal_session')).toBe('abc=');
    expect(cookies.get('other')).toBe('x=y');
  });
  it('reads nothing from no header or a malformed one', () => {
    expect(cookiesOf(undefined).size).toBe(0);
    expect(cookiesOf('; =x; novalue').size).toBe(0);
  });
});

describe('zoneOf', () => {
  it('takes a time zone Intl knows, and nothing else', () => {
    expect(zoneOf('Pacific/Chatham')).toBe('Pacific/Chatham');
    expect(zoneOf('UTC')).toBe('UTC');
    for (const bad of [undefined, '', 'Mars/Olympus_Mons', 'x'.repeat(65), '<script>']) expect(zoneOf(bad), String(bad)).toBeUndefined();
  });
});

describe('screenRenderer', () => {
  it('leaves the documents to the shell, and says so, when the build has no render or a broken one', async () => {
    const root = mkdtempSync(join(tmpdir(), 'portal-render-'));
    try {
      const app = { log: { error: vi.fn() } } as never as Parameters<typeof screenRenderer>[0];
      expect(await screenRenderer(app, root)).toBeUndefined();
      mkdirSync(join(root, '.ssr'));
      writeFileSync(join(root, '.ssr', 'render.js'), 'export const renderScreen = (;');
      expect(await screenRenderer(app, root)).toBeUndefined();
      expect(app.log.error).toHaveBeenCalledOnce();
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
