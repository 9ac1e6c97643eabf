import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/** What a webhook address may be: public https:// only, unless private networks are allowed (development, tests). */
export type AddressPolicy = { allowPrivateNetworks: boolean };

export const ADDRESS_TEXT = {
  https: 'Invalid url, it must start with "https://".',
  notPublic: (host: string, address: string) => `The webhook url must be on a public address: ${host} is ${address}, which is not.`,
  unresolved: (host: string) => `The webhook url's host ${host} could not be found.`,
};

/**
 * Whether an IP address is a public unicast one: loopback, private, link-local (169.254.169.254 included),
 * multicast, reserved, unspecified and their IPv6 equivalents (IPv4-mapped ones too) are not.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() === 'unicast';
}

type Resolve = (host: string) => Promise<string[]>;
const resolveAll: Resolve = async (host) => (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

/**
 * The problem with a webhook url (SPEC §5 url rules plus the address rules), or null: https:// (http:// too
 * when private networks are allowed), and a host that is — or resolves only to — public addresses. A name
 * that does not resolve now is refused too: its first delivery could not go anywhere. Deliveries check the
 * address again when they connect (after DNS), since a name may resolve elsewhere later.
 */
export async function urlProblem(url: string, policy: AddressPolicy, resolve: Resolve = resolveAll): Promise<string | null> {
  if (!URL.canParse(url)) return ADDRESS_TEXT.https;
  const u = new URL(url);
  if (u.protocol !== 'https:' && !(policy.allowPrivateNetworks && u.protocol === 'http:')) return ADDRESS_TEXT.https;
  if (u.username || u.password) return ADDRESS_TEXT.https;
  if (policy.allowPrivateNetworks) return null;
  const host = u.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return isPublicAddress(host) ? null : ADDRESS_TEXT.notPublic(host, host);
  let addresses: string[];
  try {
    addresses = await resolve(host);
  } catch {
    return ADDRESS_TEXT.unresolved(host);
  }
  if (addresses.length === 0) return ADDRESS_TEXT.unresolved(host);
  const bad = addresses.find((a) => !isPublicAddress(a));
  return bad ? ADDRESS_TEXT.notPublic(host, bad) : null;
}
