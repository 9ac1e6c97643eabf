import { describe, expect, it } from 'vitest';
import { readPlan } from './paging';

/** The rows (0 = newest) a plan reads, in the order the page shows them. */
const rowsOf = (total: number, plan: ReturnType<typeof readPlan>) => {
  const all = Array.from({ length: total }, (_, i) => i);
  const ordered = plan.reverse ? [...all].reverse() : all;
  const got = ordered.slice(plan.offset, plan.offset + plan.limit);
  return plan.reverse ? got.reverse() : got;
};

describe('reading a page from the nearer end', () => {
  it('reads exactly the rows of every page, from the front for the first half and the back for the rest', () => {
    for (const total of [0, 1, 7, 24, 25, 26, 100, 101]) {
      for (let offset = 0; offset <= total + 30; offset += 5) {
        for (const limit of [1, 10, 25]) {
          const plan = readPlan(total, { offset, limit });
          const expected = Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) => offset + i);
          expect(rowsOf(total, plan), `${total} ${offset} ${limit}`).toEqual(expected);
          expect(Math.min(plan.offset, total), `${total} ${offset} ${limit}`).toBeLessThanOrEqual(Math.ceil(total / 2));
        }
      }
    }
  });

  it('reads the last page of a million rows from the back', () => {
    expect(readPlan(1_000_000, { offset: 999_975, limit: 25 })).toEqual({ reverse: true, offset: 0, limit: 25 });
    expect(readPlan(1_000_000, { offset: 0, limit: 25 })).toEqual({ reverse: false, offset: 0, limit: 25 });
  });
});
