import semver from 'semver';
import { finding, manifestLine, type CheckContext } from './context';
import type { StoredFinding as Finding } from '../../../../contract/schemas/review';

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);

/**
 * Whether app.json agrees with the package it came in and with the app it updates: the icon and class files it
 * names are there, its nameSlug is the one the last approved version had (the slug names the app in Rocket.Chat's
 * URLs and settings; apps' slugs need not be their names' — the Apps CLI only suggests one), and its version is
 * newer than the last approved one.
 */
export function manifestMismatch(ctx: CheckContext): Finding[] {
  const m = ctx.manifest;
  if (!m)
    return [
      finding(
        'manifest-mismatch',
        'The package has no app.json at its root, or it is not a JSON object. Add the app.json your app was created with.',
        'app.json',
      ),
    ];
  const out: Finding[] = [];
  const at = (key: string) => manifestLine(ctx, key);

  const icon = text(m.iconFile);
  if (!icon)
    out.push(
      finding(
        'manifest-mismatch',
        'app.json names no iconFile. Add the app’s icon to the package and name it in iconFile (for example "icon.png").',
        'app.json',
      ),
    );
  else if (!ctx.files.has(icon)) {
    out.push(
      finding(
        'manifest-mismatch',
        `app.json names the icon file "${icon}", which is not in the package. Add the icon at that path, or correct iconFile.`,
        'app.json',
        at('iconFile'),
      ),
    );
  }

  const classFile = text(m.classFile);
  // A compiled package (the Apps CLI's `.packagedby`) holds the class file as JavaScript; a source package as
  // TypeScript. `rc-apps submit` marks its TypeScript sources with `.packagedby` too: there the .ts file stands.
  const expected = classFile && ctx.kind === 'compiled' ? classFile.replace(/\.ts$/, '.js') : classFile;
  if (!classFile || !expected)
    out.push(
      finding('manifest-mismatch', 'app.json names no classFile. Name the file of the app’s main class in classFile (for example "MyApp.ts").', 'app.json'),
    );
  else if (!ctx.files.has(expected) && !(ctx.kind === 'compiled' && ctx.files.has(classFile))) {
    out.push(
      finding(
        'manifest-mismatch',
        `app.json names the class file "${expected}", which is not in the package. Correct classFile, or add the file at that path${ctx.kind === 'compiled' ? ' (a compiled package holds it as JavaScript)' : ''}.`,
        'app.json',
        at('classFile'),
      ),
    );
  }

  const slug = text(m.nameSlug);
  const approvedSlug = ctx.lastApproved?.nameSlug;
  if (slug && approvedSlug && slug !== approvedSlug) {
    out.push(
      finding(
        'manifest-mismatch',
        `app.json’s nameSlug is "${slug}", but the approved versions of this app have "${approvedSlug}". Keep nameSlug "${approvedSlug}": it names the app in workspaces that installed it.`,
        'app.json',
        at('nameSlug'),
      ),
    );
  }

  const last = ctx.lastApproved?.version;
  const version = semver.valid(ctx.version);
  if (last && version && semver.valid(last) && semver.lte(version, last)) {
    out.push(
      finding(
        'manifest-mismatch',
        `Version ${version} is ${semver.eq(version, last) ? 'the same as' : 'older than'} version ${last}, the last approved one. Raise version in app.json (for example to ${semver.inc(last, 'patch')}) and upload the package again.`,
        'app.json',
        at('version'),
      ),
    );
  }
  return out;
}
