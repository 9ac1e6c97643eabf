import { expect } from 'vitest';
import type { TestServer } from './harness';

/** A complete listing (docs/packages-and-review.md, The listing): what staff's Approve asks of a version. */
export const completeListing = {
  details: { categories: ['Productivity'], languages: ['en'] },
  info: {
    shortDescription: 'Reminders in your rooms',
    description: 'Posts reminders where your team talks.',
    privacyPolicySummary: 'Keeps the reminders only.',
    documentationUrl: 'https://northwind.example/docs',
  },
};

/** Writes a complete listing on a version, as the publisher does in the wizard before it is approved. */
export async function writeListing(s: TestServer, token: string, appId: string, versionId: string) {
  const at = `/v1/publisher/apps/${appId}/info/${versionId}`;
  for (const [step, body] of [
    ['details', completeListing.details],
    ['info', completeListing.info],
  ] as const) {
    const res = await s.request('POST', `${at}/${step}`, { token, body });
    expect(res.status, res.text).toBe(200);
  }
}
