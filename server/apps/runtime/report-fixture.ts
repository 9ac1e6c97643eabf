import { emptyAdds, type RuntimeReport } from '../../../contract/schemas/runtime';

/** A started report to vary in tests (unit tests of the checks and the comparison). */
export const startedReport = (over: Partial<RuntimeReport> = {}): RuntimeReport => ({
  engine: { version: '1.53.1', runtime: 'deno' },
  outcome: 'started',
  initialized: true,
  enabled: true,
  startMs: 180,
  initializeMs: 3,
  enableMs: 1,
  error: null,
  adds: emptyAdds(),
  http: [],
  permissions: [],
  declaredPermissions: [],
  olderEngine: null,
  ...over,
});
