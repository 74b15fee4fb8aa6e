// HTTP-HEAD-AS-GET, over the whole run: a HEAD the server answers (not one it refuses as a method, 405 or 501,
// which HTTP-HEAD-REFUSED-INFO records) answers as the GET of the same target would, so no error where that GET succeeded.
// Reads the transcript; never sends (the request surface sends HEAD of the list in every run).
import { OUTCOME } from '../../lib/check/skip.ts';
import { headerValue } from '../../lib/formats/rate-limit-headers.ts';
import { type Exchange, rawOf } from '../../lib/http/transcript.ts';
import { RFC } from '../kit/basis.ts';
import { type Ctx, check } from '../kit/context.ts';
import { carriesKey } from '../kit/offered.ts';
import { describeStatus } from '../kit/responses.ts';
import { recorded, SAYS_NOTHING } from '../kit/traffic.ts';
import { headsOf, METHOD_REFUSED } from './head-refused.ts';

/** The request's Accept as compared between a HEAD and its GET, and whether it asks conditionally. */
function shape(x: Exchange): { accept: string; conditional: boolean } {
  const h = x.request.headers;
  return {
    accept: headerValue(h, 'accept')?.trim().toLowerCase() ?? '',
    conditional: Object.keys(h).some((n) => /^(if-|range$)/i.test(n)),
  };
}

export interface HeadPair {
  head: Exchange;
  get: Exchange;
}

/**
 * Each HEAD with the key, unconditional, answered with something that speaks of it (not a 429, not a method
 * refusal), paired with the last GET before it of the same URL with the key and the same Accept.
 */
export function headPairs(ctx: Ctx): HeadPair[] {
  const lastGet = new Map<string, Exchange>();
  const pairs: HeadPair[] = [];
  for (const { x, offered } of recorded(ctx)) {
    const s = x.response!.status;
    if (carriesKey(offered) !== 'primary' || SAYS_NOTHING(s)) continue;
    const { accept, conditional } = shape(x);
    if (conditional) continue;
    const key = `${accept}\n${x.request.url}`;
    if (x.request.method === 'GET') lastGet.set(key, x);
    else if (x.request.method === 'HEAD' && !METHOD_REFUSED.has(s)) {
      const get = lastGet.get(key);
      if (get) pairs.push({ head: x, get });
    }
  }
  return pairs;
}

const ok = (s: number) => s >= 200 && s < 300;

/** A received answer as a message describes it. */
const said = (x: Exchange): string =>
  describeStatus({
    exchange: x,
    status: x.response!.status,
    headers: rawOf(x.response!).headers,
    bytes: x.response!.bodyBytes,
    receivedAtMs: 0,
  });

export const headAsGetCheck = check({
  id: 'HTTP-HEAD-AS-GET',
  level: 'SHOULD',
  rules: ['4.list.200'],
  requirement:
    'A HEAD the server answers (not refused as a method with 405 or 501) is answered as the GET of the same target is: no error status where that GET, with the same key and Accept, succeeded.',
  rationale:
    'HEAD is GET without content and carries the header fields GET would (RFC 9110 §9.3.2), so a 404 or a 500 to a HEAD of a list the GET returns misreports the resource. A HEAD refused as a method is recorded by HTTP-HEAD-REFUSED-INFO, not judged: RFC 9110 §9.1 asks HEAD only of general-purpose servers. SHOULD: the status follows from the sentence on header fields, which is a SHOULD.',
  basis: [RFC.headNoContent, RFC.headSameFields],
  title: 'Compares every HEAD of the run with the last GET of the same URL before it',
  needs: { requests: 0 },
  recorded: { shows: 'a HEAD with the key after a GET of the same URL with the key' },
  async judge(ctx: Ctx) {
    const pairs = headPairs(ctx).filter(({ get }) => ok(get.response!.status));
    if (pairs.length === 0)
      ctx.skip(
        `no HEAD with the key was answered (other than a method refusal) after a successful GET of the same URL: nothing to judge${headsOf(ctx).refused.length > 0 ? '; the server refused HEAD as a method, which HTTP-HEAD-REFUSED-INFO records with its evidence (RFC 9110 §9.1 asks HEAD of general-purpose servers only)' : ''}`,
        OUTCOME,
      );
    for (const { head, get } of pairs.filter(({ head }) => head.response!.status >= 400).slice(0, 3)) {
      const path = new URL(head.request.url).pathname;
      ctx.problem(
        `HEAD ${path} answered ${said(head)} where GET of the same target (#${get.seq}) answered ${get.response!.status}`,
        {
          expected: `${get.response!.status}, without content`,
          actual: said(head),
          exchange: head,
        },
      );
    }
    ctx.observe(`${pairs.length} HEADs answered as their GET (no error where it succeeded)`, pairs.length);
  },
});
