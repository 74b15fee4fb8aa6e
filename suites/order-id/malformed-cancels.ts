// The cancels with the key whose id is no ASCII decimal int64, in a run or a recording, each with the known
// order a lenient reading of it names (if any) and what accepting it as that order breaks: what the orderId
// malformed-id and spelling judges read. Pure: reads the exchanges, never sends.
import { isCanonicalInt64 } from '../../lib/formats/int64.ts';
import type { Exchange } from '../../lib/http/transcript.ts';
import type { Ctx } from '../kit/context.ts';
import { asciiDigits } from '../kit/id-readings.ts';
import { type KnownOrders, knownOrders } from '../kit/known-orders.ts';
import { carriesKey } from '../kit/offered.ts';
import { NOT_OBSERVED, recorded, SAYS_NOTHING } from '../kit/traffic.ts';
import type { SpellingLevel } from './catalogue.ts';

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

/**
 * Which INFO kind a decoded spelling is (catalogue.ts INFO_CHECKS): an ordinary decimal spelling with leading
 * zeros, or with a leading plus sign; undefined for any other.
 */
export function infoKind(decoded: string): 'leading-zeros' | 'plus-sign' | undefined {
  if (/^-?0+\d+$/.test(decoded)) return 'leading-zeros';
  if (/^\+\d+$/.test(decoded)) return 'plus-sign';
  return undefined;
}

/** The INFO kind of a raw segment as sent (percent-decoded once), or undefined. */
export function infoKindOf(segment: string): ReturnType<typeof infoKind> {
  try {
    return infoKind(decodeURIComponent(segment));
  } catch {
    return undefined;
  }
}

/** What accepting `segment` as order `order` breaks (catalogue.ts): leading zeros, another spelling, a misreading. */
export function spellingLevel(segment: string, order: string): SpellingLevel {
  let decoded: string;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    return 'MUST';
  }
  if (infoKind(decoded) !== undefined && BigInt(decoded) === BigInt(order)) return 'INFO';
  return exactValue(decoded) === BigInt(order) ? 'SHOULD' : 'MUST';
}

export interface MalformedCancel {
  x: Exchange;
  segment: string;
  /**
   * The server read it as the order `named`: it answered 2xx, or 409 to a spelling of a shipped order whose
   * own id it answers 409 (a strict reader refuses the spelling with a 400 or 404 instead).
   */
  read: boolean;
  /**
   * A known order one of its lenient readings names (a pending one before a shipped one), with what accepting
   * it as that order breaks.
   */
  named?: { order: string; level: SpellingLevel; shipped: boolean };
}

/** Every cancel with the key whose id is no ASCII decimal int64, with the order it may be read as. */
export async function malformedCancels(ctx: Ctx): Promise<{ known?: KnownOrders; xs: MalformedCancel[] }> {
  const known = await knownOrders(ctx, true).catch(() => undefined);
  const shipped409 = shippedAnswering409(ctx);
  const xs = recorded(ctx).flatMap(({ x, route, offered }): MalformedCancel[] => {
    if (route?.op !== 'cancel' || route.spelled || route.id === undefined || isCanonicalInt64(route.id))
      return [];
    if (carriesKey(offered) === undefined || x.response!.status === 401 || SAYS_NOTHING(x.response!.status))
      return [];
    const hit = known?.collisions(route.id).sort((a, b) => Number(a.shipped) - Number(b.shipped))[0];
    const status = x.response!.status;
    const read =
      hit !== undefined &&
      ((status >= 200 && status <= 299) || (status === 409 && hit.shipped && shipped409.has(hit.order)));
    return [
      {
        x,
        segment: route.id,
        read,
        ...(hit
          ? { named: { order: hit.order, level: spellingLevel(route.id, hit.order), shipped: hit.shipped } }
          : {}),
      },
    ];
  });
  if (xs.length === 0)
    ctx.skip('no cancel with the key named an id that is no ASCII decimal int64', NOT_OBSERVED);
  // A 409 tells a reading only from a server that refuses other ids it cannot read otherwise (no 409 to all).
  const other4xx = xs.some((m) => !m.named && m.x.response!.status >= 400 && m.x.response!.status !== 409);
  if (!other4xx) for (const m of xs) if (m.read && m.x.response!.status === 409) m.read = false;
  return { ...(known ? { known } : {}), xs };
}

/** The shipped orders a keyed cancel of their own id (as written) was answered 409 in the run or recording. */
function shippedAnswering409(ctx: Ctx): Set<string> {
  const shipped = new Set(ctx.config.shippedOrderIds);
  const out = new Set<string>();
  for (const { x, route, offered } of recorded(ctx))
    if (
      route?.op === 'cancel' &&
      !route.spelled &&
      route.id !== undefined &&
      shipped.has(route.id) &&
      carriesKey(offered) !== undefined &&
      x.response!.status === 409
    )
      out.add(route.id);
  return out;
}

export const is2xx = (x: Exchange) => x.response!.status >= 200 && x.response!.status <= 299;
