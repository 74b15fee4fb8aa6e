// The HAR files a passive run judges, read and parsed; a file that cannot be read or is no HAR 1.2 is a
// UsageError naming it (exit 2). Reads files, writes none.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { envAndFlag } from '../lib/config/settings.ts';
import { errorMessage, UsageError } from '../lib/errors.ts';
import { HarError, parseHar } from '../lib/formats/har.ts';
import { sha256 } from '../lib/report/provenance.ts';
import type { TrafficSource } from './conduct-traffic.ts';

export function readRecording(file: string): TrafficSource {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new UsageError(
      `cannot read the recording ${file} (${(e as NodeJS.ErrnoException).code ?? errorMessage(e)}); fix ${envAndFlag('har')}`,
    );
  }
  return parsedRecording(text, basename(file));
}

/** A HAR text as a source named `name`. */
export function parsedRecording(text: string, name: string): TrafficSource {
  try {
    return { name, entries: parseHar(text, name), sha256: sha256(text) };
  } catch (e) {
    if (e instanceof HarError) throw new UsageError(e.message);
    throw e;
  }
}
