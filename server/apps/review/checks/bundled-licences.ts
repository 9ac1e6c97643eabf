import { posix } from 'node:path';
import { finding, type CheckContext } from './context';
import type { StoredFinding as Finding } from '../../../../contract/schemas/review';

/** A licence file at a module's root: LICENSE, LICENCE, COPYING, with any suffix (LICENSE.md, LICENCE-MIT). */
const LICENCE_FILE = /^(licen[cs]e|copying)/i;

/** The folder of a bundled module from its package.json path (`node_modules/x`, `node_modules/@s/x`, nested too), else null. */
export function moduleDirOf(path: string): string | null {
  const at = path.lastIndexOf('node_modules/');
  if (at !== 0 && (at === -1 || path[at - 1] !== '/')) return null;
  const parts = path.slice(at + 'node_modules/'.length).split('/');
  const scoped = parts[0]?.startsWith('@');
  if (parts.length !== (scoped ? 3 : 2) || parts.at(-1) !== 'package.json' || parts.some((p) => p === '' || p === '.' || p === '..')) return null;
  return posix.dirname(path);
}

type Expr = { id: string } | { op: 'AND' | 'OR'; left: Expr; right: Expr };

/**
 * Parses an SPDX licence expression (`MIT`, `(MIT OR AGPL-3.0)`, `GPL-2.0 WITH Classpath-exception-2.0`): AND binds
 * tighter than OR; a `WITH` exception belongs to the licence before it. Null when it is not one.
 */
export function parseSpdx(text: string): Expr | null {
  const tokens = text.match(/\(|\)|[^\s()]+/g) ?? [];
  let i = 0;
  const peek = () => tokens[i]?.toUpperCase();
  const primary = (): Expr | null => {
    const t = tokens[i++];
    if (t === undefined || t === ')') return null;
    if (t === '(') {
      const e = or();
      return e && tokens[i++] === ')' ? e : null;
    }
    if (['AND', 'OR', 'WITH'].includes(t.toUpperCase())) return null;
    if (peek() === 'WITH') i += 2;
    return { id: t };
  };
  const and = (): Expr | null => {
    let left = primary();
    while (left && peek() === 'AND') {
      i++;
      const right = primary();
      left = right && { op: 'AND', left, right };
    }
    return left;
  };
  const or = (): Expr | null => {
    let left = and();
    while (left && peek() === 'OR') {
      i++;
      const right = and();
      left = right && { op: 'OR', left, right };
    }
    return left;
  };
  const e = or();
  return e && i === tokens.length ? e : null;
}

/**
 * The disallowed licences a module cannot avoid: for `A OR B` the module may be used under either, so it is
 * refused only when both are; for `A AND B` it must honour both, so either refuses it. Ids compare without case,
 * and `X+` (or later) as X. An expression that does not parse is refused when any id in it is disallowed.
 */
export function disallowedIn(expression: string, disallowed: string[]): string[] {
  const refused = new Set(disallowed.map((d) => d.toLowerCase()));
  const isRefused = (id: string) => refused.has(id.toLowerCase()) || refused.has(id.replace(/\+$/, '').toLowerCase());
  const walk = (e: Expr): string[] => {
    if ('id' in e) return isRefused(e.id) ? [e.id] : [];
    const [l, r] = [walk(e.left), walk(e.right)];
    if (e.op === 'AND') return [...l, ...r];
    return l.length && r.length ? [...l, ...r] : [];
  };
  const parsed = parseSpdx(expression);
  if (parsed) return [...new Set(walk(parsed))];
  return [...new Set((expression.match(/[^\s()]+/g) ?? []).filter(isRefused))];
}

/** A package.json's licence, as an SPDX expression: `license` (a string, or the legacy `{ type }`), else the legacy `licenses` list (any of them). */
export function licenceOf(pkg: Record<string, unknown>): string | null {
  const typeOf = (v: unknown) =>
    typeof v === 'string' ? v : v && typeof v === 'object' && typeof (v as { type?: unknown }).type === 'string' ? (v as { type: string }).type : '';
  const license = typeOf(pkg.license).trim();
  if (license) return license;
  if (Array.isArray(pkg.licenses)) {
    const ids = pkg.licenses
      .map(typeOf)
      .map((s) => s.trim())
      .filter(Boolean);
    if (ids.length) return ids.length === 1 ? ids[0]! : `(${ids.join(' OR ')})`;
  }
  return null;
}

/**
 * The modules a package bundles (each `node_modules/<name>/package.json`, scoped and nested ones too): one that states
 * no licence (no `license`, no legacy `licenses`, no LICENSE/LICENCE/COPYING file) and one under a licence staff
 * disallow are findings.
 */
export function bundledLicences(ctx: CheckContext): Finding[] {
  const out: Finding[] = [];
  const paths = [...ctx.files.keys()].sort();
  const withLicenceFile = new Set(paths.filter((p) => LICENCE_FILE.test(posix.basename(p))).map((p) => posix.dirname(p)));
  for (const path of paths) {
    const dir = moduleDirOf(path);
    if (dir === null) continue;
    let pkg: Record<string, unknown> = {};
    try {
      const parsed: unknown = JSON.parse(ctx.files.get(path)!.toString('utf8'));
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) pkg = parsed as Record<string, unknown>;
    } catch {
      /* not JSON: it states no licence */
    }
    const name = typeof pkg.name === 'string' && pkg.name ? pkg.name : dir.slice(dir.lastIndexOf('node_modules/') + 'node_modules/'.length);
    const module = `${name}${typeof pkg.version === 'string' ? ` ${pkg.version}` : ''}`;
    const licence = licenceOf(pkg);
    if (licence === null) {
      if (!withLicenceFile.has(dir)) {
        out.push(
          finding(
            'bundled-licences',
            `The bundled module ${module} (${dir}) states no licence: its package.json has no "license" field and it has no LICENSE file. Make sure you may redistribute it and add its licence to the package, or use another module.`,
            path,
          ),
        );
      }
      continue;
    }
    const refused = disallowedIn(licence, ctx.disallowedLicences);
    if (refused.length) {
      out.push(
        finding(
          'bundled-licences',
          `The bundled module ${module} (${dir}) is licensed under ${licence}, and this marketplace does not accept ${refused.join(' or ')} for bundled modules. Use a module under another licence, or remove it from the package.`,
          path,
        ),
      );
    }
  }
  return out;
}
