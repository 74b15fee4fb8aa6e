// The CheckResult a finished check becomes: its identity, verdict (verdict.ts), details, the exchanges it
// carries as evidence and the curl lines that reproduce them. Builds data only; sends and writes nothing.
import { curlCommand, curlOnOneConnection, curlUntil } from '../http/curl.ts';
import type { Redactor } from '../http/redact.ts';
import type { Exchange } from '../http/transcript.ts';
import type { Findings } from './findings.ts';
import type { CheckMeta, CheckResult } from './model.ts';
import { dedupe, limiterRefusal, refusedOnly, verdictOf } from './verdict.ts';

/** Most exchanges a result carries beyond those its findings cite; the rest are only in transcript.har. */
export const MAX_EVIDENCE = 12;
export const MAX_REPRODUCTIONS = 3;

/** What building a result needs of the run around the check. */
export interface ResultEnv {
  suite: string;
  redactor: Redactor;
  /**
   * Why an answer says nothing of what was asked, as it is a refusal of the limiter (a 429) or of a front
   * before routing, or undefined. Default: a 429.
   */
  refusal?(x: Exchange): string | undefined;
}

/**
 * The exchanges the result carries: every one a finding cites, however many (each is a request the run sent),
 * then the others up to MAX_EVIDENCE; and a line for those left to transcript.har.
 */
function evidenceOf(found: Findings, sent: readonly Exchange[]) {
  const cited = [...found.cited.values()];
  const evidence = dedupe([...cited, ...found.attached, ...sent]);
  const kept = Math.max(MAX_EVIDENCE, cited.length);
  const shown = evidence.slice(0, kept).sort((a, b) => a.seq - b.seq);
  let note: string | undefined;
  if (evidence.length > kept) {
    let low = Number.POSITIVE_INFINITY;
    let high = 0;
    for (const x of evidence.slice(kept)) {
      low = Math.min(low, x.seq);
      high = Math.max(high, x.seq);
    }
    note = `${evidence.length - kept} more exchanges in transcript.har (#${low} to #${high})`;
  }
  const leading = dedupe([...cited, ...found.attached]);
  return { cited, shown, note, reproFrom: leading.length > 0 ? leading : sent };
}

function reproductionOf(found: Findings, from: readonly Exchange[], redactor: Redactor): string[] {
  const expressions = redactor.expressions();
  const r = found.repeat;
  if (r) return [curlUntil(r.exchange.request, expressions, r.status, r.max, r.thenAfterSeconds)];
  const together = found.oneConnection;
  const lines = from.filter((x) => !together?.includes(x)).map((x) => curlCommand(x.request, expressions));
  if (together)
    lines.unshift(
      curlOnOneConnection(
        together.map((x) => x.request),
        expressions,
      ),
    );
  return lines.slice(0, MAX_REPRODUCTIONS);
}

/** The check's identity as every result carries it. */
export function metaOf(check: CheckMeta, suite: string) {
  return {
    id: check.id,
    title: check.title,
    level: check.level,
    spec: check.spec,
    rules: [...check.rules],
    requirement: check.requirement,
    ...(check.rationale !== undefined ? { rationale: check.rationale } : {}),
    ...(check.basis ? { basis: check.basis.map((b) => ({ source: b.source, text: b.text })) } : {}),
    suite,
  };
}

export function resultOf(
  check: CheckMeta,
  env: ResultEnv,
  found: Findings,
  thrown: string | undefined,
  sent: readonly Exchange[],
  timing: { startedAt: string; durationMs: number },
): CheckResult {
  // No pass on refusals alone: a check that found nothing wrong in answers that were all refusals judged nothing.
  if (thrown === undefined && found.skipped === undefined && found.problems === 0 && found.judged)
    found.skipped = refusedOnly(check, found, sent, env.refusal ?? limiterRefusal);
  const { status, message } = verdictOf(check.level, found, thrown);
  const evidence = evidenceOf(found, sent);
  const details = found.details();
  if (evidence.note) details.push(evidence.note);
  return {
    ...metaOf(check, env.suite),
    status,
    message,
    ...(status === 'skip' && found.skipped ? { cause: found.skipped.cause } : {}),
    ...((status === 'pass' || status === 'info') && found.judged !== undefined
      ? { judged: found.judged }
      : {}),
    details,
    ...(found.expected !== undefined ? { expected: found.expected } : {}),
    ...(found.actual !== undefined ? { actual: found.actual } : {}),
    ...(found.schemaIssues.length > 0 ? { schemaIssues: found.schemaIssues } : {}),
    ...(found.property !== undefined ? { property: found.property } : {}),
    ...(found.series !== undefined ? { rateLimitSeries: found.series } : {}),
    exchanges: evidence.shown,
    ...(evidence.cited.length > 0 ? { cited: evidence.cited.map((x) => x.seq) } : {}),
    reproduction: reproductionOf(found, evidence.reproFrom, env.redactor),
    ...timing,
  };
}
