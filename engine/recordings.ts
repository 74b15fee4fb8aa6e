// The HAR files a passive run judges: a file that cannot be read, is no regular file or is no HAR 1.2 is a
// UsageError naming it (exit 2); a file is read entry by entry (recording-file.ts), a HAR text given whole
// (the API) is parsed whole. An entry nested past what the harness reads, or larger than MAX_ENTRY_BYTES, is
// left unread and named (the report says so: a limit of ours, exit 3). Reads files, writes none.
import { closeSync, constants, fstatSync, openSync } from 'node:fs';
import { envAndFlag } from '../lib/config/settings.ts';
import { errorMessage, UsageError } from '../lib/errors.ts';
import { HarError, readHar } from '../lib/formats/har.ts';
import { sha256 } from '../lib/report/provenance.ts';
import type { TrafficSource } from './conduct-traffic.ts';
import type { Progress } from './progress.ts';
import { heldSet } from './recorded-set.ts';
import { recordingFile } from './recording-file.ts';

/** The largest entry of a recording read (README, Conformance from traffic); a larger one is left unread. */
export const MAX_ENTRY_BYTES = 256 * 2 ** 20;

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

/**
 * A regular file opened for reading (a pipe is opened without waiting for a writer), with its size: anything
 * else (a device such as /dev/zero never ends, a FIFO may never open) is a UsageError naming it.
 */
export function openRecording(file: string): { fd: number; size: number } {
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
    return { fd, size: stat.size };
  } catch (e) {
    closeSync(fd);
    if (e instanceof UsageError) throw e;
    throw new UsageError(
      `cannot read the recording ${file} (${(e as NodeJS.ErrnoException).code ?? errorMessage(e)}); ${fix}`,
    );
  }
}

/** The recording in `file`, read entry by entry (recording-file.ts): its entries are read again when judged. */
export function readRecording(file: string, progress?: Progress): TrafficSource {
  return recordingFile(file, progress);
}

/** A HAR text as a source named `name`. */
export function parsedRecording(text: string, name: string): TrafficSource {
  try {
    const { entries, unread } = readHar(text, name);
    return {
      name,
      set: heldSet(entries),
      sha256: sha256(text),
      ...(unread.length > 0 ? { unread } : {}),
    };
  } catch (e) {
    if (e instanceof HarError) throw new UsageError(e.message);
    throw e;
  }
}
