// The HAR recordings a passive run judges: a file is read entry by entry (recording-file.ts, which refuses
// what is no regular file), a HAR text given whole (the API) is parsed whole; what is no HAR 1.2 is a
// UsageError naming it (exit 2). An entry nested past what the harness reads is left unread and named (the
// report says so: a limit of ours, exit 3). Reads files, writes none.
import { UsageError } from '../lib/errors.ts';
import { HarError, readHar } from '../lib/formats/har.ts';
import { sha256 } from '../lib/report/provenance.ts';
import type { TrafficSource } from './conduct-traffic.ts';
import type { Progress } from './progress.ts';
import { heldSet } from './recorded-set.ts';
import { recordingFile } from './recording-file.ts';

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
