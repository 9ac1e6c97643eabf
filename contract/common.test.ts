import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ErrorBody, errorsOf, isoDateTime, parseIsoDateTime } from './common';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const daysIn = (y: number, m: number) => [31, y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1]!;

describe('parseIsoDateTime: every date input of the contract', () => {
  it('accepts what the SPA sends (toISOString) and dates, offsets and fractions as ISO 8601 writes them', () => {
    expect(parseIsoDateTime('2030-02-28T13:45:30.123Z')?.toISOString()).toBe('2030-02-28T13:45:30.123Z');
    expect(parseIsoDateTime('2030-02-28')?.toISOString()).toBe('2030-02-28T00:00:00.000Z');
    expect(parseIsoDateTime('2032-02-29')?.toISOString()).toBe('2032-02-29T00:00:00.000Z');
    expect(parseIsoDateTime('2030-02-28T13:45+02:00')?.toISOString()).toBe('2030-02-28T11:45:00.000Z');
    expect(parseIsoDateTime('2030-02-28T23:30:00-05:30')?.toISOString()).toBe('2030-03-01T05:00:00.000Z');
    expect(parseIsoDateTime('2030-02-28T13:45:30.5Z')?.toISOString()).toBe('2030-02-28T13:45:30.500Z');
    expect(parseIsoDateTime('2030-02-28T13:45:30.123456789Z')?.toISOString()).toBe('2030-02-28T13:45:30.123Z');
    expect(parseIsoDateTime('2000-01-01T00:00:00Z')?.toISOString()).toBe('2000-01-01T00:00:00.000Z');
    expect(parseIsoDateTime('9999-12-31T23:59:59.999Z')?.toISOString()).toBe('9999-12-31T23:59:59.999Z');
  });

  it('refuses days that do not exist, times out of range, local times, expanded years and years outside 2000–9999', () => {
    for (const bad of [
      '2030-02-30',
      '2031-02-29',
      '2100-02-29',
      '2030-04-31',
      '2030-00-10',
      '2030-13-01',
      '2030-01-00',
      '2030-01-32',
      '2030-01-01T24:00:00Z',
      '2030-01-01T23:60:00Z',
      '2030-01-01T23:59:60Z',
      '2030-01-01T12:00:00+24:00',
      '2030-01-01T12:00:00+01:60',
      '2030-01-01T12:00:00',
      '2030-01-01T12:00',
      '2030-01-01T12Z',
      '2030-01-01 12:00:00Z',
      '2030-1-1',
      '20300101',
      '2030-01-01T12:00:00.Z',
      '2030-01-01T12:00:00.1234567890Z',
      '+275760-09-13T00:00:00.000Z',
      '+002030-01-01T00:00:00.000Z',
      '1999-12-31T23:59:59.999Z',
      '2000-01-01T00:30:00+01:00',
      '9999-12-31T23:00:00-02:00',
      '10000-01-01',
      'March 2, 2030',
      '2030-03-02T00:00:00.000z',
      '',
      ' 2030-01-01',
    ]) {
      expect(parseIsoDateTime(bad), bad).toBeNull();
    }
  });

  it('narrows the years where a field asks', () => {
    expect(parseIsoDateTime('2031-06-01', { from: 2030, to: 2030 })).toBeNull();
    expect(parseIsoDateTime('2030-06-01', { from: 2030, to: 2030 })).not.toBeNull();
  });

  const parts = fc.record({
    y: fc.integer({ min: 1990, max: 10_010 }),
    mo: fc.integer({ min: 0, max: 13 }),
    d: fc.integer({ min: 0, max: 32 }),
    time: fc.option(
      fc.record({
        h: fc.integer({ min: 0, max: 25 }),
        mi: fc.integer({ min: 0, max: 61 }),
        s: fc.integer({ min: 0, max: 61 }),
        ms: fc.integer({ min: 0, max: 999 }),
        offset: fc.option(fc.integer({ min: -24 * 60 - 59, max: 24 * 60 + 59 })),
      }),
    ),
  });
  const write = ({ y, mo, d, time }: typeof parts extends fc.Arbitrary<infer T> ? T : never) => {
    const date = `${pad(y, 4)}-${pad(mo)}-${pad(d)}`;
    if (!time) return date;
    const o = time.offset;
    const zone = o === null ? 'Z' : `${o < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(o) / 60))}:${pad(Math.abs(o) % 60)}`;
    return `${date}T${pad(time.h)}:${pad(time.mi)}:${pad(time.s)}.${pad(time.ms, 3)}${zone}`;
  };

  it('accepts exactly the real calendar date-times, and each names the same calendar date and time in its own zone', () => {
    fc.assert(
      fc.property(parts, (p) => {
        const text = write(p);
        const parsed = parseIsoDateTime(text);
        const t = p.time ?? { h: 0, mi: 0, s: 0, ms: 0, offset: 0 };
        const offset = t.offset ?? 0;
        const real =
          p.y <= 9999 && p.mo >= 1 && p.mo <= 12 && p.d >= 1 && p.d <= daysIn(p.y, p.mo) && t.h <= 23 && t.mi <= 59 && t.s <= 59 && Math.abs(offset) < 24 * 60;
        // A real one is refused only when its year, or its instant's (an offset across New Year), is outside 2000–9999.
        const utcYear = real ? new Date(Date.UTC(p.y, p.mo - 1, p.d, t.h, t.mi, t.s, t.ms) - offset * 60_000).getUTCFullYear() : NaN;
        const inRange = p.y >= 2000 && utcYear >= 2000 && utcYear <= 9999;
        expect(parsed !== null, text).toBe(real && inRange);
        if (!parsed) return;
        // The instant, seen in the string's own zone, is the calendar date and time written.
        const local = new Date(parsed.getTime() + offset * 60_000).toISOString();
        expect(local.slice(0, 23)).toBe(text.slice(0, 10) + (p.time ? text.slice(10, 23) : 'T00:00:00.000'));
        // The canonical form parses back to the same instant.
        expect(parseIsoDateTime(parsed.toISOString())?.getTime()).toBe(parsed.getTime());
      }),
      { numRuns: 2_000 },
    );
  });
});

describe('isoDateTime: the schema', () => {
  const schema = isoDateTime('Please select the period end date');
  it('answers the canonical instant, or one issue with the field’s message', () => {
    expect(schema.parse('2030-02-28T13:45+02:00')).toBe('2030-02-28T11:45:00.000Z');
    for (const bad of ['2030-02-30', '+275760-09-13T00:00:00.000Z', '2030-02-28T13:45:00', 42, null]) {
      const result = schema.safeParse(bad);
      expect(result.success, String(bad)).toBe(false);
      expect(result.error?.issues.map((i) => i.message)).toEqual(['Please select the period end date']);
    }
  });
});

describe('errorsOf: the error statuses of a route, from what it is', () => {
  const statuses = (errors: object) => Object.keys(errors).map(Number);
  it('declares 400 and 500 on every route, 401 on every route that is not public, 403 and 404 on every feature route', () => {
    expect(statuses(errorsOf('public'))).toEqual([400, 500]);
    expect(statuses(errorsOf('session'))).toEqual([400, 401, 500]);
    expect(statuses(errorsOf('feature'))).toEqual([400, 401, 403, 404, 500]);
    expect(statuses(errorsOf('session', { refuses: true, lookup: true }))).toEqual([400, 401, 403, 404, 500]);
  });

  it('adds what the route takes and does: 414 params, 413 and 415 a body, 409 conflicts, 429 limits, 502 upstream', () => {
    expect(statuses(errorsOf('feature', { params: true, body: 'multipart', conflict: true, limited: true, upstream: true }))).toEqual([
      400, 401, 403, 404, 409, 413, 414, 415, 429, 500, 502,
    ]);
    expect(statuses(errorsOf('public', { body: 'json' }))).toEqual([400, 413, 415, 500]);
    expect(Object.values(errorsOf('feature', { params: true }))).toEqual(Array(6).fill(ErrorBody));
  });
});
