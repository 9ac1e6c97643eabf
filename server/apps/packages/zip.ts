import yauzl from 'yauzl';
import { MANIFEST_TEXT } from '../../../contract/schemas/app';
import { isStorableText } from '../../../contract/text';
import { HttpError, unstorableText } from '../../errors';

export const PACKAGE_LIMITS = {
  /** Size of the uploaded zip. */
  maxZipBytes: 10 * 1024 * 1024,
  maxEntries: 1000,
  /** Bytes actually decompressed, over all entries (zip bombs stop here, whatever the headers claim). */
  maxUnpackedBytes: 30 * 1024 * 1024,
  maxEntryBytes: 10 * 1024 * 1024,
};

const refuse = (code: string, message: string) => new HttpError(400, code, message);
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

/** Checks an entry's name: relative, no `..`, no backslashes or drive letters (where files land is ours, not the archive's). */
function checkName(name: string) {
  if (!isStorableText(name)) throw unstorableText('package', 'package_unsafe_path');
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name) || name.includes('\\')) throw refuse('package_unsafe_path', `The package has an absolute path: ${name}`);
  if (name.split('/').some((part) => part === '..')) throw refuse('package_unsafe_path', `The package has a path that leaves the package: ${name}`);
}

/**
 * Reads a zip from memory with every check done before anything is stored: zip magic, size, entry count,
 * unsafe paths, symlinks, entries of the same name (readers differ in which one they take, so the portal could check
 * one app.json and Rocket.Chat install another: none is taken), and the bytes actually decompressed. Returns the files by path.
 */
export async function readZip(zip: Buffer, limits = PACKAGE_LIMITS): Promise<Map<string, Buffer>> {
  if (zip.length > limits.maxZipBytes) throw new HttpError(413, 'package_too_large', `The package is larger than ${limits.maxZipBytes / 1024 / 1024} MB.`);
  if (zip.length < 4 || zip.readUInt32LE(0) !== 0x04034b50) throw refuse('package_not_zip', 'The package must be a .zip file.');
  const archive = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    // decodeStrings off: yauzl would refuse unsafe names with a generic error; we check them ourselves.
    yauzl.fromBuffer(zip, { lazyEntries: true, validateEntrySizes: true, decodeStrings: false }, (err, z) =>
      err || !z ? reject(refuse('package_not_zip', 'The package is not a readable .zip file.')) : resolve(z),
    ),
  );
  if (archive.entryCount > limits.maxEntries) throw refuse('package_too_many_entries', `The package has more than ${limits.maxEntries} entries.`);
  const files = new Map<string, Buffer>();
  const names = new Set<string>();
  let unpacked = 0;
  return new Promise((resolve, reject) => {
    const fail = (e: unknown) => {
      archive.close();
      reject(e instanceof HttpError ? e : refuse('package_not_zip', 'The package is not a readable .zip file.'));
    };
    archive.on('error', fail);
    archive.on('end', () => resolve(files));
    archive.on('entry', (entry: yauzl.Entry) => {
      const fileName = Buffer.isBuffer(entry.fileName) ? (entry.fileName as Buffer).toString('utf8') : entry.fileName;
      try {
        checkName(fileName);
        if (((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK) throw refuse('package_symlink', `The package has a symbolic link: ${fileName}`);
      } catch (e) {
        return fail(e);
      }
      if (fileName.endsWith('/')) return archive.readEntry();
      if (names.has(fileName)) return fail(refuse('package_duplicate_entry', MANIFEST_TEXT.duplicateEntry(fileName)));
      names.add(fileName);
      archive.openReadStream(entry, (err, stream) => {
        if (err || !stream) return fail(err);
        const chunks: Buffer[] = [];
        let size = 0;
        stream.on('data', (chunk: Buffer) => {
          size += chunk.length;
          unpacked += chunk.length;
          if (size > limits.maxEntryBytes || unpacked > limits.maxUnpackedBytes) {
            stream.destroy();
            fail(new HttpError(413, 'package_too_large_unpacked', `The package unpacks to more than ${limits.maxUnpackedBytes / 1024 / 1024} MB.`));
            return;
          }
          chunks.push(chunk);
        });
        stream.on('error', fail);
        stream.on('end', () => {
          files.set(fileName, Buffer.concat(chunks));
          archive.readEntry();
        });
      });
    });
    archive.readEntry();
  });
}
