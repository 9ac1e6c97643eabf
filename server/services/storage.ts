import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, normalize } from 'node:path';

/** Where packages and images are kept: a folder under DATA_DIR by default (keys are our own ids). */
export class FileStorage {
  constructor(private readonly root: string) {}

  private path(key: string) {
    const p = normalize(join(this.root, key));
    if (!p.startsWith(normalize(this.root))) throw new Error(`storage key escapes the root: ${key}`);
    return p;
  }

  async put(key: string, data: Buffer) {
    const p = this.path(key);
    await mkdir(dirname(p), { recursive: true });
    await writeFile(p, data);
    return key;
  }

  get(key: string): Promise<Buffer> {
    return readFile(this.path(key));
  }

  remove(key: string) {
    return rm(this.path(key), { force: true });
  }
}
