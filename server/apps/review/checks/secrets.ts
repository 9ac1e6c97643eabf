import { lintSource } from '@secretlint/core';
import { creator as recommended } from '@secretlint/secretlint-rule-preset-recommend';
import type { SecretLintCoreConfig, SecretLintCoreResultMessage } from '@secretlint/types';
import { isBinary } from '../file-diff';
import { finding, lineAt, type CheckContext } from './context';
import type { StoredFinding as Finding } from '../../../../contract/schemas/review';

/** Files larger than this are not scanned (a package's own text files are far smaller; these are data). */
export const MAX_SCANNED_BYTES = 1024 * 1024;

/**
 * secretlint's recommended rule set, as `secretlint --preset recommend` runs it (so, as there, an AWS access key
 * ID alone is not reported: its secret access key is).
 */
const config: SecretLintCoreConfig = { rules: [{ id: '@secretlint/secretlint-rule-preset-recommend', rule: recommended }] };

/** What a rule (by the name after `secretlint-rule-`) or one of its messages (by id) finds, in a few words. */
const labels: Record<string, string> = {
  privatekey: 'a private key',
  AWSAccessKeyID: 'an AWS access key ID',
  AWSSecretAccessKey: 'an AWS secret access key',
  AWSAccountID: 'an AWS account ID',
  github: 'a GitHub token',
  gitlab: 'a GitLab token',
  slack: 'a Slack token',
  SLACK_INCOMING_WEBHOOK: 'a Slack incoming webhook address',
  npm: 'an npm token',
  gcp: 'a Google Cloud service account key',
  basicauth: 'a password in an address',
  'database-connection-string': 'a database connection string with its password',
  openai: 'an OpenAI API key',
  anthropic: 'an Anthropic API key',
  sendgrid: 'a SendGrid API key',
  stripe: 'a Stripe key',
  shopify: 'a Shopify token',
};

function labelOf(m: SecretLintCoreResultMessage): string {
  const rule = m.ruleId.replace(/^.*secretlint-rule-/, '');
  return labels[m.messageId] ?? labels[rule] ?? `a secret (secretlint’s ${rule} rule)`;
}

/** A PEM private key block (RSA, EC, DSA, OpenSSH, PKCS#8, encrypted, PGP): its type's words, its body. */
const PEM_PRIVATE_KEY = /-----BEGIN ([A-Z0-9 ]*?)PRIVATE KEY( BLOCK)?-----([\s\S]*?)-----END \1PRIVATE KEY\2-----/g;

/**
 * The offsets of the private key blocks in a text whose body is key material, not a placeholder: base64 (its
 * header lines aside) of at least 64 characters, not a few characters repeated. secretlint's rule also wants a body
 * of 100 characters that starts as an RSA or OpenSSH key does, so it misses an EC P-256 key (`MHcC…`).
 */
export function privateKeyBlocks(content: string): number[] {
  const out: number[] = [];
  for (const m of content.matchAll(PEM_PRIVATE_KEY)) {
    const body = m[3]!
      .split(/\r?\n|\\n/)
      .filter((l) => !l.includes(':'))
      .join('')
      .replace(/\s/g, '');
    if (body.length >= 64 && /^[A-Za-z0-9+/=]+$/.test(body) && new Set(body).size >= 10) out.push(m.index);
  }
  return out;
}

/** A secret, masked: its first 4 characters only. */
export const mask = (secret: string) => `${secret.slice(0, 4)}…`;

/**
 * The secret a message is about: the value its data names, found where the message points (a rule's range may
 * start at the key's name: AWS's does), else what its range covers.
 */
function secretOf(m: SecretLintCoreResultMessage, content: string): string {
  const near = (v: string) => {
    const at = content.indexOf(v, m.range[0]);
    return at !== -1 && at <= m.range[1];
  };
  const named = Object.values(m.data ?? {}).find((v): v is string => typeof v === 'string' && v.length >= 8 && near(v));
  return named ?? content.slice(m.range[0], m.range[1]);
}

/**
 * Secrets in the package, found by secretlint's recommended rules (and any PEM private key block) in every text
 * file, bundled modules included; binary files and files over 1 MB are skipped. One finding per secret, with its
 * file and line, the secret masked (a private key is only named).
 */
export async function secrets(ctx: CheckContext): Promise<Finding[]> {
  const out: Finding[] = [];
  const inFile: Finding[] = [];
  const found = (path: string, line: number, what: string) =>
    inFile.push(
      finding(
        'secrets',
        `${path}, line ${line}, holds what looks like ${what}. Anyone who downloads the app can read it: remove it from the package and revoke it, then let the app take it from a setting instead.`,
        path,
        line,
      ),
    );
  for (const [path, bytes] of ctx.files) {
    if (bytes.length > MAX_SCANNED_BYTES || bytes.length === 0 || isBinary(bytes)) continue;
    const content = bytes.toString('utf8');
    const result = await lintSource({
      source: { content, filePath: `/app/${path}`, contentType: 'text' },
      // The secret stays in this process: only its first characters reach a reason.
      options: { config, maskSecrets: false, noPhysicFilePath: true },
    });
    const keyLines = new Set<number>();
    for (const m of result.messages) {
      const isKey = m.ruleId.endsWith('secretlint-rule-privatekey');
      if (isKey) keyLines.add(m.loc.start.line);
      found(path, m.loc.start.line, isKey ? labelOf(m) : `${labelOf(m)} (${mask(secretOf(m, content))})`);
    }
    // The private keys secretlint's rule leaves out (it is stricter about what a key's body looks like).
    for (const offset of privateKeyBlocks(content)) {
      const line = lineAt(content, offset);
      if (!keyLines.has(line)) found(path, line, 'a private key');
    }
    out.push(...inFile.sort((a, b) => a.line! - b.line!));
    inFile.length = 0;
  }
  return out;
}
