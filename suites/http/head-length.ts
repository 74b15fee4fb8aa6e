// HTTP-HEAD-CONTENT-LENGTH, over the whole run: a Content-Length on a HEAD answer equals the length of the GETs of
// the same URL and Accept answered around it, where they show the resource unchanged between them.
// Reads the transcript; never sends (the request surface sends HEAD of the list between two plain GETs of it).
import { OUTCOME } from '../../lib/check/skip.ts';
import { flagRef } from '../../lib/config/settings.ts';
import { headerValue } from '../../lib/formats/rate-limit-headers.ts';
import { type Exchange, rawOf } from '../../lib/http/transcript.ts';
import { RFC } from '../kit/basis.ts';
import { type Ctx, check } from '../kit/context.ts';
import { carriesKey } from '../kit/offered.ts';
import { storedAnswers } from '../kit/stored-answer.ts';
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

/** The octets of the GET's content, when it was received whole and as sent. */
function getLength(get: Exchange): number | undefined {
  const r = get.response!;
  if (r.bodyError) return undefined;
  const declared = contentLength(get);
  if (declared !== undefined) return r.bodyBytes === declared ? declared : undefined;
  return r.bodyTruncated ? undefined : r.bodyBytes;
}

interface Pair {
  head: Exchange;
  /** The GETs of the same request on either side of it. */
  before: Exchange;
  after: Exchange;
}

const startOf = (x: Exchange) => Date.parse(x.startedAt);
const endOf = (x: Exchange) => startOf(x) + x.durationMs;

/** Whether `x` is an answered request with the key, unconditional, that speaks of its target (not a 429). */
function comparable(x: Exchange, keyed: ReadonlySet<number>): boolean {
  if (!x.response || !keyed.has(x.seq) || SAYS_NOTHING(x.response.status)) return false;
  return !Object.keys(x.request.headers).some((n) => /^(if-|range$)/i.test(n));
}

/**
 * Each HEAD with the key that carries a Content-Length, with the GETs of the same key (URL, Accept,
 * Accept-Encoding, status) answered just before and just after it, and no unsafe request of the run between
 * them in order or in time, nor ended within `lagMs` (a declared lag) before them. Also how many HEADs carried
 * a Content-Length, and how many none (which RFC 9110 §8.6 allows: each conforms).
 */
export function lengthPairs(ctx: Ctx, lagMs: number): { pairs: Pair[]; heads: number; bare: number } {
  const all = ctx.transcript.all();
  // No HEAD in the run: nothing to pair or count. A long recording's set of keyed requests and list of unsafe
  // ones were otherwise built for none (one of its peaks).
  if (!all.some((x) => x.request.method === 'HEAD')) return { pairs: [], heads: 0, bare: 0 };
  const unsafe: Array<[number, number]> = [];
  let lastGet = new Map<string, Exchange>();
  let waiting = new Map<string, Array<{ head: Exchange; before: Exchange }>>();
  const pairs: Pair[] = [];
  let heads = 0;
  let bare = 0;
  const keyed = new Set(
    recorded(ctx)
      .filter(({ offered }) => carriesKey(offered) === 'primary')
      .map(({ x }) => x.seq),
  );
  const stored = storedAnswers(all);
  for (const x of all) {
    if (!SAFE.has(x.request.method.toUpperCase())) {
      unsafe.push([startOf(x), x.response === undefined ? Number.POSITIVE_INFINITY : endOf(x)]);
      lastGet = new Map();
      waiting = new Map();
      continue;
    }
    if (pairs.length >= MOST_PAIRS || !comparable(x, keyed)) continue;
    const key = pairKey(x);
    if (x.request.method === 'GET') {
      // A cache's stored answer is no GET of the moment it came back in: it neither pairs nor unpairs.
      if (stored.has(x)) continue;
      for (const w of waiting.get(key) ?? []) pairs.push({ ...w, after: x });
      waiting.delete(key);
      lastGet.set(key, x);
    } else if (x.request.method === 'HEAD' && !METHOD_REFUSED.has(x.response!.status)) {
      if (field(x, 'content-length') === undefined) {
        bare += 1;
        continue;
      }
      if (contentLength(x) === undefined) continue;
      heads += 1;
      const before = lastGet.get(key);
      if (before) waiting.set(key, [...(waiting.get(key) ?? []), { head: x, before }]);
    }
  }
  // In time too: an unsafe request in flight while any of the three was, or ended within the declared lag before.
  const calm = ({ before, after }: Pair) =>
    !unsafe.some(([s, e]) => s <= endOf(after) && e + lagMs >= startOf(before));
  return { pairs: pairs.filter(calm), heads, bare };
}

export const headLengthCheck = check({
  id: 'HTTP-HEAD-CONTENT-LENGTH',
  level: 'MUST',
  rules: ['4.list.200'],
  requirement:
    'A Content-Length sent in answer to a HEAD equals the number of octets the GET of the same request would carry as content.',
  rationale: `Compared with the GETs of the same URL, key, Accept and Accept-Encoding answered with the same status just before and just after the HEAD, when they show the list unchanged around it (received whole, of one length, neither a cache's stored copy: Age above 0, or Age 0 repeating an earlier answer's fields) and nothing of the run could change it: no unsafe request between them or in flight meanwhile, none within the lag declared with ${flagRef('consistencySeconds')}. Any other HEAD is left unjudged (other clients may change the store); a HEAD without Content-Length is conformant (RFC 9110 §8.6 lets it send none).`,
  basis: [RFC.headLength],
  title: 'Compares the Content-Length of every HEAD of the run with the length of the GETs around it',
  needs: { requests: 0 },
  recorded: { shows: 'a HEAD with the key, answered with Content-Length, beside a GET of the same URL' },
  async judge(ctx: Ctx) {
    const { pairs, heads, bare } = lengthPairs(ctx, ctx.config.consistencySeconds * 1000);
    // The list is shown unchanged around the HEAD when the GETs on both sides carried the same length.
    const judged = pairs.flatMap(({ head, before, after }) => {
      const length = getLength(before);
      return length === undefined || length !== getLength(after)
        ? []
        : [{ head, get: before, length, sent: contentLength(head)! }];
    });
    if (judged.length + bare === 0)
      ctx.skip(
        heads === 0
          ? 'no HEAD with the key was answered (other than a method refusal or a 429): nothing to judge'
          : `${heads} HEADs with the key carried Content-Length, but none had GETs of the same URL and Accept on both sides, received whole, of one length, with nothing that could change the list between them: nothing to judge`,
        OUTCOME,
      );
    for (const { head, get, length, sent } of judged.filter((p) => p.sent !== p.length).slice(0, 3)) {
      const path = new URL(head.request.url).pathname;
      ctx.problem(
        `HEAD ${path} (#${head.seq}) answered Content-Length: ${sent} where the GETs of the same request around it (#${get.seq}, ${get.response!.status}) carried ${length} octets`,
        { expected: `Content-Length: ${length}, or none`, actual: `Content-Length: ${sent}`, exchange: head },
      );
    }
    const none =
      bare > 0 ? `; ${bare} HEADs with no Content-Length (RFC 9110 §8.6 lets a HEAD send none)` : '';
    ctx.observe(
      `${judged.length} HEADs with Content-Length, each equal to the length of the GETs around it${none}`,
      judged.length + bare,
    );
  },
});
