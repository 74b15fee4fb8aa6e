// Whether a run could show a truncated Retry-After (koa-ratelimit's `(reset - now) | 0`): only when the
// request sent after waiting it left before the window truly ended. The Reset is read to the microsecond (the
// package writes it so) and the target shares this machine's clock. Test support; judges nothing itself.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CliRun } from '../support/cli.ts';

interface HarEntry {
  startedDateTime: string;
  request: { headers: Array<{ name: string; value: string }> };
  response: { status: number; headers: Array<{ name: string; value: string }> };
}

const header = (hs: HarEntry['response']['headers'], name: string) =>
  hs.find((h) => h.name.toLowerCase() === name)?.value;

/** The primary key's requests (the transcript writes each credential as the variable that holds it). */
const primary = (e: HarEntry) => header(e.request.headers, 'authorization') === 'Bearer $ORDER_STORE_API_KEY';

/**
 * Why the run's recovery could not meet the truncation, or undefined when it could: the request of the key
 * after its first 429 (the walk's, which the recovery waits out) went out at or after the moment that 429's X-RateLimit-Reset named, so the window
 * was over whatever Retry-After said (the truncated part was under the wait's own margin).
 */
export function truncationHidden(run: CliRun): string | undefined {
  const har = JSON.parse(readFileSync(join(run.reportDir, 'latest', 'transcript.har'), 'utf8')) as {
    log: { entries: HarEntry[] };
  };
  const mine = har.log.entries.filter(primary);
  const first = mine.findIndex((e) => e.response.status === 429);
  const refused = mine[first];
  const next = first < 0 ? undefined : mine[first + 1];
  const reset = refused && Number(header(refused.response.headers, 'x-ratelimit-reset'));
  if (!refused || !next || !Number.isFinite(reset)) return undefined;
  const sentMs = Date.parse(next.startedDateTime);
  return sentMs >= reset! * 1000
    ? `the request after the 429 went out ${sentMs - reset! * 1000} ms after the Reset it named (${reset}): the truncated part of Retry-After was under the wait's margin`
    : undefined;
}
