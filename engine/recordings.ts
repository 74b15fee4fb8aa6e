// The HAR files a passive run judges, read and parsed; a file that cannot be read, is no regular file, is
// larger than MAX_HAR_BYTES or is no HAR 1.2 is a UsageError naming it (exit 2). An entry nested past what the
// harness reads is left unread and named (the report says so: a limit of ours, exit 3). Reads files, writes none.
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { basename } from 'node:path';
import { envAndFlag, flagRef } from '../lib/config/settings.ts';
import { errorMessage, UsageError } from '../lib/errors.ts';
import { HarError, readHar } from '../lib/formats/har.ts';
import { sha256 } from '../lib/report/provenance.ts';
import type { TrafficSource } from './conduct-traffic.ts';

/** The largest recording read (README, Conformance from traffic): a device such as /dev/zero never ends. */
export const MAX_HAR_BYTES = 256 * 2 ** 20;

const what = (s: ReturnType<typeof fstatSync>): string =>
  s.isDirectory()
    ? 'a directory'
    : s.isFIFO()
      ? 'a named pipe'
      : s.isCharacterDevice() || s.isBlockDevice()
        ? 'a device'
        : s.isSocket()
          ? 'a socket'
          : 'no regular file';

/** The bytes of a regular file of at most MAX_HAR_BYTES; a pipe is opened without waiting for a writer. */
function readBounded(file: string): Buffer {
  const fix = `fix ${envAndFlag('har')}`;
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (e) {
    throw new UsageError(
      `cannot read the recording ${file} (${(e as NodeJS.ErrnoException).code ?? errorMessage(e)}); ${fix}`,
    );
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile())
      throw new UsageError(`the recording ${file} is ${what(stat)}, not a regular file (a HAR file); ${fix}`);
    const tooLarge = () =>
      new UsageError(
        `the recording ${file} is larger than the ${MAX_HAR_BYTES / 2 ** 20} MiB this command reads; judge it in parts (several ${flagRef('har')} files)`,
      );
    if (stat.size > MAX_HAR_BYTES) throw tooLarge();
    // Read to its end, never past the bound (a file that grows while read included).
    const parts = [Buffer.allocUnsafe(stat.size + 1)];
    let at = 0;
    let total = 0;
    for (;;) {
      let buf = parts[parts.length - 1]!;
      if (at === buf.length) {
        buf = Buffer.allocUnsafe(2 ** 20);
        parts.push(buf);
        at = 0;
      }
      const n = readSync(fd, buf, at, buf.length - at, null);
      if (n === 0) break;
      at += n;
      total += n;
      if (total > MAX_HAR_BYTES) throw tooLarge();
    }
    parts[parts.length - 1] = parts[parts.length - 1]!.subarray(0, at);
    return parts.length === 1 ? parts[0]! : Buffer.concat(parts, total);
  } catch (e) {
    if (e instanceof UsageError) throw e;
    throw new UsageError(
      `cannot read the recording ${file} (${(e as NodeJS.ErrnoException).code ?? errorMessage(e)}); ${fix}`,
    );
  } finally {
    closeSync(fd);
  }
}

export function readRecording(file: string): TrafficSource {
  return parsedRecording(readBounded(file).toString('utf8'), basename(file));
}

/** A HAR text as a source named `name`. */
export function parsedRecording(text: string, name: string): TrafficSource {
  try {
    const { entries, unread } = readHar(text, name);
    return { name, entries, sha256: sha256(text), ...(unread.length > 0 ? { unread } : {}) };
  } catch (e) {
    if (e instanceof HarError) throw new UsageError(e.message);
    throw e;
  }
}
