// Where a long file's bytes go as they are made: hashed (SHA-256) and written from one reused buffer, so a
// million-entry transcript (some 2 GB) is never held whole. A worker thread that hashed and wrote beside the
// caller gained no wall time at 1,000,000 entries (the disk sets the pace): not kept.
import { createHash } from 'node:crypto';
import { writeSync } from 'node:fs';

export interface FileSink {
  /** Where the next bytes are put (at most its length), handed over by `submit`. */
  readonly buffer: Buffer;
  /** Hands over the first `length` bytes of `buffer`, hashed and written before it returns. */
  submit(length: number): void;
  /** Once every byte is handed over: their SHA-256 (hex). */
  end(): string;
}

/** Hashes and writes each buffer handed over, all of it (a write may take fewer bytes than it is given). */
export function inlineSink(fd: number, size = 4 * 2 ** 20): FileSink {
  const hash = createHash('sha256');
  const buffer = Buffer.allocUnsafe(size);
  return {
    buffer,
    submit(length) {
      if (length <= 0) return;
      const bytes = buffer.subarray(0, length);
      hash.update(bytes);
      for (let at = 0; at < length; ) at += writeSync(fd, bytes, at, length - at);
    },
    end: () => hash.digest('hex'),
  };
}
