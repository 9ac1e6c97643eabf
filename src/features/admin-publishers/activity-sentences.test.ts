import { describe, expect, it } from 'vitest';
import { activitySentence } from './activity-sentences';

describe('the publisher’s activity in sentences', () => {
  it('says each action staff and publishers take in words', () => {
    expect(activitySentence('edit', { changed: { canCreatePaidApps: true, canUseWebhooks: false } })).toBe('Turned paid apps on, turned webhooks off.');
    expect(activitySentence('edit', { changed: { name: 'Fjord Labs AS' } })).toBe('Renamed it “Fjord Labs AS”.');
    expect(activitySentence('edit', { changed: {} })).toBe('Saved the publisher without changes.');
    expect(activitySentence('developer-role', { developerId: 'd1', role: 'owner' })).toBe('Made a developer owner.');
    expect(activitySentence('developer-system-role', { developerId: 'd1', systemRole: 'reviewer' })).toBe('Gave a developer the system role reviewer.');
    expect(activitySentence('developer-system-role', { developerId: 'd1', systemRole: '' })).toBe('Took a developer’s system role away.');
    expect(activitySentence('email', { subject: 'Your listing', to: ['lars@fjordlabs.example'] })).toBe('Mailed lars@fjordlabs.example: “Your listing”.');
    expect(activitySentence('payout', { payoutId: 'p1', amount: 125.5 })).toBe('Requested a payout of $125.50.');
    expect(activitySentence('api_token_created', { name: 'CI' })).toBe('Created the API token “CI”.');
    expect(activitySentence('paid-apps-request', { message: 'Templates.', mailedTo: 'support@x' })).toBe('Asked for paid apps: “Templates.”');
    expect(activitySentence('paid-apps-request', { message: '', mailedTo: '' })).toBe('Asked for paid apps.');
    expect(activitySentence('something-new', { version: '1.0.0' })).toBe('something-new: v1.0.0');
  });
});
