import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/** What a webhook address may be: public https:// only, unless private networks are allowed (development, tests). */
export type AddressPolicy = { allowPrivateNetworks: boolean };

export const ADDRESS_TEXT = {
  https: 'Invalid url, it must start with "https://".',
  notPublic: (host: string, address: string) => `The webhook url must be on a public address: ${host} is ${address}, which is not.`,
  unresolved: (host: string) => `The webhook url's host ${host} could not be found.`,
  port: (port: string | number) => `The webhook url's port ${port} is not allowed: use 443, or a port from 1024 to 65535.`,
};

/**
 * The ports a webhook is delivered to: https's own and the unprivileged ones. Never 0, nor a well-known service's
 * port below 1024 (22 ssh, 25 smtp, 80 …): a POST there is a request forged against that service.
 */
export const isAllowedPort = (port: number) => Number.isInteger(port) && (port === 443 || (port >= 1024 && port <= 65535));

/**
 * Global unicast IPv6 (RFC 4291 §2.4, IANA's IPv6 address space): everything outside 2000::/3 is reserved or
 * special — ::/8 (unspecified, loopback, the deprecated IPv4-compatible ::/96, IPv4-mapped ::ffff:0:0/96, IPv4-
 * translated ::ffff:0:0:0/96), 64:ff9b::/96 and 64:ff9b:1::/48 (NAT64), 100::/64 (discard), 5f00::/16, fc00::/7,
 * fe80::/10, fec0::/10, ff00::/8 — and ipaddr.js names the special ranges inside it (2001::/23 with Teredo,
 * 2001:db8::/32, 2002::/16 6to4, 3fff::/20 …), which are not `unicast`.
 */
const GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR('2000::/3');

/**
 * An IP address in its parts, or null. IPv6 is read in the form the URL parser writes it first: ipaddr.js reads
 * the IPv4-compatible `::127.0.0.1` (that is ::7f00:1, in ::/96) as if it were the IPv4-mapped ::ffff:127.0.0.1,
 * and `getaddrinfo` writes ::/96 addresses in that dotted form. A zone id (`fe80::1%eth0`) is no address here.
 */
function parseIp(address: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const family = isIP(address);
  if (family === 4) return ipaddr.IPv4.isValidFourPartDecimal(address) ? ipaddr.IPv4.parse(address) : null;
  if (family !== 6 || !URL.canParse(`http://[${address}]/`)) return null;
  const canonical = new URL(`http://[${address}]/`).hostname.slice(1, -1);
  return ipaddr.IPv6.isValid(canonical) ? ipaddr.IPv6.parse(canonical) : null;
}

/**
 * Whether an IP address is a public unicast one: loopback, private, link-local (169.254.169.254 included),
 * carrier-grade NAT, multicast, reserved, documentation and benchmarking ranges and unspecified are not, nor
 * any IPv6 address outside global unicast (2000::/3) or in a special range of it. Every IPv6 form that embeds or
 * reaches an IPv4 address — IPv4-compatible ::/96, IPv4-mapped ::ffff:0:0/96, NAT64's 64:ff9b::/96 and
 * 64:ff9b:1::/48, 6to4 2002::/16, Teredo 2001::/32 — is refused whatever it embeds: a webhook endpoint is named by
 * its IPv4 address or a name, never by one of these.
 */
export function isPublicAddress(address: string): boolean {
  const parsed = parseIp(address);
  if (!parsed) return false;
  if (parsed.kind() === 'ipv4') return parsed.range() === 'unicast';
  const v6 = parsed as ipaddr.IPv6;
  return v6.match(GLOBAL_UNICAST) && v6.range() === 'unicast';
}

/** 0.0.0.0 and ::, refused even where private networks are allowed (they name no endpoint: a connection there is to this host). */
export function isUnspecifiedAddress(address: string): boolean {
  const parsed = parseIp(address);
  if (!parsed) return false;
  const plain = parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress() ? (parsed as ipaddr.IPv6).toIPv4Address() : parsed;
  return plain.range() === 'unspecified';
}

type Resolve = (host: string) => Promise<string[]>;
const resolveAll: Resolve = async (host) => (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

/**
 * The problem with a webhook url (SPEC §5 url rules plus the address rules), or null: https:// (http:// too
 * when private networks are allowed), the default port or an allowed one (isAllowedPort), and a host that is —
 * or resolves only to — public addresses (isPublicAddress). A name that does not resolve now is refused too:
 * its first delivery could not go anywhere. Deliveries check the port and the address again when they connect
 * (after DNS: ./guarded-agent.ts), since a name may resolve elsewhere later. Where private networks are allowed,
 * any host and port is.
 */
export async function urlProblem(url: string, policy: AddressPolicy, resolve: Resolve = resolveAll): Promise<string | null> {
  if (!URL.canParse(url)) return ADDRESS_TEXT.https;
  const u = new URL(url);
  if (u.protocol !== 'https:' && !(policy.allowPrivateNetworks && u.protocol === 'http:')) return ADDRESS_TEXT.https;
  if (u.username || u.password) return ADDRESS_TEXT.https;
  if (policy.allowPrivateNetworks) return null;
  // The URL parser leaves the port out when it is the scheme's default (https://h:443/ has none).
  if (u.port !== '' && !isAllowedPort(Number(u.port))) return ADDRESS_TEXT.port(u.port);
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
