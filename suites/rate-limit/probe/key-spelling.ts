// The walk's requests with the key under another spelling of the scheme ("bearer <key>": the same credentials,
// RFC 9110 §11.1), only one the run saw the server accept with a 2xx: which of the walk's requests go so, and
// whether an answer continued the key's count. A server that accepts only "Bearer" is sent nothing new. Reads
// the run's transcript; never sends.

import { findingOf, input, OUTCOME, type Skip, skipOf } from '../../../lib/check/skip.ts';
import { flagRef } from '../../../lib/config/settings.ts';
import { authorizationLine } from '../../kit/accepted-credential.ts';
import type { Tools } from '../../kit/context.ts';
import { trafficOf } from '../../kit/traffic.ts';
import { countedApart, MID_WALK } from './client-address.ts';
import { left, limitOf, type Respelled, type Sample, type Walk } from './record.ts';

/** The first of the walk's requests (1-based) that may go under the other spelling while the count falls. */
export const SPELLING_AT = 4;
/**
 * How far below its Limit the key's count must stand for a count of the spelling's own to stand out: that
 * count has taken at most the run's request that showed the spelling accepted, and this one.
 */
export const STANDS_OUT = 5;

/**
 * The other spelling of the scheme a request of the run with the key was answered 2xx under (the first such),
 * as the walk's record of it; undefined when none was (the server refused it, or no check sent it).
 */
export function acceptedSpelling(env: Pick<Tools, 'transcript' | 'memo'>): Respelled | undefined {
  const facts = trafficOf(env).facts;
  for (const x of env.transcript.all()) {
    const status = x.response?.status ?? 0;
    if (x.bucket !== 'primary' || status < 200 || status > 299) continue;
    const form = facts.get(x.seq)?.offered.form;
    if (form?.kind !== 'bearer' || form.role !== 'key' || form.schemeExact) continue;
    const scheme = authorizationLine(x)?.trim().split(/\s+/)[0];
    if (scheme !== undefined && scheme.toLowerCase() === 'bearer' && scheme !== 'Bearer')
      return { scheme, acceptedSeq: x.seq, sent: [], apart: [] };
  }
  return undefined;
}

/**
 * The scheme the walk's next request goes under, or undefined ("Bearer"): once, the first request from the
 * SPELLING_AT-th on (not one naming another client address) sent while Remaining is above 0 and STANDS_OUT or
 * more below the Limit; and, once an answer to it came from a count of its own, the first request after each
 * Remaining of 0 (which must be refused with 429 whatever the spelling), before any other request past it.
 */
export function schemeFor(walk: Walk, prev: Sample): string | undefined {
  const r = walk.respelled;
  if (!r) return undefined;
  const now = left(prev);
  if (now === undefined) return undefined;
  if (now > 0) {
    const next = walk.sent + 1;
    const limit = limitOf(prev) ?? limitOf(walk.samples[0]!);
    const apart = limit !== undefined && now <= limit - STANDS_OUT;
    return r.sent.length === 0 && next >= SPELLING_AT && !MID_WALK.has(next) && apart ? r.scheme : undefined;
  }
  const suspected = r.apart.some((s) => s.status !== 401);
  return suspected && !r.sent.some((s) => s.n > prev.n) ? r.scheme : undefined;
}

/**
 * Whether the walk still owes its request under the other spelling, sent only below the line where a count of
 * its own stands out (schemeFor): while Remaining is above it, the walk goes on one at a time to reach it.
 */
export function spellingOwed(walk: Walk, last: Sample): boolean {
  const limit = limitOf(last) ?? limitOf(walk.samples[0]!);
  const now = left(last);
  return (
    walk.respelled?.sent.length === 0 && limit !== undefined && now !== undefined && now > limit - STANDS_OUT
  );
}

/**
 * Records the answer to a request sent under the other spelling; true when it is kept out of the walk's
 * samples: served from a count other than the key's (Remaining well above it, or above 0 when the key had
 * none left), or the credential refused after all (a 401), which took nothing from the key's count.
 */
export function keptApart(walk: Walk, prev: Sample, s: Sample, scheme: string): boolean {
  const r = walk.respelled!;
  s.scheme = scheme;
  r.sent.push(s);
  if (s.status === 401 || (s.status !== 429 && countedApart(prev, s))) {
    r.apart.push(s);
    return true;
  }
  return false;
}

/**
 * Why the walk sent nothing under another spelling: the run's requests under one were all refused (the
 * server accepts only "Bearer": AUTH-SCHEME-CASE-INSENSITIVE's finding), or the run sent none.
 */
export function noSpelling(env: Pick<Tools, 'transcript' | 'memo'>): Skip {
  const facts = trafficOf(env).facts;
  const tried = env.transcript.all().find((x) => {
    const form = facts.get(x.seq)?.offered.form;
    return x.bucket === 'primary' && form?.kind === 'bearer' && form.role === 'key' && !form.schemeExact;
  });
  if (tried) {
    const status = tried.response?.status;
    return skipOf(
      `no request of the run with the key under another spelling of the scheme was answered 2xx (exchange ${tried.seq} was answered ${status ?? 'nothing'}), so the walk tried none: it sends only a spelling the server was seen to accept`,
      status === 401 ? findingOf('AUTH-SCHEME-CASE-INSENSITIVE') : OUTCOME,
    );
  }
  return skipOf(
    `no request of the run carried the key under another spelling of the scheme, so the walk tried none (it never guesses one): AUTH-SCHEME-CASE-INSENSITIVE sends one; keep it in the run (${flagRef('only')}, ${flagRef('skip')})`,
    input('only'),
  );
}
