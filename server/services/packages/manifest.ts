import semver from 'semver';
import { z } from 'zod';
import { unstorableTextIn } from '../../../contract/text';
import { isWebUrl } from '../../../contract/common';
import { HttpError, unstorableText } from '../../errors';

const EMAIL = /^[^\s@<>()"']+@[^\s@<>()"']+\.[^\s@<>()"']+$/;

/** The Apps-Engine manifest (app.json) rules. */
export const Manifest = z.object({
  id: z.uuid({ error: 'id must be a UUID.' }),
  name: z.string({ error: 'name is required.' }).trim().min(1, { error: 'name is required.' }).max(100),
  nameSlug: z.string({ error: 'nameSlug is required.' }).regex(/^[a-z0-9-]+$/, { error: 'nameSlug must be lowercase letters, digits and dashes.' }),
  version: z.string({ error: 'version is required.' }).refine((v) => semver.valid(v) !== null, { error: 'version must be a semver version (1.0.0).' }),
  requiredApiVersion: z
    .string({ error: 'requiredApiVersion is required.' })
    .refine((v) => semver.validRange(v) !== null, { error: 'requiredApiVersion must be a semver range (^1.40.0).' }),
  // Addresses people follow from the listing: web pages only (never javascript:, data: or file:); support
  // may also be an email address. An empty homepage is none.
  author: z.object(
    {
      name: z.string({ error: 'author.name is required.' }).min(1, { error: 'author.name is required.' }),
      support: z
        .string({ error: 'author.support is required.' })
        .trim()
        .min(1, { error: 'author.support is required.' })
        .refine((v) => isWebUrl(v) || EMAIL.test(v), { error: 'author.support must be an http(s) address or an email address.' }),
      homepage: z
        .string()
        .trim()
        .refine((v) => v === '' || isWebUrl(v), { error: 'author.homepage must be an http(s) address.' })
        .transform((v) => v || undefined)
        .optional(),
    },
    { error: 'author is required.' },
  ),
  classFile: z.string({ error: 'classFile is required.' }).regex(/^[\w\-./]+\.(ts|js)$/, { error: 'classFile must name a .ts or .js file.' }),
  iconFile: z.string({ error: 'iconFile is required.' }).min(1, { error: 'iconFile is required.' }),
  description: z.string().default(''),
  permissions: z.array(z.object({ name: z.string() }).loose()).optional(),
  implements: z.array(z.string()).optional(),
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
  if (!files.has(classFile)) throw new HttpError(400, 'manifest_invalid', `app.json names classFile ${classFile}, which the package does not have.`, [{ path: 'app.json.classFile', message: `${classFile} is not in the package.` }]);
  const icon = files.get(m.iconFile);
  if (!icon) throw new HttpError(400, 'manifest_invalid', `app.json names iconFile ${m.iconFile}, which the package does not have.`, [{ path: 'app.json.iconFile', message: `${m.iconFile} is not in the package.` }]);
  if (!semver.satisfies(engineVersion, m.requiredApiVersion)) {
    throw new HttpError(400, 'engine_version_unsupported', `The app requires Apps-Engine ${m.requiredApiVersion}; the marketplace compiles against ${engineVersion}.`, [
      { path: 'app.json.requiredApiVersion', message: `Needs ${m.requiredApiVersion}; the engine is ${engineVersion}.` },
    ]);
  }
  const sources = [...files.keys()].filter((f) => (kind === 'source' ? /\.ts$/.test(f) && !f.endsWith('.d.ts') : /\.js$/.test(f)));
  if (!sources.length) throw new HttpError(400, 'package_no_sources', 'The package has no TypeScript sources (or, compiled, no JavaScript).');
  return { manifest: m, kind, icon };
}
