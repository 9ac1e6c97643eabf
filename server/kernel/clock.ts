/**
 * The portal's clock for what reports date: a sale's, a renewal's, a refund's, an install report's time and the
 * day it rolls up into (docs/reports.md). It is the machine's clock, except where the demo's history is played
 * (server/dev/simulators/demo-history.ts, never in production): there the simulators move it day by day so that
 * the demo's figures have a past — every write still goes through the same public routes and the same code — and
 * set it back to real time after. The clock is the process's: while it is moved, everything the process dates by
 * it is dated so. Tokens, sessions, checkout sessions and rate limits keep the machine's clock.
 */
let offsetMs = 0;

export const now = () => new Date(Date.now() + offsetMs);

/** Development only: the clock runs `ms` ahead of (negative: behind) the machine's until set again (0: real time). */
export function setClockOffset(ms: number) {
  if (process.env.NODE_ENV === 'production' && ms !== 0) throw new Error('the clock cannot be moved in production');
  offsetMs = ms;
}
