// Helpers for the checks that judge the whole transcript: the same problem on many responses becomes one
// finding with a count, the statuses it was seen on and the first exchange as evidence.

import { OUTCOME } from '../../lib/check/skip.ts';
import type { SchemaIssue } from '../../lib/formats/validation.ts';
import type { Exchange } from '../../lib/http/transcript.ts';
import type { Ctx } from './context.ts';
import { frontRefusal } from './front-refusal.ts';

export interface Offence {
  problem: string;
  exchange: Exchange;
  /** The schema failures behind the problem, as data. */
  schema?: SchemaIssue[];
}

/**
 * Every response of the run to a request that was valid HTTP and within what real fronts accept. A request
 * a check made invalid on purpose (an invalid percent-encoding) may be answered by the HTTP stack before the
 * API sees it, and a front refuses an over-long request (a named length case) before routing it
 * (front-refusal.ts), so the API's own requirements (Error bodies, rate-limit headers) do not reach those
 * answers; `withInvalid` keeps them (framing binds every response). The left-out answers are noted. Every
 * check that judges every response reads them here, so all leave out the same answers: ERR-*, EVERY-JSON-*,
 * HTTP-FIELD-SYNTAX, HTTP-REQUIRED-FIELDS, RL-HEADERS-* and EVERY-RL-HEADER-ONCE (RL-BUCKET-* through
 * frontRefusal in limiter-requests.ts); HTTP-FRAMING alone keeps them.
 */
export function responses(ctx: Ctx, withInvalid = false): Exchange[] {
  const r = readResponses(ctx.transcript.all());
  if (withInvalid) return r.all;
  if (r.valid < r.all.length)
    ctx.note(
      `${r.all.length - r.valid} answers to requests that were not valid HTTP on purpose (an invalid percent-encoding) are left out: the HTTP stack may answer those before the API does`,
    );
  if (r.refused)
    ctx.note(
      `${r.refused.count} answers are an HTTP front's refusal before routing of a request it may refuse (e.g. ${r.refused.first}): left out, as the API never saw them`,
    );
  return r.routed;
}

interface ResponsesRead {
  length: number;
  all: Exchange[];
  /** How many of `all` were valid HTTP; the routed ones, and how many a front refused (the first's reason). */
  valid: number;
  routed: Exchange[];
  refused?: { count: number; first: string };
}

/**
 * The responses of a transcript, read once while it has not grown (a recording never does): every whole-run
 * check reads them. The arrays are shared: no one may change them.
 */
function readResponses(transcript: readonly Exchange[]): ResponsesRead {
  const hit = responsesOnce.get(transcript);
  if (hit && hit.length === transcript.length) return hit;
  const all = transcript.filter((x) => x.response !== undefined);
  // Where nothing is left out, one array stands for the next (a long recording's every response: 8 MB an
  // array a million responses, held while its area is judged).
  const valid = all.some((x) => x.invalidRequest !== undefined)
    ? all.filter((x) => x.invalidRequest === undefined)
    : all;
  let routed: Exchange[] = valid;
  let refused: ResponsesRead['refused'];
  valid.forEach((x, i) => {
    const why = frontRefusal(x);
    if (why === undefined) {
      if (routed !== valid) routed.push(x);
      return;
    }
    if (routed === valid) routed = valid.slice(0, i);
    if (refused) refused.count += 1;
    else refused = { count: 1, first: why };
  });
  const read = {
    length: transcript.length,
    all,
    valid: valid.length,
    routed,
    ...(refused ? { refused } : {}),
  };
  responsesOnce.set(transcript, read);
  return read;
}

const responsesOnce = new WeakMap<readonly Exchange[], ResponsesRead>();

/** What a whole-run check judges, as its messages name it; ordinary responses unless said. */
export interface Judged {
  /** Plural noun: 'responses', 'JSON bodies'. */
  noun: string;
  /** Why there is nothing to judge when there is none. */
  none: string;
}

const RESPONSES: Judged = {
  noun: 'responses',
  none: 'no responses were recorded in this run (all other checks were left out)',
};

/** What is wrong with one exchange: a problem's text, or the problem with its schema failures. */
export type Wrong = string | Omit<Offence, 'exchange'>;

/**
 * The whole-run judgement: each of `xs` judged by `wrongs` (its problems, none when it is right), then
 * reported grouped by problem (reportGrouped), `ok` when nothing is wrong, skipped when there is nothing.
 */
export function judgeEach(
  ctx: Ctx,
  xs: readonly Exchange[],
  wrongs: (x: Exchange) => Iterable<Wrong>,
  ok: string,
  judged: Judged = RESPONSES,
): void {
  const offences: Offence[] = [];
  for (const x of xs)
    for (const w of wrongs(x))
      offences.push(typeof w === 'string' ? { problem: w, exchange: x } : { ...w, exchange: x });
  reportGrouped(ctx, offences, xs.length, ok, judged);
}

/** Reports offences grouped by problem text; observes `ok` when there are none. */
export function reportGrouped(
  ctx: Ctx,
  offences: Offence[],
  total: number,
  ok: string,
  judged: Judged = RESPONSES,
): void {
  if (total === 0) ctx.skip(judged.none, OUTCOME);
  const groups = new Map<string, Offence[]>();
  for (const o of offences) {
    const group = groups.get(o.problem);
    if (group) group.push(o);
    else groups.set(o.problem, [o]);
  }
  for (const [problem, os] of groups) {
    const xs = os.map((o) => o.exchange);
    const statuses = [...new Set(xs.map((x) => x.response?.status))].sort().join(', ');
    const schema = os[0]!.schema;
    ctx.problem(`${problem}: ${xs.length} of ${total} ${judged.noun} (status ${statuses})`, {
      exchange: xs[0]!,
      ...(schema ? { schema } : {}),
    });
    ctx.evidence(...xs.slice(1, 3));
  }
  ctx.observe(`${ok} (${total} ${judged.noun})`, total);
}
