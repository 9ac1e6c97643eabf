// Loaded into Rocket.Chat's Apps CLI (NODE_OPTIONS=--require) by scripts/apps-cli/rc-apps.ts and the CLI test:
// the CLI itself is unmodified, its machine is what this changes. The CLI hard-codes
// https://marketplace.rocket.chat and https://cloud.rocket.chat (port 443; @rocket.chat/apps-cli 1.9.0
// lib/commands/submit.js, lib/misc/cloudAuth.js); here both names resolve to 127.0.0.1 and their TLS connections
// go to a local TLS front on an unprivileged port (RC_APPS_FRONT_PORT), which passes them to the portal, so it
// runs as any user. Certificates are still checked: the front's is signed by a CA trusted through
// NODE_EXTRA_CA_CERTS. With RC_APPS_CALLBACK_PORT set (the test, which plays the browser), the CLI's sign-in
// callback listens there instead of its fixed port 3005, so two runs on one machine never collide.
'use strict';
/* eslint-disable @typescript-eslint/no-require-imports -- node --require loads CommonJS */
const dns = require('node:dns');
const net = require('node:net');
const tls = require('node:tls');

const HOSTS = new Set(['marketplace.rocket.chat', 'cloud.rocket.chat']);
const frontPort = Number(process.env.RC_APPS_FRONT_PORT);
const callbackPort = Number(process.env.RC_APPS_CALLBACK_PORT || 0);
if (!frontPort) throw new Error('scripts/apps-cli/preload.cjs needs RC_APPS_FRONT_PORT');

const lookup = dns.lookup;
dns.lookup = function (hostname, options, callback) {
  if (typeof options === 'function') [callback, options] = [options, {}];
  if (typeof options === 'number') options = { family: options };
  if (!HOSTS.has(String(hostname).toLowerCase())) return lookup.call(this, hostname, options, callback);
  // net asks with {all: true} (it tries every address in turn): that call wants a list.
  if (options && options.all) return process.nextTick(callback, null, [{ address: '127.0.0.1', family: 4 }]);
  return process.nextTick(callback, null, '127.0.0.1', 4);
};

// https.Agent (node-fetch, axios) opens its sockets with tls.connect(options) through the module's property.
const connect = tls.connect;
tls.connect = function (...args) {
  const options = args[0];
  if (options && typeof options === 'object') {
    const host = String(options.host || options.servername || '').toLowerCase();
    if (HOSTS.has(host) && Number(options.port || 443) === 443) args[0] = { ...options, port: frontPort, servername: options.servername || host };
  }
  return connect.apply(this, args);
};

if (callbackPort) {
  const listen = net.Server.prototype.listen;
  net.Server.prototype.listen = function (...args) {
    if (args[0] === 3005) args[0] = callbackPort;
    else if (args[0] && typeof args[0] === 'object' && Number(args[0].port) === 3005) args[0] = { ...args[0], port: callbackPort };
    return listen.apply(this, args);
  };
}
