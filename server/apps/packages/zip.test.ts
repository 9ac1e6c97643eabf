import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { MANIFEST_TEXT } from '../../../contract/schemas/app';
import { HttpError } from '../../errors';
import { readZip } from './zip';

/** A zip with two entries named `name`: zipped under two names of one length, the second renamed in its headers. */
function zipWithDuplicate(name: string, first: string, second: string, other: Record<string, string> = {}) {
  const stand = `${name.slice(0, -1)}\u0001`;
  const bytes = Buffer.from(
    zipSync({ [name]: Buffer.from(first), [stand]: Buffer.from(second), ...Object.fromEntries(Object.entries(other).map(([k, v]) => [k, Buffer.from(v)])) }),
  );
  // The local header's and the central directory's name (the CRC covers the data only).
  return Buffer.from(bytes.toString('latin1').split(stand).join(name), 'latin1');
}

describe('a zip with two entries of one name', () => {
  it('is refused (400), whichever of them a reader would take', async () => {
    const zip = zipWithDuplicate('app.json', '{"name":"checked"}', '{"name":"installed"}', { 'a.ts': 'export {}' });
    const error = await readZip(zip).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ statusCode: 400, code: 'package_duplicate_entry', message: MANIFEST_TEXT.duplicateEntry('app.json') });
  });

  it('is refused for any file, not only app.json; names that differ (in case too) are read', async () => {
    await expect(readZip(zipWithDuplicate('src/a.ts', 'a', 'b'))).rejects.toMatchObject({ code: 'package_duplicate_entry' });
    const files = await readZip(Buffer.from(zipSync({ 'app.json': Buffer.from('{}'), 'App.json': Buffer.from('[]') })));
    expect([...files.keys()].sort()).toEqual(['App.json', 'app.json']);
  });
});
