import { blankReport, type RuntimeReport } from '../../../contract/schemas/runtime';

/** A started report to vary in tests (unit tests of the checks and the comparison). */
export const startedReport = (over: Partial<RuntimeReport> = {}): RuntimeReport => ({
  ...blankReport({ version: '1.53.1', runtime: 'deno' }, 'started'),
  initialized: true,
  enabled: true,
  startMs: 180,
  initializeMs: 3,
  enableMs: 1,
  ...over,
});
