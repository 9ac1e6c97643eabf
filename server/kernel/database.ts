import { CLOCK_OVERRIDE_SETTING, type Clock } from 'pg-boss';
import { openDatabase, type Database } from '../db/client';
import { DEFAULT_JOB_SETTINGS, type JobSettings } from './job-kinds';
import { Jobs, type JobLog } from './jobs';

/** The job queue's settings, its clock (tests), and where it logs. */
export type JobOptions = { settings?: JobSettings; clock?: Clock; log?: JobLog };

const consoleLog: JobLog = {
  info: () => {},
  warn: (obj, msg) => console.warn(msg, obj),
  error: (obj, msg) => console.error(msg, obj),
};

/**
 * The portal's database (server/db/client.ts) with its job queue: pg-boss on the same database, started once
 * the schema is migrated and before `prepare` (docs/adr/0002-pg-boss-for-background-work.md).
 */
export function openDatabaseWithJobs(
  opts: Omit<Parameters<typeof openDatabase>[0], 'start' | 'sessionSettings'> & { jobs?: JobOptions },
): Promise<Database<Jobs>> {
  const { jobs: o = {}, ...rest } = opts;
  // Tests that drive the job queue's clock (pg-boss's TestClock): the portal's own sessions read it too, so
  // that a job queued in a transaction is due by the same clock the queue fetches by (as on PGlite, one session).
  const testClock = o.clock && 'attach' in o.clock;
  return openDatabase({
    ...rest,
    sessionSettings: testClock ? [`${CLOCK_OVERRIDE_SETTING}=on`] : [],
    start: (db, backend) => Jobs.start({ db, backend, settings: o.settings ?? DEFAULT_JOB_SETTINGS, clock: o.clock, log: o.log ?? consoleLog }),
  });
}
