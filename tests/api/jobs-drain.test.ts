// 300 webhook deliveries drained by two portal processes on one PostgreSQL database, one of them killed
// (SIGKILL) half-way: none lost, none made twice by live workers, each recorded once. A delivery the killed
// process had on the wire is made again by the survivor once its lease runs out (at least once, same
// webhook-id): at most as many as it ran at once. The 10 000-delivery version is `npm run bench:jobs`.
// Needs PostgreSQL: it runs in the API tests' PostgreSQL pass.
import { describe, expect, it } from 'vitest';
import { jobKinds, DEFAULT_JOB_SETTINGS, DELIVER_JOB } from '../../server/kernel/job-kinds';
import { drainAcrossProcesses } from '../jobs-drain';

const admin = process.env.TEST_DATABASE_URL;

describe.skipIf(!admin)('webhook deliveries across two processes, one killed half-way', () => {
  it('drains 300 deliveries: none lost, none doubled', async () => {
    const result = await drainAcrossProcesses({ admin: admin!, deliveries: 300 });
    expect(result).toMatchObject({ deliveries: 300, lost: 0, doubled: 0, recordedTwice: 0, unfinishedJobs: 0 });
    expect(result.receivedAtKill).toBeGreaterThanOrEqual(150);
    expect(result.resentAfterKill).toBeLessThanOrEqual(jobKinds(DEFAULT_JOB_SETTINGS)[DELIVER_JOB]!.concurrency);
  });
});
