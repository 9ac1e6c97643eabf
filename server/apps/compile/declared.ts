import semver from 'semver';

/**
 * The lowest version a package's package.json declares for `name` (its dependencies, devDependencies or
 * peerDependencies), null when it declares none or nothing semver reads.
 */
export function declaredMinimum(packageJson: Buffer | undefined, name: string): semver.SemVer | null {
  if (!packageJson) return null;
  let range: unknown;
  try {
    const pkg = JSON.parse(packageJson.toString('utf8')) as Record<string, Record<string, unknown> | undefined>;
    range = pkg.devDependencies?.[name] ?? pkg.dependencies?.[name] ?? pkg.peerDependencies?.[name];
  } catch {
    return null;
  }
  if (typeof range !== 'string' || !semver.validRange(range)) return null;
  return semver.minVersion(range);
}
