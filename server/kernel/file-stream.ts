import { once } from 'node:events';
import { open, type FileHandle } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { Readable, type Writable } from 'node:stream';

/** Bytes read at a time (what fs.createReadStream reads too). */
export const CHUNK = 64 * 1024;

/**
 * A file read in 64 KiB chunks into one buffer of its own, reused from chunk to chunk, when it is piped to one
 * destination (a download's response). fs.createReadStream allocates a new buffer per chunk: 50 concurrent 5 MB
 * downloads churn 250 MB of buffers, and V8 collects them only every 64 MB or so of external memory, which then
 * shows in the process's peak memory. The buffer is filled again only once none of its bytes can still be waiting
 * anywhere: this stream holds none and the destination has written every byte handed to it (`writableLength` 0 —
 * a response counts what its socket has not yet handed to the system). Read any other way (listeners, several
 * pipes, iteration), every chunk is a new buffer, as with fs.createReadStream.
 */
export class ReusedBufferFileStream extends Readable {
  private handle: FileHandle | undefined;
  private readonly buffer = Buffer.allocUnsafe(CHUNK);
  private sink: Writable | undefined;
  private pipes = 0;
  /** Chunks read into a new buffer (for tests: none while piped to one destination). */
  newBuffers = 0;

  constructor(private readonly path: string) {
    super({ highWaterMark: CHUNK });
  }

  override pipe<T extends NodeJS.WritableStream>(destination: T, options?: { end?: boolean }): T {
    this.pipes++;
    this.sink = destination as unknown as Writable;
    return super.pipe(destination, options);
  }

  /** Unpiped, it may be read any other way next: no buffer is reused from then on. */
  override unpipe(destination?: NodeJS.WritableStream) {
    this.pipes = Number.POSITIVE_INFINITY;
    return super.unpipe(destination);
  }

  override _construct(callback: (error?: Error | null) => void) {
    open(this.path, 'r').then(
      (handle) => {
        this.handle = handle;
        callback();
      },
      (err: Error) => callback(err),
    );
  }

  override _read() {
    void this.fill();
  }

  /** The one buffer once nothing of it is pending (the destination has written it out), else a new one. */
  private async target(): Promise<Buffer> {
    const sink = this.pipes === 1 ? this.sink : undefined;
    while (sink && !sink.destroyed && !this.destroyed) {
      if (this.readableLength === 0 && sink.writableLength === 0) return this.buffer;
      // 'drain' comes when a write that was refused (the usual case: a chunk is above the socket's high-water mark)
      // has gone out — however long a slow or stalled client takes, without waking meanwhile; a short wait stands
      // in for it only when the last write was taken without one.
      const stop = new AbortController();
      const { signal } = stop;
      const ready = sink.writableNeedDrain ? once(sink, 'drain', { signal }) : sleep(10, undefined, { signal, ref: false });
      await Promise.race([ready, once(sink, 'close', { signal })]).catch(() => {});
      stop.abort();
    }
    this.newBuffers++;
    return Buffer.allocUnsafe(CHUNK);
  }

  private async fill() {
    try {
      const target = await this.target();
      if (this.destroyed) return;
      const { bytesRead } = await this.handle!.read(target, 0, CHUNK, null);
      if (this.destroyed) return;
      this.push(bytesRead === 0 ? null : target.subarray(0, bytesRead));
    } catch (err) {
      this.destroy(err as Error);
    }
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void) {
    const handle = this.handle;
    this.handle = undefined;
    if (!handle) return callback(error);
    handle.close().then(
      () => callback(error),
      () => callback(error),
    );
  }
}
