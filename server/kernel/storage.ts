import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, normalize } from 'node:path';
import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { ReusedBufferFileStream } from './file-stream';

/** Where packages and images are kept (keys are the portal's own ids and paths). */
export interface Storage {
  put(key: string, data: Buffer): Promise<string>;
  get(key: string): Promise<Buffer>;
  /** The file as a stream (never read whole into memory) and its size; rejects when there is no such file. */
  stream(key: string): Promise<{ body: Readable; size: number | undefined }>;
  remove(key: string): Promise<void>;
}

/** A key the portal made: relative, no `..` segment. */
const checked = (key: string) => {
  if (!key || key.startsWith('/') || key.split(/[\\/]/).includes('..')) throw new Error(`not a storage key: ${key}`);
  return key;
};

/** A folder under DATA_DIR (one machine). */
export class FileStorage implements Storage {
  constructor(private readonly root: string) {}

  private path(key: string) {
    const p = normalize(join(this.root, checked(key)));
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

  async stream(key: string) {
    const p = this.path(key);
    // Missing (or not a file): rejected here, before any answer has started.
    const info = await stat(p);
    if (!info.isFile()) throw new Error(`not a file: ${key}`);
    return { body: new ReusedBufferFileStream(p), size: info.size };
  }

  remove(key: string) {
    return rm(this.path(key), { force: true });
  }
}

export type S3Settings = {
  bucket: string;
  prefix: string;
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
};

/** An S3-compatible bucket (AWS S3, MinIO, …): every process of the portal sees the same files. */
export class S3Storage implements Storage {
  private constructor(
    private readonly client: S3Client,
    private readonly sdk: typeof import('@aws-sdk/client-s3'),
    private readonly settings: S3Settings,
  ) {}

  static async open(settings: S3Settings) {
    const sdk = await import('@aws-sdk/client-s3');
    const credentials =
      settings.accessKeyId && settings.secretAccessKey ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } : undefined;
    const client = new sdk.S3Client({ region: settings.region, endpoint: settings.endpoint, forcePathStyle: settings.forcePathStyle, credentials });
    return new S3Storage(client, sdk, settings);
  }

  private key(key: string) {
    return `${this.settings.prefix}${checked(key)}`;
  }

  async put(key: string, data: Buffer) {
    await this.client.send(new this.sdk.PutObjectCommand({ Bucket: this.settings.bucket, Key: this.key(key), Body: data }));
    return key;
  }

  async get(key: string) {
    const res = await this.client.send(new this.sdk.GetObjectCommand({ Bucket: this.settings.bucket, Key: this.key(key) }));
    return Buffer.from(await res.Body!.transformToByteArray());
  }

  /** The object's body as the SDK streams it from the bucket (Node's Readable), chunk by chunk. */
  async stream(key: string) {
    const res = await this.client.send(new this.sdk.GetObjectCommand({ Bucket: this.settings.bucket, Key: this.key(key) }));
    return { body: res.Body as Readable, size: res.ContentLength };
  }

  async remove(key: string) {
    await this.client.send(new this.sdk.DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.key(key) }));
  }

  close() {
    this.client.destroy();
  }
}
