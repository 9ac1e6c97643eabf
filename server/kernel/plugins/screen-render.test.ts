import { describe, expect, it } from 'vitest';
import { cookiesOf, zoneOf } from './screen-render';

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
