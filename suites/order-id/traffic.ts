// The orderId checks judged from recorded traffic: every cancel a client sent with the key, by its id: one the
// first list proves absent (404, an Error, the rate-limit headers), one that is no ASCII decimal int64 (never
// 2xx unless it names an order, then by what kind of spelling it is; never 5xx; an Error if any body).
// Sends nothing; which order a lenient reading names is readings.ts's, as for the run's own sendings.

import { flagRef } from '../../lib/config/settings.ts';
import { isCanonicalInt64 } from '../../lib/formats/int64.ts';
import type { Response } from '../../lib/http/client.ts';
import { replayed } from '../../lib/http/recorded.ts';
import { type Exchange, rawOf } from '../../lib/http/transcript.ts';
import type { Ctx } from '../kit/context.ts';
import { expectErrorBody, requireStatus } from '../kit/expect.ts';
import { frontRefusal } from '../kit/front-refusal.ts';
import { keyCancels } from '../kit/key-cancels.ts';
import { carriesKey } from '../kit/offered.ts';
import { viewOf } from '../kit/responses.ts';
import { NOT_OBSERVED, recorded, replay, SAYS_NOTHING, type TrafficJudges } from '../kit/traffic.ts';
import { admissibleAbsent } from './absent.ts';
import type { SpellingLevel } from './catalogue.ts';
import { type CaseFailure, judgeAbsent, judgeMalformed, short } from './judge.ts';
import { knownOrders, noKnownReason } from './known.ts';
import { asciiDigits, type KnownOrders } from './readings.ts';

/** A property judge's failure as the check's problem. */
function fails(ctx: Ctx, f: CaseFailure | undefined): void {
  if (f)
    ctx.problem(f.message, {
      expected: f.expected,
      actual: f.actual,
      exchange: f.exchange,
      ...(f.schema ? { schema: f.schema } : {}),
    });
}

/** A recorded response for a judge of responses: replayed whole, or (its body cut) its status alone. */
function answerOf(ctx: Ctx, x: Exchange): Response {
  return replay(ctx, x) ?? replayed(x, rawOf(x.response!).headers, Buffer.alloc(0));
}

/** The cancels with the key of ids the first list proves absent, as the run proves them before sending one. */
async function absentCancels(
  ctx: Ctx,
): Promise<{ known: KnownOrders; xs: Array<{ x: Exchange; id: string }> }> {
  const known = await knownOrders(ctx);
  if (!known) ctx.skip(await noKnownReason(ctx));
  const xs = keyCancels(ctx).filter(({ id }) => admissibleAbsent(known, BigInt(id)));
  if (xs.length === 0)
    ctx.skip(
      `no cancel with the key named an id the first list proves absent (far from every listed id, unless the list is trusted: ${flagRef('trustOrderList')})`,
      NOT_OBSERVED,
    );
  return { known, xs };
}

/** CANCEL-UNKNOWN-404: the first cancel of an id proven absent answered 404. */
export async function absentCancel(ctx: Ctx): Promise<void> {
  const { x, id } = (await absentCancels(ctx)).xs[0]!;
  requireStatus(ctx, answerOf(ctx, x), `cancelling ${id}, an absent id,`).toBe(404);
  ctx.observe(`404 for ${id}, an id absent from the list`, 1);
}

/** CANCEL-UNKNOWN-404-BODY: that 404 carries an Error whose status is 404. */
export async function absentCancelBody(ctx: Ctx): Promise<void> {
  const { x } = (await absentCancels(ctx)).xs[0]!;
  const res = replay(ctx, x);
  if (x.response!.status !== 404 || !res)
    ctx.skip(
      res
        ? `the absent-id cancel answered ${x.response!.status}, not 404 (see CANCEL-UNKNOWN-404)`
        : 'its body was not recorded whole',
      NOT_OBSERVED,
    );
  expectErrorBody(ctx, viewOf(res), x);
  ctx.observe('a valid Error body with status 404', 1);
}

/** ID-ABSENT-404: every cancel of an id proven absent answered 404, an Error and the rate-limit headers. */
async function absent404(ctx: Ctx): Promise<void> {
  const { known, xs } = await absentCancels(ctx);
  let unread = 0;
  for (const { x, id } of xs) {
    // A 404 whose body was not recorded: its status is judged, not the Error it may carry.
    if (x.response!.status === 404 && x.response!.bodyTruncated) {
      unread += 1;
      continue;
    }
    fails(ctx, judgeAbsent(id, answerOf(ctx, x), known));
  }
  if (unread > 0)
    ctx.note(`${unread} answers 404 were recorded without their body: only their status is judged`);
  ctx.observe(`404 with an Error body and rate-limit headers for ${xs.length} absent ids`, xs.length);
}

/**
 * The integer a spelling stands for exactly, read as the lenient parsers the catalogue names read it (hex,
 * octal, binary, an exponent, a fraction of zeros, a sign, separators, whitespace, other digits), or undefined.
 */
function exactValue(decoded: string): bigint | undefined {
  const t = asciiDigits(decoded)
    .trim()
    .replace(/_/g, '')
    .replace(/^\+(?=[^+-])/, '');
  const neg = t.startsWith('-') ? -1n : 1n;
  const u = t.replace(/^-/, '');
  const radix = /^0([xob])([0-9a-f]+)$/i.exec(u);
  try {
    if (radix) return neg * BigInt(`0${radix[1]!.toLowerCase()}${radix[2]}`);
    if (/^\d+(\.0*)?$/.test(u)) return neg * BigInt(u.split('.')[0]!);
    const e = /^(\d+)(?:\.(\d*))?e([+-]?\d+)$/i.exec(u);
    if (e) {
      const digits = `${e[1]}${e[2] ?? ''}`;
      const exp = Number(e[3]) - (e[2]?.length ?? 0);
      if (exp >= 0) return exp > 40 ? undefined : neg * BigInt(digits) * 10n ** BigInt(exp);
      const cut = digits.length + exp;
      return cut > 0 && /^0*$/.test(digits.slice(cut)) ? neg * BigInt(digits.slice(0, cut)) : undefined;
    }
  } catch {
    return undefined;
  }
  return undefined;
}

/** What accepting `segment` as order `order` breaks (catalogue.ts): leading zeros, another spelling, a misreading. */
export function spellingLevel(segment: string, order: string): SpellingLevel {
  let decoded: string;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    return 'MUST';
  }
  if (/^-?0+\d+$/.test(decoded) && BigInt(decoded) === BigInt(order)) return 'INFO';
  return exactValue(decoded) === BigInt(order) ? 'SHOULD' : 'MUST';
}

interface MalformedCancel {
  x: Exchange;
  segment: string;
  /** A known order one of its lenient readings names, with what accepting it as that order breaks. */
  named?: { order: string; level: SpellingLevel };
}

/** Every cancel with the key whose id is no ASCII decimal int64, with the order it may be read as. */
async function malformedCancels(ctx: Ctx): Promise<{ known?: KnownOrders; xs: MalformedCancel[] }> {
  const known = await knownOrders(ctx).catch(() => undefined);
  const xs = recorded(ctx).flatMap(({ x, route, offered }): MalformedCancel[] => {
    if (route?.op !== 'cancel' || route.spelled || route.id === undefined || isCanonicalInt64(route.id))
      return [];
    if (carriesKey(offered) === undefined || x.response!.status === 401 || SAYS_NOTHING(x.response!.status))
      return [];
    const hit = known?.collisions(route.id).sort((a, b) => Number(a.shipped) - Number(b.shipped))[0];
    return [
      {
        x,
        segment: route.id,
        ...(hit ? { named: { order: hit.order, level: spellingLevel(route.id, hit.order) } } : {}),
      },
    ];
  });
  if (xs.length === 0)
    ctx.skip('no cancel with the key named an id that is no ASCII decimal int64', NOT_OBSERVED);
  return { ...(known ? { known } : {}), xs };
}

const is2xx = (x: Exchange) => x.response!.status >= 200 && x.response!.status <= 299;

/** ID-MALFORMED-4XX: never 2xx around an id no order has, never 5xx, any body an Error. */
async function malformed4xx(ctx: Ctx): Promise<void> {
  const { known, xs } = await malformedCancels(ctx);
  const judged = xs.filter((m) => !(m.named && is2xx(m.x)));
  let unproven = 0;
  for (const m of judged) {
    if (!known && is2xx(m.x)) {
      unproven += 1;
      continue;
    }
    // As a run judges its own: a request that was not valid HTTP, or a front's refusal of one past what
    // fronts accept, is judged by its status alone (neither reached the API).
    const unrouted = m.x.invalidRequest !== undefined || frontRefusal(m.x) !== undefined;
    fails(ctx, judgeMalformed(m.segment, answerOf(ctx, m.x), unrouted));
  }
  if (unproven > 0)
    ctx.note(
      `${unproven} 2xx answers are not judged: without a list read with the key, nothing proves no order has those ids`,
    );
  ctx.observe(`${judged.length - unproven} malformed ids, each refused with a 4xx`, judged.length - unproven);
}

/** ID-MALFORMED-STATUS-INFO: which statuses and Error codes the malformed ids got. */
async function malformedStatus(ctx: Ctx): Promise<void> {
  const { xs } = await malformedCancels(ctx);
  const tally = new Map<string, number>();
  for (const { x } of xs) {
    const p = answerOf(ctx, x).json();
    const code = p.ok ? (p.value as { code?: unknown } | null)?.code : undefined;
    const key = `${x.response!.status}${typeof code === 'string' ? ` ${code}` : ''}`;
    tally.set(key, (tally.get(key) ?? 0) + 1);
  }
  for (const [key, n] of tally) ctx.note(`${key}: ${n}`);
  ctx.evidence(...xs.slice(0, 3).map((m) => m.x));
  ctx.observe(`${xs.length} malformed ids answered ${[...tally.keys()].join(' / ')}`, xs.length);
}

/** The cancels whose id a lenient reading takes for a known order, by what accepting them breaks. */
async function spellingsAt(ctx: Ctx, level: SpellingLevel) {
  const { xs } = await malformedCancels(ctx);
  const at = xs.filter((m) => m.named?.level === level);
  if (at.length === 0) ctx.skip(`no cancel with the key spelled a known order's id that way`, NOT_OBSERVED);
  return at;
}

function judgeSpellings(level: 'MUST' | 'SHOULD', why: string) {
  return async (ctx: Ctx) => {
    const at = await spellingsAt(ctx, level);
    for (const m of at)
      if (is2xx(m.x))
        ctx.problem(
          `DELETE /store/orders/${short(m.segment)} answered ${m.x.response!.status}: ${why} ${m.named!.order}`,
          { expected: '4xx', actual: String(m.x.response!.status), exchange: m.x },
        );
    ctx.observe(
      `no such spelling cancelled an order (${at.length})`,
      at.length,
      at.map((m) => m.x),
    );
  };
}

/** ID-CANCEL-LEADING-ZEROS-INFO: what leading zeros did. */
async function leadingZeros(ctx: Ctx): Promise<void> {
  const at = await spellingsAt(ctx, 'INFO');
  ctx.evidence(...at.slice(0, 3).map((m) => m.x));
  const taken = at.filter((m) => is2xx(m.x));
  ctx.observe(
    taken.length > 0
      ? `leading zeros name the same order: DELETE /store/orders/${short(taken[0]!.segment)} answered ${taken[0]!.x.response!.status}`
      : `leading zeros are refused (${at.map((m) => m.x.response!.status).join(', ')})`,
    at.length,
    at.map((m) => m.x),
  );
}

const MALFORMED =
  'a DELETE /store/orders/{id} with the key whose id is no ASCII decimal int64 (7abc, 0x7, 7.0, 007…)';

export const ORDER_ID_TRAFFIC: TrafficJudges = {
  'ID-LIST-LOSSLESS': { judge: 'run', shows: 'a GET /store/orders sent with the key and answered' },
  'ID-ABSENT-404': {
    judge: absent404,
    shows: 'a DELETE /store/orders/{id} with the key of an id the first list proves absent',
  },
  'ID-CANCEL-ISOLATION': {
    shows: 'a cancel of one fixture, then a shipped order re-asked and the next fixture cancelled',
  },
  'ID-MALFORMED-4XX': { judge: malformed4xx, shows: MALFORMED },
  'ID-MALFORMED-STATUS-INFO': { judge: malformedStatus, shows: MALFORMED },
  'ID-CANCEL-MISREAD': {
    judge: judgeSpellings('MUST', 'no order has that id, yet it cancelled as order'),
    shows: `${MALFORMED} that a careless parser reads as a listed order (7abc, 7.5, 2^64 + 7)`,
  },
  'ID-CANCEL-SPELLING': {
    judge: judgeSpellings('SHOULD', 'a spelling other than the ASCII decimal form cancelled order'),
    shows: `${MALFORMED} spelling a listed order's id another way (0x7, 7e0, +7, ٧)`,
  },
  'ID-CANCEL-LEADING-ZEROS-INFO': {
    judge: leadingZeros,
    shows: `${MALFORMED}: a listed id with leading zeros (007)`,
  },
};
