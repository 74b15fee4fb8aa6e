// A HAR file read entry by entry, never whole: one pass finds each entry (har-stream.ts), reads it and keeps
// only its head (where it is, when, what method and URL) and the file's digest; the judge then reads the
// entries it judges again, from their places, each dropped once recorded. So a recording of any length is
// read in memory bounded by its largest entry and the heads. Reads the file; writes nothing.
import { createHash } from 'node:crypto';
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { basename } from 'node:path';
import { envAndFlag } from '../lib/config/settings.ts';
import { errorMessage, UsageError } from '../lib/errors.ts';
import {
  HarError,
  type RecordedEntry,
  readScannedEntry,
  tooDeep,
  type UnreadEntry,
} from '../lib/formats/har.ts';
import { HarScanner } from '../lib/formats/har-stream.ts';
import { credentialsOf, type EntryCredentials } from '../suites/index.ts';
import type { TrafficSource } from './conduct-traffic.ts';
import type { Progress } from './progress.ts';
import { type EntryHead, isPreflight, type RecordedSet } from './recorded-set.ts';
import { LineSharer } from './shared-lines.ts';

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

const CHUNK = 2 ** 20;

/** A head of a file's entry says nothing of this suite's own (one object for all: never changed). */
const NOTHING_OURS: EntryHead['ours'] = Object.freeze({});

const notJson = (name: string, why: string) => new UsageError(`${name} is not JSON (${why}), so no HAR file`);

/** The JSON value of one entry's bytes. */
function parsed(bytes: Buffer, name: string): unknown {
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch (e) {
    throw notJson(name, e instanceof Error ? e.message : String(e));
  }
}

/** The bytes [start, end) of the pieces read so far (`from` is where the first piece begins in the file). */
function bytesOf(pieces: readonly Buffer[], from: number, start: number, end: number): Buffer {
  const out: Buffer[] = [];
  let at = from;
  for (const p of pieces) {
    const lo = Math.max(start, at);
    const hi = Math.min(end, at + p.length);
    if (lo < hi) out.push(p.subarray(lo - at, hi - at));
    at += p.length;
    if (at >= end) break;
  }
  return out.length === 1 ? out[0]! : Buffer.concat(out);
}

/** The recording in `file`, its entries found and their heads kept; a refusal is a UsageError naming it. */
export function recordingFile(file: string, progress?: Progress): TrafficSource {
  const name = basename(file);
  const { fd, size } = openRecording(file);
  const starts: number[] = [];
  const ends: number[] = [];
  const indexes: number[] = [];
  const urls: string[] = [];
  const methods: string[] = [];
  const times: number[] = [];
  const unread: UnreadEntry[] = [];
  const methodNames = new Map<string, string>();
  const preflights = new Set<number>();
  // What each entry carries as credentials, read with it here so the judge's pass over them reads no entry
  // again; most entries carry what others did: one copy of each.
  const credentials: EntryCredentials[] = [];
  const kept = new Map<string, EntryCredentials>();
  const sharedCredentials = (c: EntryCredentials): EntryCredentials => {
    const key = `${c.accepted ? 1 : 0}\u0000${c.token ?? '\u0001'}\u0000${c.secrets.join('\u0000')}`;
    const had = kept.get(key);
    if (had) return had;
    if (kept.size < 100_000) kept.set(key, c);
    return c;
  };
  // An entry's credentials are read from its request's lines, its status, its response's Set-Cookie lines and
  // its URL's query (credentialsOf): entries that share their lines (shared-lines.ts), with the same status
  // and no query, carry the same.
  const scanSharer = new LineSharer();
  const credentialsBy = new Map<object, Map<object, Map<number, EntryCredentials>>>();
  const credentialsOfEntry = (e: RecordedEntry): EntryCredentials => {
    const shape = scanSharer.share(e).responseShape;
    if (shape === undefined || e.url.includes('?')) return sharedCredentials(credentialsOf(e));
    let byLines = credentialsBy.get(shape);
    if (byLines === undefined) {
      byLines = new Map();
      credentialsBy.set(shape, byLines);
    }
    let byStatus = byLines.get(e.requestHeaders);
    if (byStatus === undefined) {
      byStatus = new Map();
      byLines.set(e.requestHeaders, byStatus);
    }
    let c = byStatus.get(e.status);
    if (c === undefined) {
      c = sharedCredentials(credentialsOf(e));
      byStatus.set(e.status, c);
    }
    return c;
  };
  const digest = createHash('sha256');
  let pieces: Buffer[] = [];
  let piecesFrom = 0;
  const scanner = new HarScanner((span) => {
    const at = `${name}#${span.index}`;
    if (span.skipped === 'deep') return void unread.push(tooDeep(at));
    if (span.skipped === 'large')
      return void unread.push({
        source: at,
        reason: `${at}: the entry is larger than the ${MAX_ENTRY_BYTES / 2 ** 20} MiB of one entry this harness reads (a limit of the harness, not a finding): it is not judged`,
      });
    let e: RecordedEntry;
    try {
      e = readScannedEntry(parsed(bytesOf(pieces, piecesFrom, span.start, span.end), name), at, false);
    } catch (err) {
      if (err instanceof HarError) throw new UsageError(err.message);
      throw err;
    }
    starts.push(span.start);
    ends.push(span.end);
    indexes.push(span.index);
    urls.push(e.url);
    // One string per method, not one per entry.
    const m = methodNames.get(e.method) ?? e.method;
    if (!methodNames.has(m)) methodNames.set(m, m);
    methods.push(m);
    times.push(e.startedMs);
    if (isPreflight(e)) preflights.add(starts.length - 1);
    credentials.push(credentialsOfEntry(e));
    progress?.tick('reading the recording', starts.length);
  }, MAX_ENTRY_BYTES);
  try {
    // Read up to the size it had when opened: a file that grows while read is read as it was.
    for (let pos = 0; pos < size && scanner.problem === undefined; ) {
      const chunk = Buffer.allocUnsafe(Math.min(CHUNK, size - pos));
      const n = readSync(fd, chunk, 0, chunk.length, pos);
      if (n === 0) break;
      const got = chunk.subarray(0, n);
      digest.update(got);
      pieces.push(got);
      scanner.push(got);
      pos += n;
      // Only the bytes of an entry still open are kept.
      const open = scanner.openEntry;
      if (open === undefined) {
        pieces = [];
        piecesFrom = pos;
      } else
        while (pieces.length > 0 && piecesFrom + pieces[0]!.length <= open)
          piecesFrom += pieces.shift()!.length;
    }
  } catch (e) {
    closeSync(fd);
    throw e;
  }
  pieces = [];
  const problem = scanner.finish();
  if (problem !== undefined || !scanner.found) {
    closeSync(fd);
    if (problem !== undefined) throw notJson(name, problem);
    throw new UsageError(`${name} is no HAR file: it has no log.entries array (HAR 1.2)`);
  }
  // Where each entry is, in arrays of numbers (a million entries' places in 20 MB), let go when closed.
  let where = {
    starts: Float64Array.from(starts),
    ends: Float64Array.from(ends),
    indexes: Int32Array.from(indexes),
  };
  const entries = starts.length;
  starts.length = 0;
  ends.length = 0;
  indexes.length = 0;
  let read = false;
  const sharer = new LineSharer();
  const set: RecordedSet = {
    size: entries,
    // Made once: the URLs are let go with them (the judge reads each again with its entry). The arrays are
    // emptied, not just dropped: the scanner's callback, alive as long as this set, still names them.
    heads: () => {
      if (read) throw new Error(`the heads of ${name} were read already`);
      read = true;
      const out = urls.map(
        (url, at): EntryHead => ({
          at,
          url,
          method: methods[at]!,
          startedMs: times[at]!,
          ours: NOTHING_OURS,
          ...(preflights.has(at) ? { preflight: true as const } : {}),
        }),
      );
      urls.length = 0;
      methods.length = 0;
      times.length = 0;
      return out;
    },
    // The entries read share their lines (shared-lines.ts): the judge makes what it makes of each set once.
    read: (positions, withBody) => readEntries(fd, name, positions, withBody, where, sharer),
    // Asked once per run of positions in this file (joined recordings interleave): kept until closed.
    *credentials(positions) {
      for (let i = 0; i < positions.length; i++) yield credentials[positions[i]!]!;
    },
    close: () => {
      credentials.length = 0;
      kept.clear();
      credentialsBy.clear();
      where = { starts: new Float64Array(0), ends: new Float64Array(0), indexes: new Int32Array(0) };
      closeSync(fd);
    },
  };
  return { name, set, sha256: digest.digest('hex'), ...(unread.length > 0 ? { unread } : {}) };
}

/** The entries at `positions`, read again from the file through a window of CHUNK bytes. */
function* readEntries(
  fd: number,
  name: string,
  positions: ArrayLike<number>,
  withBody: boolean,
  where: { starts: Float64Array; ends: Float64Array; indexes: Int32Array },
  sharer: LineSharer,
): Generator<RecordedEntry> {
  let window = Buffer.alloc(0);
  let windowFrom = 0;
  for (let i = 0; i < positions.length; i++) {
    const p = positions[i]!;
    const start = where.starts[p]!;
    const end = where.ends[p]!;
    if (start < windowFrom || end > windowFrom + window.length) {
      window = Buffer.allocUnsafe(Math.max(CHUNK, end - start));
      const n = readSync(fd, window, 0, window.length, start);
      window = window.subarray(0, n);
      windowFrom = start;
      if (n < end - start) throw new UsageError(`the recording ${name} changed while it was judged`);
    }
    const at = `${name}#${where.indexes[p]!}`;
    try {
      yield sharer.share(
        readScannedEntry(parsed(window.subarray(start - windowFrom, end - windowFrom), name), at, withBody),
      );
    } catch (e) {
      if (e instanceof HarError) throw new UsageError(`the recording ${name} changed while it was judged`);
      throw e;
    }
  }
}
