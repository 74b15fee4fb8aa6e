// The verdict of a check from what it recorded and how it ended: problems by level, no pass on nothing judged
// or on refusals alone, a thrown error as error. Pure: the result around it is result.ts.
import { flagAndEnv } from '../config/settings.ts';
import type { Exchange } from '../http/transcript.ts';
import { bounded, type Findings } from './findings.ts';
import type { CheckMeta, Level, Status } from './model.ts';
import { limit, OUTCOME, type Skip } from './skip.ts';

export function statusFor(level: Level, problems: number): Status {
  if (problems === 0) return level === 'INFO' ? 'info' : 'pass';
  if (level === 'MUST') return 'fail';
  return level === 'SHOULD' ? 'warn' : 'info';
}

/** The default refusal: the limiter's 429 (RFC 6585 §4), which answers nothing of what was asked. */
export const limiterRefusal = (x: Exchange): string | undefined =>
  x.response?.status === 429 ? '429 (the rate limiter)' : undefined;

/**
 * Why a pass is none: every answer it rests on (those the check named, else those it sent and attached) was a
 * refusal of the limiter or a front, which says nothing of what was asked. The client had already waited each
 * refusal out (Retry-After, backoff) and asked once more; the limit did not lift within that.
 */
export function refusedOnly(
  check: CheckMeta,
  found: Findings,
  sent: readonly Exchange[],
  refusal: (x: Exchange) => string | undefined,
): Skip | undefined {
  if (check.judgesRefusals) return undefined;
  const on = found.observedOn ?? dedupe([...sent, ...found.attached]);
  const answered = on.filter((x) => x.response !== undefined);
  if (answered.length === 0) return undefined;
  const why = new Map<string, number>();
  for (const x of answered) {
    const w = refusal(x);
    if (w === undefined) return undefined;
    why.set(w, (why.get(w) ?? 0) + 1);
  }
  const kinds = [...why].map(([w, n]) => `${n} × ${w}`).join(', ');
  return {
    reason: `not judged: every answer it rests on was a refusal, not the service's answer to what was asked (${kinds}, #${answered[0]!.seq}${answered.length > 1 ? ` to #${answered.at(-1)!.seq}` : ''}); the limit did not lift within the waits the run allows (each Retry-After and its backoff, then one retry; ${flagAndEnv('maxWaitSeconds')} bounds them)`,
    cause: limit('maxWaitSeconds'),
  };
}

/** The status and message of the check from what it recorded and how it ended. */
export function verdictOf(level: Level, found: Findings, thrown: string | undefined) {
  let error = thrown === undefined ? undefined : bounded(thrown);
  // No pass without evidence: a check that found nothing wrong must say what it judged, and over how much.
  if (error === undefined && found.skipped === undefined && found.problems === 0) {
    if (found.observed === undefined)
      error = 'E_INTERNAL: the check ended without a finding and without saying what it judged';
    else if (found.judged === 0)
      found.skipped = { reason: `nothing to judge: ${found.observed}`, cause: OUTCOME };
  }
  const status: Status =
    error !== undefined ? 'error' : found.skipped !== undefined ? 'skip' : statusFor(level, found.problems);
  const message =
    error ??
    (found.skipped ? bounded(found.skipped.reason) : undefined) ??
    (found.problems > 0 ? found.problemMessage() : found.observed!);
  return { status, message };
}

/** Each exchange once, the first of each sequence number kept, in the order given. */
export function dedupe(exchanges: readonly Exchange[]): Exchange[] {
  const bySeq = new Map<number, Exchange>();
  for (const x of exchanges) if (!bySeq.has(x.seq)) bySeq.set(x.seq, x);
  return [...bySeq.values()];
}
