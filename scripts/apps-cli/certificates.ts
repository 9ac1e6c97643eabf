// A certificate authority made for one run (of the CLI test, or of `npm run rc-apps`) and a server certificate
// it signs for the names Rocket.Chat's Apps CLI calls, with the `openssl` command line (OpenSSL 1.1 or 3). Only the CA's certificate leaves here to
// be trusted (NODE_EXTRA_CA_CERTS); its key is thrown away with the folder it was made in.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export type TestCertificates = { caCert: string; cert: string; key: string };

export async function makeCertificates(hosts: string[]): Promise<TestCertificates> {
  const dir = mkdtempSync(join(tmpdir(), 'cli-ca-'));
  const at = (name: string) => join(dir, name);
  const openssl = (...args: string[]) => run('openssl', args, { cwd: dir });
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  try {
    writeFileSync(at('ca.cnf'), 'basicConstraints=critical,CA:TRUE\nkeyUsage=critical,keyCertSign,cRLSign\nsubjectKeyIdentifier=hash\n');
    writeFileSync(
      at('server.cnf'),
      `basicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=serverAuth\nsubjectAltName=${hosts.map((h) => `DNS:${h}`).join(',')}\nauthorityKeyIdentifier=keyid\n`,
    );
    await openssl('req', ...ec, '-keyout', 'ca.key', '-out', 'ca.csr', '-subj', '/CN=Marketplace portal test CA');
    await openssl('x509', '-req', '-in', 'ca.csr', '-signkey', 'ca.key', '-days', '2', '-extfile', 'ca.cnf', '-out', 'ca.crt');
    await openssl('req', ...ec, '-keyout', 'server.key', '-out', 'server.csr', '-subj', `/CN=${hosts[0]}`);
    await openssl(
      'x509',
      '-req',
      '-in',
      'server.csr',
      '-CA',
      'ca.crt',
      '-CAkey',
      'ca.key',
      '-set_serial',
      `0x${Date.now().toString(16)}`,
      '-days',
      '2',
      '-extfile',
      'server.cnf',
      '-out',
      'server.crt',
    );
    return { caCert: readFileSync(at('ca.crt'), 'utf8'), cert: readFileSync(at('server.crt'), 'utf8'), key: readFileSync(at('server.key'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
