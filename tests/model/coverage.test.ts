import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { coveringWalks, type WalkEdge } from './coverage';

/** A random directed graph over states 0..n-1: each state's edges by label. */
const graphs = fc
  .integer({ min: 1, max: 9 })
  .chain((n) =>
    fc.record({ n: fc.constant(n), edges: fc.array(fc.array(fc.integer({ min: 0, max: n - 1 }), { maxLength: 4 }), { minLength: n, maxLength: n }) }),
  );

describe('coveringWalks', () => {
  it('walks every edge reachable from the start, each walk from the start along real edges, within its length unless one route is longer', () => {
    fc.assert(
      fc.property(graphs, fc.integer({ min: 1, max: 8 }), ({ n, edges }, maxSteps) => {
        const edgesOf = (s: number): WalkEdge<number, string>[] => edges[s]!.map((to, i) => ({ event: `${s}.${i}`, next: to }));
        const walks = coveringWalks(0, edgesOf, String, { maxSteps });
        const reachable = new Set<string>();
        const seen = new Set([0]);
        for (const queue = [0]; queue.length;) {
          const s = queue.shift()!;
          for (const e of edgesOf(s)) {
            reachable.add(e.event);
            if (seen.has(e.next)) continue;
            seen.add(e.next);
            queue.push(e.next);
          }
        }
        const walked = new Set<string>();
        for (const walk of walks) {
          expect(walk.length).toBeGreaterThan(0);
          let at = 0;
          for (const event of walk) {
            const edge = edgesOf(at).find((e) => e.event === event);
            expect(edge, `${event} from ${at}`).toBeDefined();
            walked.add(event);
            at = edge!.next;
          }
          // Longer than maxSteps only when the route to its first unwalked edge is (at most n steps).
          expect(walk.length).toBeLessThanOrEqual(Math.max(maxSteps, n));
        }
        expect([...walked].sort()).toEqual([...reachable].sort());
      }),
    );
  });

  it('walks a cycle in one walk, and starts a new walk where the last one can reach nothing new', () => {
    // 0 → 1 → 2 → 0 (a cycle) and 0 → 3 (a dead end).
    const graph: Record<number, [string, number][]> = {
      0: [
        ['a', 1],
        ['d', 3],
      ],
      1: [['b', 2]],
      2: [['c', 0]],
      3: [],
    };
    const edgesOf = (s: number) => graph[s]!.map(([event, next]) => ({ event, next }));
    expect(coveringWalks(0, edgesOf, String)).toEqual([['a', 'b', 'c', 'd']]);
    // At most two steps a walk: the cycle's last edge needs a walk of its own, from the start.
    expect(coveringWalks(0, edgesOf, String, { maxSteps: 2 })).toEqual([['a', 'b'], ['d'], ['a', 'b', 'c']]);
  });
});
