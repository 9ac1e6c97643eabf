import semver from 'semver';
import { z } from 'zod';
import { LIMITS } from '../../../contract/common';
import { MANIFEST_LIMITS, MANIFEST_TEXT } from '../../../contract/schemas/app';
import { unstorableTextIn } from '../../../contract/text';
import { HttpError, unstorableText } from '../../errors';
import { keptAuthorLink } from './author-links';

/** A string of app.json of at most `max` characters (the message names the field). */
const bounded = (field: string, max: number, required = `${field} is required.`) =>
  z.string({ error: required }).max(max, { error: MANIFEST_TEXT.tooLong(field, max) });
/** A list of app.json of at most MANIFEST_LIMITS.listItems entries. */
const list = <T extends z.ZodType>(field: string, item: T) =>
  z.array(item).max(MANIFEST_LIMITS.listItems, { error: MANIFEST_TEXT.tooMany(field, MANIFEST_LIMITS.listItems) });

/**
 * The Apps-Engine manifest (app.json) rules: what Rocket.Chat's Apps CLI asks of it (RocketChat/Rocket.Chat.Apps-cli
 * src/misc/appJsonSchema.ts), every text bounded as the portal's forms bound the same field (`LIMITS`: a name 100
 * characters, a description 10 000, an address 2 048), paths and lists where the forms have none
 * (`MANIFEST_LIMITS`), and the file itself at most 64 KB (`readManifest`).
 */
export const Manifest = z.object({
  id: z.uuid({ error: 'id must be a UUID.' }),
  name: bounded('name', LIMITS.name).trim().min(1, { error: 'name is required.' }),
  nameSlug: bounded('nameSlug', LIMITS.name).regex(/^[a-z0-9-]+$/, { error: 'nameSlug must be lowercase letters, digits and dashes.' }),
  version: bounded('version', LIMITS.id).refine((v) => semver.valid(v) !== null, { error: 'version must be a semver version (1.0.0).' }),
  requiredApiVersion: bounded('requiredApiVersion', LIMITS.name).refine((v) => semver.validRange(v) !== null, {
    error: 'requiredApiVersion must be a semver range (^1.40.0).',
  }),
  // Addresses people follow from the listing, as Rocket.Chat's tools accept them (author-links.ts): web pages, bare
  // domains (shown as https links) and email addresses; anything else is left out (a publish check says so), never
  // refused. Support is required as the Apps CLI requires it; an empty homepage is none.
  author: z.object(
    {
      name: bounded('author.name', LIMITS.name).trim().min(1, { error: 'author.name is required.' }),
      support: bounded('author.support', LIMITS.url).trim().min(1, { error: 'author.support is required.' }).transform(keptAuthorLink),
      homepage: bounded('author.homepage', LIMITS.url).transform(keptAuthorLink).optional(),
    },
    { error: 'author is required.' },
  ),
  classFile: bounded('classFile', MANIFEST_LIMITS.path).regex(/^[\w\-./]+\.(ts|js)$/, { error: 'classFile must name a .ts or .js file.' }),
  iconFile: bounded('iconFile', MANIFEST_LIMITS.path).min(1, { error: 'iconFile is required.' }),
  description: bounded('description', LIMITS.text).default(''),
  permissions: list('permissions', z.object({ name: bounded('permissions.name', LIMITS.name) }).loose()).optional(),
  implements: list('implements', bounded('implements', LIMITS.name)).optional(),
});
export type Manifest = z.infer<typeof Manifest>;

export type PackageKind = 'source' | 'compiled';

/**
 * Rocket.Chat's Apps CLI marks what it packs with `.packagedby`: `rc-apps package` packs the compiled JavaScript,
 * but `rc-apps submit` packs the TypeScript sources (@rocket.chat/apps-cli 1.9.0 lib/misc/appPackager.js).
 * Compiled, then, only when the class file is there as JavaScript.
 */
export const packageKind = (files: Map<string, Buffer>, classFile: string): PackageKind =>
  files.has('.packagedby') && files.has(classFile.replace(/\.ts$/, '.js')) ? 'compiled' : 'source';

/** Validates app.json (field by field), the files it names, and the engine version it needs; answers the icon's bytes. */
export function readManifest(files: Map<string, Buffer>, engineVersion: string) {
  const raw = files.get('app.json');
  if (!raw) throw new HttpError(400, 'manifest_missing', 'The package has no app.json at its root.');
  // Bounded before it is parsed: a manifest is a few hundred bytes, its description at most 10 000 characters.
  if (raw.length > MANIFEST_LIMITS.bytes)
    throw new HttpError(400, 'manifest_too_large', MANIFEST_TEXT.tooLarge, [{ path: 'app.json', message: MANIFEST_TEXT.tooLarge }]);
  let json: unknown;
  try {
    json = JSON.parse(raw.toString('utf8'));
  } catch {
    throw new HttpError(400, 'manifest_invalid', 'app.json is not valid JSON.');
  }
  const unstorable = unstorableTextIn(json, 'app.json');
  if (unstorable !== null) throw unstorableText(unstorable, 'manifest_invalid');
  const parsed = Manifest.safeParse(json);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => ({ path: ['app.json', ...i.path.map(String)].join('.'), message: i.message }));
    throw new HttpError(400, 'manifest_invalid', `app.json is not valid: ${fields.map((f) => f.message).join(' ')}`, fields);
  }
  const m = parsed.data;
  const kind = packageKind(files, m.classFile);
  const classFile = kind === 'compiled' ? m.classFile.replace(/\.ts$/, '.js') : m.classFile;
  if (!files.has(classFile))
    throw new HttpError(400, 'manifest_invalid', `app.json names classFile ${classFile}, which the package does not have.`, [
      { path: 'app.json.classFile', message: `${classFile} is not in the package.` },
    ]);
  const icon = files.get(m.iconFile);
  if (!icon)
    throw new HttpError(400, 'manifest_invalid', `app.json names iconFile ${m.iconFile}, which the package does not have.`, [
      { path: 'app.json.iconFile', message: `${m.iconFile} is not in the package.` },
    ]);
  if (!semver.satisfies(engineVersion, m.requiredApiVersion)) {
    throw new HttpError(
      400,
      'engine_version_unsupported',
      `The app requires Apps-Engine ${m.requiredApiVersion}; the marketplace compiles against ${engineVersion}.`,
      [{ path: 'app.json.requiredApiVersion', message: `Needs ${m.requiredApiVersion}; the engine is ${engineVersion}.` }],
    );
  }
  const sources = [...files.keys()].filter((f) => (kind === 'source' ? /\.ts$/.test(f) && !f.endsWith('.d.ts') : /\.js$/.test(f)));
  if (!sources.length) throw new HttpError(400, 'package_no_sources', 'The package has no TypeScript sources (or, compiled, no JavaScript).');
  return { manifest: m, kind, icon };
}
