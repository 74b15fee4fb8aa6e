// HTTP-HEAD-CONTENT-LENGTH, over the whole run: a Content-Length on a HEAD answer equals the length of the GET of
// the same URL and Accept answered next to it, where nothing can have changed the resource between the two.
// Reads the transcript; never sends (the request surface sends HEAD of the list right after a plain GET of it).
import { OUTCOME } from '../../lib/check/skip.ts';
import { headerValue } from '../../lib/formats/rate-limit-headers.ts';
import { type Exchange, rawOf } from '../../lib/http/transcript.ts';
import { RFC } from '../kit/basis.ts';
import { type Ctx, check } from '../kit/context.ts';
import { carriesKey } from '../kit/offered.ts';
import { recorded, SAYS_NOTHING } from '../kit/traffic.ts';
import { METHOD_REFUSED } from './head-refused.ts';

/** Methods that change nothing (RFC 9110 §9.2.1): any other request between a HEAD and its GET unpairs them. */
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE']);
/** Most HEADs compared: enough to see a server's habit, bounded on a long recording. */
const MOST_PAIRS = 50;

const field = (x: Exchange, name: string): string | undefined =>
  headerValue(rawOf(x.response!).headers, name)?.trim();
const asked = (x: Exchange, name: string): string =>
  headerValue(x.request.headers, name)?.trim().toLowerCase() ?? '';

/** What must match for a GET to stand for a HEAD: the URL, what the request negotiates, and the status. */
function pairKey(x: Exchange): string {
  return [x.request.url, asked(x, 'accept'), asked(x, 'accept-encoding'), x.response!.status].join('\n');
}

/** A single Content-Length value, a decimal number (a list of equal values is one value, RFC 9110 §8.6). */
function contentLength(x: Exchange): number | undefined {
  const v = field(x, 'content-length');
  if (v === undefined) return undefined;
  const values = new Set(v.split(',').map((s) => s.trim()));
  const [one] = values;
  return values.size === 1 && /^\d{1,15}$/.test(one!) ? Number(one) : undefined;
}

/** The octets of the GET's content, when it was received whole and as sent (no cache's stored copy). */
function getLength(get: Exchange): number | undefined {
  const r = get.response!;
  if (r.bodyError || field(get, 'age') !== undefined) return undefined;
  const declared = contentLength(get);
  if (declared !== undefined) return r.bodyBytes === declared ? declared : undefined;
  return r.bodyTruncated ? undefined : r.bodyBytes;
}

interface Pair {
  head: Exchange;
  get: Exchange;
  /** The later one's end and the earlier one's start, ms. */
  from: number;
  to: number;
}

const startOf = (x: Exchange) => Date.parse(x.startedAt);
const endOf = (x: Exchange) => startOf(x) + x.durationMs;

/**
 * Each HEAD with the key that carries a Content-Length, paired with the GET of the same key (URL, Accept,
 * Accept-Encoding, status) answered next to it, before it if one is, else after it, with no unsafe request of
 * the run between them in order or in time, nor ended within `lagMs` (a declared lag) before them.
 */
export function lengthPairs(ctx: Ctx, lagMs: number): Pair[] {
  const unsafe: Array<[number, number]> = [];
  let lastGet = new Map<string, Exchange>();
  let waiting = new Map<string, Exchange[]>();
  const pairs: Pair[] = [];
  const keyed = new Set(
    recorded(ctx)
      .filter(({ offered }) => carriesKey(offered) === 'primary')
      .map(({ x }) => x.seq),
  );
  const pair = (head: Exchange, get: Exchange) => {
    const [a, b] = head.seq < get.seq ? [head, get] : [get, head];
    pairs.push({ head, get, from: startOf(a), to: endOf(b) });
  };
  for (const x of ctx.transcript.all()) {
    if (!SAFE.has(x.request.method.toUpperCase())) {
      unsafe.push([startOf(x), x.response === undefined ? Number.POSITIVE_INFINITY : endOf(x)]);
      lastGet = new Map();
      waiting = new Map();
      continue;
    }
    if (pairs.length >= MOST_PAIRS || !x.response || !keyed.has(x.seq)) continue;
    const s = x.response.status;
    if (SAYS_NOTHING(s) || Object.keys(x.request.headers).some((n) => /^(if-|range$)/i.test(n))) continue;
    const key = pairKey(x);
    if (x.request.method === 'GET') {
      for (const head of waiting.get(key) ?? []) pair(head, x);
      waiting.delete(key);
      lastGet.set(key, x);
    } else if (x.request.method === 'HEAD' && !METHOD_REFUSED.has(s) && contentLength(x) !== undefined) {
      const get = lastGet.get(key);
      if (get) pair(x, get);
      else waiting.set(key, [...(waiting.get(key) ?? []), x]);
    }
  }
  // In time too: an unsafe request in flight while either was, or ended within the declared lag before them.
  return pairs.filter(({ from, to }) => !unsafe.some(([s, e]) => s <= to && e + lagMs >= from));
}

export const headLengthCheck = check({
  id: 'HTTP-HEAD-CONTENT-LENGTH',
  level: 'MUST',
  rules: ['4.list.200'],
  requirement:
    'A Content-Length sent in answer to a HEAD equals the number of octets the GET of the same request would carry as content.',
  rationale:
    'Compared with the GET of the same URL, key, Accept and Accept-Encoding answered with the same status next to the HEAD (before it, else after it), when nothing can have changed the resource between them: no unsafe request of the run between them or in flight meanwhile, none within the lag declared with --consistency-seconds, neither answer from a cache (Age), and the GET received whole. Any other HEAD is left unjudged; a HEAD without Content-Length is conformant (RFC 9110 §8.6 lets it send none).',
  basis: [RFC.headLength],
  title: 'Compares the Content-Length of every HEAD of the run with the length of its neighbouring GET',
  needs: { requests: 0 },
  recorded: { shows: 'a HEAD with the key, answered with Content-Length, beside a GET of the same URL' },
  async judge(ctx: Ctx) {
    const judged = lengthPairs(ctx, ctx.config.consistencySeconds * 1000).flatMap(({ head, get }) => {
      const length = getLength(get);
      return length === undefined ? [] : [{ head, get, length, sent: contentLength(head)! }];
    });
    if (judged.length === 0)
      ctx.skip(
        'no HEAD with the key answered with Content-Length beside a GET of the same URL and Accept received whole, with nothing that could change the list between them: nothing to judge',
        OUTCOME,
      );
    for (const { head, get, length, sent } of judged.filter((p) => p.sent !== p.length).slice(0, 3)) {
      const path = new URL(head.request.url).pathname;
      ctx.problem(
        `HEAD ${path} (#${head.seq}) answered Content-Length: ${sent} where the GET of the same request (#${get.seq}, ${get.response!.status}) carried ${length} octets`,
        { expected: `Content-Length: ${length}, or none`, actual: `Content-Length: ${sent}`, exchange: head },
      );
    }
    ctx.observe(
      `${judged.length} HEADs with Content-Length, each equal to the length of its neighbouring GET`,
      judged.length,
    );
  },
});
