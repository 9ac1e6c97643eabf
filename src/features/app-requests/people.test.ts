import { describe, expect, it } from 'vitest';
import { toBase64Json } from '../../../contract/base64-json';
import { adminCountOf, displayName, requesterOf } from './people';
import { incompatibleSearch as incompatible, requestAccessSearch as requestAccess } from './search';

const requestAccessSearch = (s: Record<string, unknown>) => requestAccess(s as Parameters<typeof requestAccess>[0]);
const incompatibleSearch = (s: Record<string, unknown>) => incompatible(s as Parameters<typeof incompatible>[0]);

describe('the requestAccess page’s address', () => {
  it('shows the requester as Rocket.Chat named them, and counts the admins it named', () => {
    const requester = requesterOf(toBase64Json({ id: 'u1', username: 'dana', name: 'Dana Ørsted', emails: ['d@x.example'] }));
    expect(requester).toEqual({ id: 'u1', username: 'dana', name: 'Dana Ørsted' });
    expect(displayName(requester!)).toBe('Dana Ørsted @dana');
    expect(displayName({ id: 'u2', username: '', name: '' })).toBe('u2');
    expect(adminCountOf(toBase64Json([{ id: 'a' }, { id: 'b', username: 'root' }, { name: 'no id' }]))).toBe(2);
  });

  it('has no requester when the address does not carry one Rocket.Chat wrote', () => {
    for (const raw of [undefined, '', 'not base64!', toBase64Json({ username: 'no id' }), toBase64Json(['x'])]) expect(requesterOf(raw)).toBeNull();
    expect(adminCountOf(toBase64Json({ id: 'not a list' }))).toBeNull();
  });

  it('keeps the search values as strings (a version the router read as a number too)', () => {
    expect(requestAccessSearch({ frameworkVersion: '1.47.0', requester: 'abc', admins: 'def', other: 1 })).toEqual({
      frameworkVersion: '1.47.0',
      requester: 'abc',
      admins: 'def',
    });
    expect(incompatibleSearch({ rocketChatVersion: 6.1 })).toEqual({ rocketChatVersion: '6.1' });
    expect(requestAccessSearch({ requester: 'x'.repeat(20_000) }).requester).toBeUndefined();
  });
});
