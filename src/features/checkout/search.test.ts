import { describe, expect, it } from 'vitest';
import { checkoutSearch } from './search';

/** As the router hands it over: each value parsed as JSON where it can be. */
const parse = (s: Record<string, unknown>) => checkoutSearch(s as Parameters<typeof checkoutSearch>[0]);

describe('the checkout pages’ search', () => {
  it('keeps what Rocket.Chat sends and the buyer’s choice, as the router parsed it', () => {
    expect(parse({ workspaceId: 'ws1', token: 'tok', seats: 35, plan: 'p:monthly', step: 'review', session: 'cs1', canceled: 1, manage: 'seats' })).toEqual({
      workspaceId: 'ws1',
      token: 'tok',
      seats: 35,
      plan: 'p:monthly',
      step: 'review',
      session: 'cs1',
      canceled: true,
      manage: 'seats',
    });
  });

  it('leaves out what is missing or malformed', () => {
    expect(parse({})).toEqual({ workspaceId: '', token: '' });
    expect(parse({ workspaceId: 'ws1', token: 'tok', seats: 0, step: 'pay', canceled: 0, manage: 'x', session: '' })).toEqual({
      workspaceId: 'ws1',
      token: 'tok',
    });
    expect(parse({ workspaceId: 'ws1', token: 'tok', seats: 1_000_001 }).seats).toBeUndefined();
    expect(parse({ workspaceId: 'ws1', token: 'tok', seats: '42' }).seats).toBe(42);
    expect(parse({ workspaceId: 'ws1', token: 'tok', seats: 2.5 }).seats).toBeUndefined();
  });

  it('reads ids of digits only as the address wrote them (the router parses them as numbers)', () => {
    const id = '123456789012345678901234';
    window.history.replaceState(null, '', `/apps/x/buy?workspaceId=${id}&token=tok&plan=7`);
    expect(parse({ workspaceId: JSON.parse(id) as number, token: 'tok', plan: 7 })).toEqual({ workspaceId: id, token: 'tok', plan: '7' });
    // A number the address does not hold is not an id.
    expect(parse({ workspaceId: 5, token: 'tok' }).workspaceId).toBe('');
  });
});
