import { mkdirSync, writeFileSync } from 'node:fs';
import type { AnyMachineSnapshot, AnyStateMachine, AnyStateNode, EventObject } from 'xstate';
import type { TestModel } from 'xstate/graph';

const transitionId = (node: AnyStateNode, event: string, index: number) => `${node.id} --${event}#${index}`;

function walk(node: AnyStateNode, visit: (n: AnyStateNode) => void) {
  visit(node);
  for (const child of Object.values(node.states) as AnyStateNode[]) walk(child, visit);
}

/**
 * Which states and transitions of a machine the generated paths exercised while they ran against the real
 * server or the real UI (`driver`): unit tests that only ask the machine record nothing. Transitions are
 * the machine's own definitions (each guarded branch counts separately); reports go to coverage/model/.
 */
export class ModelCoverage {
  readonly states = new Set<string>();
  readonly transitions = new Set<string>();
  private readonly allStates: string[] = [];
  private readonly allTransitions: string[] = [];

  constructor(
    readonly name: string,
    private readonly machine: AnyStateMachine,
    readonly driver: 'server' | 'ui',
  ) {
    walk(machine.root, (node) => {
      if (node !== machine.root) this.allStates.push(node.id);
      for (const [event, defs] of node.transitions) {
        defs.forEach((_: unknown, i: number) => this.allTransitions.push(transitionId(node, event, i)));
      }
      (node.always ?? []).forEach((_: unknown, i: number) => this.allTransitions.push(transitionId(node, 'always', i)));
    });
  }

  /** Records a snapshot reached (and the eventless transitions that led into it from `from`). */
  visit(snapshot: AnyMachineSnapshot, from?: AnyStateNode[]) {
    // Ids, not node objects: `.provide()` makes a machine with nodes of its own.
    const reached = new Set((snapshot._nodes as AnyStateNode[]).map((n) => n.id));
    for (const id of reached) if (id !== this.machine.root.id) this.states.add(id);
    for (const node of from ?? []) {
      (node.always ?? []).forEach((def: { target?: readonly AnyStateNode[] }, i: number) => {
        if (def.target?.every((t) => reached.has(t.id))) {
          this.transitions.add(transitionId(node, 'always', i));
          this.states.add(node.id);
        }
      });
    }
  }

  /** Records the transition(s) `event` takes from `before`. */
  step(before: AnyMachineSnapshot, event: EventObject, after: AnyMachineSnapshot) {
    for (const def of before.machine.getTransitionData(before as never, event as never) as { source: AnyStateNode; eventType: string }[]) {
      const index = (def.source.transitions.get(def.eventType) ?? []).indexOf(def as never);
      this.transitions.add(transitionId(def.source, def.eventType, index));
    }
    // Eventless transitions taken on the way: from the targets of the event's transitions.
    const targets = before.machine
      .getTransitionData(before as never, event as never)
      .flatMap((d: { target?: readonly AnyStateNode[] }) => [...(d.target ?? [])]);
    this.visit(
      after,
      targets.filter((n) => n.always?.length),
    );
  }

  report() {
    const missing = (all: string[], seen: Set<string>) => all.filter((x) => !seen.has(x));
    const r = {
      machine: this.name,
      driver: this.driver,
      states: {
        covered: this.allStates.length - missing(this.allStates, this.states).length,
        total: this.allStates.length,
        missing: missing(this.allStates, this.states),
      },
      transitions: {
        covered: this.allTransitions.length - missing(this.allTransitions, this.transitions).length,
        total: this.allTransitions.length,
        missing: missing(this.allTransitions, this.transitions),
      },
    };
    mkdirSync('coverage/model', { recursive: true });
    writeFileSync(`coverage/model/${this.name}.json`, `${JSON.stringify(r, null, 2)}\n`);
    return r;
  }
}

/**
 * A transition tour: for every reachable state, the shortest path to it (breadth first over the model's
 * adjacency map), then each event it accepts. Covers every edge of the graph without enumerating every
 * simple path (which explodes combinatorially).
 */
export function transitionTour<M extends TestModel<any, any, any>>(
  model: M,
  serialize: (s: any) => string,
  fromState?: unknown,
): ReturnType<M['getShortestPaths']> {
  type E = EventObject;
  const from = fromState ? ({ fromState } as never) : undefined;
  const adjacency = model.getAdjacencyMap() as Record<string, { state: unknown; transitions: Record<string, { event: E; state: unknown }> }>;
  const byState = new Map<string, { event: E; state: unknown }[]>();
  for (const value of Object.values(adjacency)) byState.set(serialize(value.state), Object.values(value.transitions));
  const initial = fromState ?? Object.values(adjacency)[0]?.state;
  const tour: ReturnType<M['getShortestPaths']> = [] as never;
  if (initial === undefined) return tour;
  const seen = new Set([serialize(initial)]);
  const queue: [string, E[]][] = [[serialize(initial), []]];
  while (queue.length) {
    const [key, prefix] = queue.shift()!;
    const edges = byState.get(key) ?? [];
    for (const edge of edges) {
      const events = [...prefix, edge.event];
      tour.push(...(model.getPathsFromEvents(events, from).slice(0, 1) as never[]));
      const target = serialize(edge.state);
      if (!seen.has(target)) {
        seen.add(target);
        queue.push([target, events]);
      }
    }
  }
  return tour;
}

export type WalkEdge<S, E> = { event: E; next: S };

/** Every edge reachable from `start`, as `<state key> <event key>` (breadth first): what covering walks must walk. */
export function reachableEdges<S, E>(
  start: S,
  edgesOf: (s: S) => WalkEdge<S, E>[],
  key: (s: S) => string,
  eventKey: (e: E) => string = (e) => JSON.stringify(e),
) {
  const all = new Set<string>();
  const seen = new Set([key(start)]);
  for (const queue = [start]; queue.length;) {
    const s = queue.shift()!;
    for (const edge of edgesOf(s)) {
      all.add(`${key(s)} ${eventKey(edge.event)}`);
      if (seen.has(key(edge.next))) continue;
      seen.add(key(edge.next));
      queue.push(edge.next);
    }
  }
  return all;
}

/**
 * Walks that cover every edge reachable from `start` (an edge: a state and an event it accepts), each walk
 * replayed as one test: from where it stands, a walk goes to the nearest edge not walked yet (breadth first,
 * through edges walked or not), walks it, and goes on from where that led. It ends where no unwalked edge can
 * be reached any more, or once it has `maxSteps` steps; the next walk starts again from `start`. The same
 * edges as a transition tour, in a few long walks instead of one short path per edge: each set-up (a
 * sign-in, an upload, a new page) is paid per walk, not per edge.
 */
export function coveringWalks<S, E>(
  start: S,
  edgesOf: (s: S) => WalkEdge<S, E>[],
  key: (s: S) => string,
  o: { eventKey?: (e: E) => string; maxSteps?: number } = {},
): E[][] {
  const eventKey = o.eventKey ?? ((e: E) => JSON.stringify(e));
  const maxSteps = o.maxSteps ?? 16;
  const id = (s: S, e: E) => `${key(s)} ${eventKey(e)}`;
  const all = reachableEdges(start, edgesOf, key, eventKey);
  const walked = new Set<string>();
  /** The shortest route from `from` whose last edge is one not walked yet (null: none is reachable). */
  const nearest = (from: S): { s: S; edge: WalkEdge<S, E> }[] | null => {
    const routes = new Map<string, { s: S; edge: WalkEdge<S, E> }[]>([[key(from), []]]);
    for (const queue = [from]; queue.length;) {
      const s = queue.shift()!;
      const route = routes.get(key(s))!;
      for (const edge of edgesOf(s)) {
        if (!walked.has(id(s, edge.event))) return [...route, { s, edge }];
        if (!routes.has(key(edge.next))) {
          routes.set(key(edge.next), [...route, { s, edge }]);
          queue.push(edge.next);
        }
      }
    }
    return null;
  };
  const walks: E[][] = [];
  while (walked.size < all.size) {
    const walk: E[] = [];
    let at = start;
    for (let route = nearest(at); route && (walk.length === 0 || walk.length + route.length <= maxSteps); route = nearest(at)) {
      for (const { s, edge } of route) {
        walked.add(id(s, edge.event));
        walk.push(edge.event);
        at = edge.next;
      }
    }
    if (!walk.length) break;
    walks.push(walk);
  }
  return walks;
}

/** The edges of a TestModel's graph (its adjacency map), as `coveringWalks` reads them. */
export function modelEdges<M extends TestModel<any, any, any>>(model: M, serialize: (s: any) => string, fromState?: unknown) {
  type E = EventObject;
  const adjacency = model.getAdjacencyMap() as Record<string, { state: unknown; transitions: Record<string, { event: E; state: unknown }> }>;
  const byState = new Map<string, WalkEdge<unknown, E>[]>();
  for (const value of Object.values(adjacency))
    byState.set(
      serialize(value.state),
      Object.values(value.transitions).map((t) => ({ event: t.event, next: t.state })),
    );
  const start = fromState ?? Object.values(adjacency)[0]?.state;
  return { start, edgesOf: (s: unknown) => byState.get(serialize(s)) ?? [], key: serialize };
}

/** Covering walks over a TestModel (`coveringWalks`), as lists of events. */
export function coveringTour<M extends TestModel<any, any, any>>(
  model: M,
  serialize: (s: any) => string,
  o: { fromState?: unknown; maxSteps?: number } = {},
): EventObject[][] {
  const { start, edgesOf, key } = modelEdges(model, serialize, o.fromState);
  if (start === undefined) return [];
  return coveringWalks(start, edgesOf, key, { maxSteps: o.maxSteps });
}
