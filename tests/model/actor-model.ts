import { coveringWalks, reachableEdges, type WalkEdge } from './coverage';

/**
 * A test model over a state of the test's own (e.g. a stored version's status) whose moves a machine
 * decides: `events` lists what may happen in a state, `next` asks the machine where it leads. The paths are
 * generated from it, so they follow the machine's transitions and nothing else.
 */
export type ModelStep<S, P> = { event: P & { type: string }; state: S };
export type ModelPath<S, P> = { description: string; steps: ModelStep<S, P>[] };

export type ActorModel<S, P> = { start: S; events: (state: S) => P[]; next: (state: S, event: P) => S; name: (event: P) => string };

const edgesOf =
  <S, P>(m: ActorModel<S, P>) =>
  (state: S): WalkEdge<S, P>[] =>
    m.events(state).map((event) => ({ event, next: m.next(state, event) }));

/**
 * Covering walks of the model (coverage.ts `coveringWalks`: every edge at least once, in few long walks), each
 * run against the real system from the model's start.
 */
export function generatedPaths<S, P extends object>(m: ActorModel<S, P>): ModelPath<S, P>[] {
  const walks = coveringWalks(m.start, edgesOf(m), (state) => JSON.stringify(state), { eventKey: m.name });
  return walks.map((events) => {
    // The state after each step, as the machine decides it.
    let state = m.start;
    const steps = events.map((event) => ({ event: { ...event, type: m.name(event) }, state: (state = m.next(state, event)) }));
    return { description: steps.map((st) => st.event.type).join(' → '), steps };
  });
}

/** How many edges of the model can be reached from its start (what the walks must cover). */
export const edgeCount = <S, P>(m: ActorModel<S, P>) => reachableEdges(m.start, edgesOf(m), (state) => JSON.stringify(state), m.name).size;
