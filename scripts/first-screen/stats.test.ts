import { describe, expect, it } from 'vitest';
import { cumulativeLayoutShift, formatMs, nameElement, quantile, summarise, type ElementLike } from './stats';

describe('summarise', () => {
  it('gives the median of an odd count as its middle value, and the extremes', () => {
    expect(summarise([900, 700, 800, 1200, 650, 760, 810])).toEqual({ n: 7, median: 800, p25: 730, p75: 855, min: 650, max: 1200 });
  });
  it('gives the median of an even count as the mean of the two middle values', () => {
    expect(summarise([4, 1, 3, 2]).median).toBe(2.5);
  });
  it('leaves out loads that measured nothing, and says how many it kept', () => {
    expect(summarise([NaN, 3, 1, 2])).toMatchObject({ n: 3, median: 2, min: 1, max: 3 });
    expect(summarise([NaN]).n).toBe(0);
  });
  it('interpolates quantiles between ranks and refuses an empty sample', () => {
    expect(quantile([10, 20], 0.25)).toBe(12.5);
    expect(() => quantile([], 0.5)).toThrow();
  });
  it('formats the median with its spread', () => {
    expect(formatMs(summarise([900, 700, 800, 1200, 650, 760, 810]))).toBe('800 ms (spread 650–1200, middle half 730–855, n = 7)');
  });
});

describe('cumulativeLayoutShift', () => {
  it('sums the shifts of one session window', () => {
    const at = (startTime: number, value: number) => ({ startTime, value, hadRecentInput: false });
    expect(cumulativeLayoutShift([at(100, 0.01), at(600, 0.02)])).toBeCloseTo(0.03);
  });
  it('keeps the largest window: a gap of a second starts a new one, and a window lasts at most 5 s', () => {
    const at = (startTime: number, value: number) => ({ startTime, value, hadRecentInput: false });
    expect(cumulativeLayoutShift([at(0, 0.05), at(1500, 0.01), at(2000, 0.01)])).toBeCloseTo(0.05);
    const steady = Array.from({ length: 12 }, (_, i) => at(i * 900, 0.01));
    expect(cumulativeLayoutShift(steady)).toBeCloseTo(0.06);
  });
  it('leaves out shifts right after input', () => {
    expect(cumulativeLayoutShift([{ startTime: 5, value: 0.3, hadRecentInput: true }])).toBe(0);
  });
});

/** A minimal element tree: tag, attributes, text, parent. */
function el(tagName: string, attrs: Record<string, string> = {}, text = '', parent: ElementLike | null = null): ElementLike {
  return { tagName: tagName.toUpperCase(), id: attrs.id ?? '', textContent: text, getAttribute: (n) => attrs[n] ?? null, parentElement: parent };
}

describe('nameElement', () => {
  it('names a text element by tag, text and region', () => {
    const aside = el('aside', { id: 'sidebar' }, '', el('div', { id: 'root' }, '', el('body')));
    const heading = el('h2', {}, '  Rocket.Chat\n  Marketplace ', el('div', {}, '', aside));
    expect(nameElement(heading)).toBe('h2 "Rocket.Chat Marketplace" in sidebar');
  });
  it('names an image by its file and a role=dialog as a dialog, and shortens long text', () => {
    const dialog = el('div', { role: 'dialog' });
    expect(nameElement(el('img', { src: '/v1/apps/a1/icon.png' }, '', dialog))).toBe('img "icon.png" in dialog');
    expect(nameElement(el('p', { id: 'x' }, 'a'.repeat(60)))).toBe(`p#x "${'a'.repeat(39)}…"`);
  });
  it('names an element removed before the entry was read by its id, if it had one', () => {
    expect(nameElement(null, 'sidebar-title')).toBe('#sidebar-title (since replaced)');
    expect(nameElement(null)).toBe('(an element since removed)');
  });
});
