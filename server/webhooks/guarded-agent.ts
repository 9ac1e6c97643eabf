import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import { ADDRESS_TEXT, isAllowedPort, isPublicAddress, isUnspecifiedAddress, type AddressPolicy } from './addresses';

/** A delivery refused before it connected: the port or an address of the host is not one webhooks are sent to. */
export class AddressRefused extends Error {
  readonly code = 'ERR_WEBHOOK_ADDRESS_REFUSED';
}

/** Why `address` (a literal host, or what a name resolved to) may not be connected to, or null. */
function addressRefusal(host: string, address: string, policy: AddressPolicy): AddressRefused | null {
  const allowed = policy.allowPrivateNetworks ? !isUnspecifiedAddress(address) : isPublicAddress(address);
  return allowed ? null : new AddressRefused(ADDRESS_TEXT.notPublic(host, address));
}

/**
 * The lookup a guarded connection resolves its host with: every address the name resolves to must be allowed
 * (the rule the save applied, urlProblem), else the connection fails with AddressRefused before it is made.
 * The check is on the addresses the socket then connects to — a name that resolved to a public address when
 * the webhook was saved and resolves to a private one now (DNS rebinding) is refused here.
 */
function guardedLookup(policy: AddressPolicy, lookup: net.LookupFunction = dns.lookup as net.LookupFunction): net.LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, options, (err, address, family) => {
      if (err) return callback(err, address, family);
      const found = Array.isArray(address) ? address.map((a) => a.address) : [address];
      for (const one of found) {
        const refused = addressRefusal(hostname, one, policy);
        if (refused) return callback(refused, address, family);
      }
      callback(null, address, family);
    });
  };
}

/** Why a connection with these options may not be made (its port, or its host when that is a literal address), or null. */
function connectionRefusal(options: http.ClientRequestArgs, defaultPort: number, policy: AddressPolicy): AddressRefused | null {
  if (!policy.allowPrivateNetworks) {
    const port = Number(options.port ?? defaultPort);
    if (!isAllowedPort(port)) return new AddressRefused(ADDRESS_TEXT.port(port));
  }
  // A literal address is connected to without a lookup: checked here.
  const host = String(options.host ?? options.hostname ?? '').replace(/^\[|\]$/g, '');
  return net.isIP(host) ? addressRefusal(host, host, policy) : null;
}

type Create = (options: http.ClientRequestArgs, callback?: (err: Error | null, stream: Duplex) => void) => Duplex | null | undefined;

/** The agent's own connection, once it passes the checks; else the refusal, given to the request as its error. */
function guardedConnection(create: Create, defaultPort: number, policy: AddressPolicy): Create {
  return (options, callback) => {
    const refused = connectionRefusal(options, defaultPort, policy);
    if (refused) {
      if (callback) {
        callback(refused, new net.Socket());
        return null;
      }
      const socket = new net.Socket();
      process.nextTick(() => socket.destroy(refused));
      return socket;
    }
    return create({ ...options, lookup: guardedLookup(policy, options.lookup as net.LookupFunction | undefined) }, callback);
  };
}

/**
 * http(s) agents that connect only where a webhook may be delivered (./addresses.ts, the rules the save
 * applies): the URL's port (443 or 1024–65535) and every address its host is or resolves to, checked when the
 * connection is made — after DNS, so what is connected to is what was checked. Where private networks are
 * allowed (development, tests), any port and address but the unspecified ones (0.0.0.0, ::) are.
 */
export class GuardedHttpAgent extends http.Agent {
  constructor(private readonly policy: AddressPolicy) {
    super({ keepAlive: false });
  }
  override createConnection(options: http.ClientRequestArgs, callback?: (err: Error | null, stream: Duplex) => void) {
    return guardedConnection((o, cb) => super.createConnection(o, cb), 80, this.policy)(options, callback);
  }
}

export class GuardedHttpsAgent extends https.Agent {
  constructor(private readonly policy: AddressPolicy) {
    super({ keepAlive: false });
  }
  override createConnection(options: http.ClientRequestArgs, callback?: (err: Error | null, stream: Duplex) => void) {
    return guardedConnection((o, cb) => super.createConnection(o, cb), 443, this.policy)(options, callback);
  }
}
