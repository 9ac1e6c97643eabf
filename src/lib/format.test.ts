import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { formatDate, formatDateTime, formatInZoneOf, formatMoney } from './format';

const BROWSER = `import { formatDate, formatDateTime } from ${JSON.stringify(resolve('src/lib/format.ts'))};
process.stdout.write(JSON.stringify(JSON.parse(process.argv[1]).map((iso) => [formatDate(iso), formatDateTime(iso)])));`;

// The first screen formats money and dates without Intl (format.ts says why); what it writes must be exactly
// what Intl's en-US formats write.
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const day = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

describe('formatMoney', () => {
  it('writes what Intl writes for any amount in cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (cents) => {
        expect(formatMoney(cents / 100)).toBe(usd.format(cents / 100));
      }),
      { numRuns: 2000 },
    );
    for (const n of [0, -0, 0.5, 1000, 1234567.891, -0.004, 999.995]) expect(formatMoney(n), String(n)).toBe(usd.format(n));
  });
});

describe('formatDate', () => {
  it('writes what Intl writes, in the same time zone, for any instant', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1990-01-01'), max: new Date('2090-01-01'), noInvalidDate: true }), (d) => {
        expect(formatDate(d.toISOString())).toBe(day.format(d));
      }),
      { numRuns: 2000 },
    );
  });
  it("rendering on the server in the browser's zone, writes the days and times the browser writes there", () => {
    const instants = fc.sample(fc.date({ min: new Date('1990-01-01'), max: new Date('2090-01-01'), noInvalidDate: true }), 300).map((d) => d.toISOString());
    for (const zone of ['Pacific/Chatham', 'America/St_Johns', 'Asia/Kathmandu']) {
      // The browser: a process whose own zone it is, running this module's plain code (a zone is the process's).
      const browser = JSON.parse(
        execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', BROWSER, JSON.stringify(instants)], {
          env: { ...process.env, TZ: zone },
          encoding: 'utf8',
        }),
      ) as string[][];
      // The server: this process, told the browser's zone.
      formatInZoneOf(() => zone);
      try {
        expect(
          instants.map((iso) => [formatDate(iso), formatDateTime(iso)]),
          zone,
        ).toEqual(browser);
      } finally {
        formatInZoneOf(() => undefined);
      }
    }
  });
  it('refuses an invalid date as Intl does', () => {
    expect(() => formatDate('not a date')).toThrow(RangeError);
  });
});
