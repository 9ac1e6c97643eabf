import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS_TEXT, isAllowedPort, isPublicAddress, urlProblem } from './addresses';
import { post } from './post';

const strict = { allowPrivateNetworks: false };
const open = { allowPrivateNetworks: true };

describe('isPublicAddress', () => {
  it.each([
    // IPv4 that is not public.
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '255.255.255.255',
    '224.0.0.1',
    '192.0.0.8',
    '192.0.2.1',
    '198.18.0.1',
    '198.51.100.1',
    '203.0.113.1',
    '240.0.0.1',
    // IPv6 special forms.
    '::',
    '::1',
    'fe80::1',
    'fc00::1',
    'fd12:3456::1',
    'fec0::1',
    'ff02::1',
    '100::1',
    // IPv4-compatible (::/96, deprecated), in both spellings: ipaddr.js reads the dotted one as IPv4-mapped.
    '::127.0.0.1',
    '::7f00:1',
    '::8.8.8.8',
    '::a00:1',
    // IPv4-mapped and NAT64 (well-known prefix) to a private IPv4 address.
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '64:ff9b::a00:1',
    '64:ff9b::7f00:1',
    '64:ff9b::10.0.0.1',
    // IPv4-translated, NAT64 local-use, 6to4 (whatever it embeds), Teredo, documentation, benchmarking, ORCHID, AMT, 3fff::/20, SRv6.
    '::ffff:0:7f00:1',
    '64:ff9b:1::a00:1',
    '64:ff9b:1::808:808',
    // …and with a public IPv4 address inside: no endpoint is named so.
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:7f00:1::',
    '2002:a00:1::1',
    '2002:808:808::1',
    '2001::1',
    '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    '2001:db8::1',
    '2001:2::1',
    '2001:10::1',
    '2001:20::1',
    '2001:3::1',
    '3fff::1',
    '5f00::1',
    // Not an address at all, or not one in the form a socket connects to.
    'localhost',
    '2130706433',
    '0x7f.1',
    '127.1',
    'fe80::1%eth0',
    '',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['93.184.215.14', '8.8.8.8', '2606:4700:4700::1111', '2a00:1450:4001:80b::200e'])('accepts %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('isAllowedPort', () => {
  it('allows 443 and 1024–65535 only', () => {
    expect([443, 1024, 8080, 8443, 65535].map(isAllowedPort)).toEqual([true, true, true, true, true]);
    expect([0, 1, 22, 25, 80, 1023, 65536, -1, 1.5, Number.NaN].map(isAllowedPort)).toEqual(Array(10).fill(false));
  });
});

describe('urlProblem', () => {
  const resolvesTo =
    (...addresses: string[]) =>
    async () =>
      addresses;
  it('refuses IPv6 literals that reach a private or special address', async () => {
    for (const host of ['::127.0.0.1', '::ffff:127.0.0.1', '64:ff9b::a00:1', '2002:7f00:1::', '2001::1']) {
      expect(await urlProblem(`https://[${host}]/hooks`, strict)).toMatch(/^The webhook url must be on a public address/);
    }
  });

  it('refuses an explicit port other than 443 and 1024–65535, and says which', async () => {
    const pub = resolvesTo('93.184.215.14');
    expect(await urlProblem('https://hooks.example.com:0/x', strict, pub)).toBe(ADDRESS_TEXT.port('0'));
    expect(await urlProblem('https://hooks.example.com:22/x', strict, pub)).toBe(ADDRESS_TEXT.port('22'));
    expect(await urlProblem('https://hooks.example.com:80/x', strict, pub)).toBe(ADDRESS_TEXT.port('80'));
    expect(await urlProblem('https://hooks.example.com:443/x', strict, pub)).toBeNull();
    expect(await urlProblem('https://hooks.example.com/x', strict, pub)).toBeNull();
    expect(await urlProblem('https://hooks.example.com:8080/x', strict, pub)).toBeNull();
    expect(await urlProblem('https://hooks.example.com:65535/x', strict, pub)).toBeNull();
  });

  it('refuses a name that resolves to any special address, IPv4-compatible included', async () => {
    expect(await urlProblem('https://hooks.example.com/x', strict, resolvesTo('93.184.215.14', '::127.0.0.1'))).toBe(
      ADDRESS_TEXT.notPublic('hooks.example.com', '::127.0.0.1'),
    );
    expect(await urlProblem('https://hooks.example.com/x', strict, resolvesTo('64:ff9b::a00:1'))).toBe(
      ADDRESS_TEXT.notPublic('hooks.example.com', '64:ff9b::a00:1'),
    );
  });

  it('lets development and tests use any host and port', async () => {
    expect(await urlProblem('http://127.0.0.1:22/x', open)).toBeNull();
    expect(await urlProblem('https://[::127.0.0.1]:80/x', open)).toBeNull();
  });
});

describe('post, when it connects', () => {
  let server: ReturnType<typeof createServer>;
  let port: number;
  let received = 0;
  beforeAll(async () => {
    server = createServer((req, res) => {
      received++;
      req.resume();
      req.on('end', () => res.writeHead(200).end('ok'));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('refuses private addresses, by name and literal, before connecting', async () => {
    for (const url of [`https://127.0.0.1:${port}/`, `https://localhost:${port}/`, `https://[::127.0.0.1]:${port}/`, `https://[::ffff:127.0.0.1]:${port}/`]) {
      const outcome = await post(url, {}, '{}', strict, 2000);
      expect(outcome, url).toMatchObject({ kind: 'refused', message: expect.stringMatching(/^The webhook url must be on a public address/) });
    }
    expect(received).toBe(0);
  });

  it('refuses a port other than 443 and 1024–65535 before connecting, even on a public address', async () => {
    for (const p of [0, 22, 80]) {
      expect(await post(`https://93.184.215.14:${p}/`, {}, '{}', strict, 2000)).toEqual({ kind: 'refused', message: ADDRESS_TEXT.port(p) });
    }
  });

  it('connects to private addresses where they are allowed', async () => {
    expect(await post(`http://127.0.0.1:${port}/`, {}, '{}', open, 2000)).toMatchObject({ kind: 'answered', statusCode: 200 });
    expect(await post(`http://localhost:${port}/`, {}, '{}', open, 2000)).toMatchObject({ kind: 'answered', statusCode: 200 });
    expect(await post(`http://0.0.0.0:${port}/`, {}, '{}', open, 2000)).toMatchObject({ kind: 'refused' });
  });
});
