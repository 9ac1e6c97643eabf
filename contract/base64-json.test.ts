import { describe, expect, it } from 'vitest';
import { fromBase64Json, toBase64Json } from './base64-json';
import { AdminsParam, CreateAppRequestInput, RequesterParam } from './schemas/app-requests';

/** As Rocket.Chat's server writes them (rest.ts `buildExternalAppRequest`). */
const rocketChat = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');

describe('the requestAccess page’s address values', () => {
  const person = { id: 'u1', username: 'zoë', name: 'Zoë 🚀 Ängel', nickname: '', emails: ['zoe@chat.example'] };

  it('reads what Rocket.Chat writes, and writes the same', () => {
    expect(fromBase64Json(rocketChat(person))).toEqual({ value: person });
    expect(toBase64Json(person)).toBe(rocketChat(person));
  });

  it('reads it however the address carried it: + as a space, URL-safe letters, without padding', () => {
    const raw = rocketChat({ id: '>>>???' });
    expect(raw).toMatch(/[+/]/);
    for (const variant of [raw.replace(/\+/g, ' '), raw.replace(/\+/g, '-').replace(/\//g, '_'), raw.replace(/=+$/, '')]) {
      expect(fromBase64Json(variant)).toEqual({ value: { id: '>>>???' } });
    }
  });

  it('is null for what is not base64 of UTF-8 JSON', () => {
    for (const bad of ['', '!!!', 'abcde', Buffer.from('{nope').toString('base64'), Buffer.from([0xc3, 0x28]).toString('base64')])
      expect(fromBase64Json(bad)).toBeNull();
  });

  it('takes people as Rocket.Chat names them: fields it had no value for are empty', () => {
    expect(RequesterParam.parse(rocketChat({ id: 'u2' }))).toEqual({ id: 'u2', username: '', name: '', nickname: '', emails: [] });
    expect(AdminsParam.parse(rocketChat([{ id: 'a', username: 'root', name: null, extra: 1 }]))).toEqual([
      { id: 'a', username: 'root', name: '', nickname: '', emails: [] },
    ]);
    for (const bad of [
      rocketChat({ name: 'no id' }),
      rocketChat({ id: '' }),
      rocketChat({ id: 'x', emails: 'one' }),
      rocketChat({ id: 'nul\u0000' }),
      'junk',
    ]) {
      expect(RequesterParam.safeParse(bad).success, bad).toBe(false);
    }
    expect(AdminsParam.safeParse(rocketChat({ id: 'not a list' })).success).toBe(false);
  });

  it('is the body of the page’s call: no message is an empty one, the admins optional', () => {
    const body = CreateAppRequestInput.parse({ workspaceId: 'w', appId: 'a', requester: rocketChat(person) });
    expect(body).toEqual({ workspaceId: 'w', appId: 'a', requester: person, message: '' });
  });
});
