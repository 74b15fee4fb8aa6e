// The one judge of each ID-CANCEL- spelling check, over every cancel with the key whose id is no ASCII decimal
// int64 (or an absent one a 32-bit reader wraps) yet names a known order, by what accepting it breaks
// (malformed-cancels.ts), in the run or a recording so far; each spelling's kind is read from the run's memo.

import { answerOf } from '../kit/absent-cancels.ts';
import type { Ctx } from '../kit/context.ts';
import { expectStatus } from '../kit/expect.ts';
import { int32Reading } from '../kit/id-readings.ts';
import { describeStatus } from '../kit/responses.ts';
import { radixReading } from '../kit/spelling-text.ts';
import { NOT_OBSERVED } from '../kit/traffic.ts';
import { asideText, judgedAside } from './aside.ts';
import { spelledAt } from './cancel.ts';
import type { SpellingLevel } from './catalogue.ts';
import { short } from './judge.ts';
import { infoKindOf, malformedCancels } from './malformed-cancels.ts';
import { spellingSent } from './spelling.ts';
import { wrappedCancels } from './wrapped-cancels.ts';

/**
 * The cancels that spelled a known order's id with what accepting it breaks at `level`, with their kind;
 * undefined when the verdict was given already from the kinds judged around absent ids (aside.ts).
 */
async function spellingsAt(ctx: Ctx, level: SpellingLevel, kind?: string) {
  const { known, xs: malformed } = await malformedCancels(ctx);
  // An absent id a 32-bit reader wraps onto a pending order names no order either (wrapped-cancels.ts).
  const xs = level === 'MUST' ? [...malformed, ...wrappedCancels(ctx, known)] : malformed;
  // Leading zeros read as octal name another order (015 is 13): the leading-zeros check records those too.
  const octal = (m: (typeof xs)[number]) => kind === 'leading-zeros' && m.named?.level === 'MUST';
  const at = xs.filter(
    (m) => (m.named?.level === level || octal(m)) && (kind === undefined || infoKindOf(m.segment) === kind),
  );
  // No fixture spelled, but kinds whose fixtures ran out judged around absent ids: that is the verdict.
  const aside = ctx.memo.peek(judgedAside(level, kind));
  if (at.length === 0 && aside) {
    ctx.observe(
      asideText(aside),
      aside.refused.length,
      aside.refused.map((a) => a.response.exchange),
    );
    return undefined;
  }
  if (at.length === 0) ctx.skip(`no cancel with the key spelled a known order's id that way`, NOT_OBSERVED);
  if (aside) ctx.note(asideText(aside));
  const sent = await spellingSent(ctx);
  const kinds = new Map(
    sent && !('skip' in sent) ? sent.answers.map((a) => [a.response.exchange.seq, a.kind] as const) : [],
  );
  const tried = ctx.memo.peek(spelledAt(level, kind))?.seen;
  return {
    tried: tried ?? `${at.length}`,
    at: at.map((m) => {
      const kind = kinds.get(m.x.seq);
      // Which reading named the order, when a leading zero read as octal did (015: "an octal reading of 15 is 13").
      const radix = kind === 'leading-zeros' ? radixReading(m.segment, BigInt(m.named!.order)) : undefined;
      // Which reading named it when only a 32-bit one does (2^33 + 7: "its low 32 bits read 7").
      const low =
        int32Reading(m.segment) === BigInt(m.named!.order)
          ? `its low 32 bits read ${m.named!.order}`
          : undefined;
      const said = [kind, radix ?? low].filter((s) => s !== undefined).join(': ');
      return {
        ...m,
        order: m.named!.order,
        shown: `DELETE /store/orders/${short(m.segment)}${said ? ` (${said})` : ''}`,
      };
    }),
  };
}

/**
 * What a spelling read as order `order` did: cancelled a pending one, or was refused as the shipped one it
 * named (the 409 a strict reader, which reads no order into it, never gives).
 */
function readAs(m: { order: string; named?: { shipped: boolean } }): string {
  return m.named?.shipped
    ? `read as shipped order ${m.order} (its 409 is that order's answer; a strict reader names no order)`
    : `cancelling order ${m.order}`;
}

/** ID-CANCEL-MISREAD: no segment that names no order (not an integer, another one, beyond int64) cancels one. */
export async function misreadSpellings(ctx: Ctx): Promise<void> {
  const spelled = await spellingsAt(ctx, 'MUST');
  if (!spelled) return;
  const { at, tried } = spelled;
  for (const m of at)
    expectStatus(ctx, answerOf(ctx, m.x), `misread id: ${m.shown}`).toHold(
      !m.read,
      m.named!.shipped ? '400 or 404 (no order has this id)' : '4xx (no order has this id)',
      `${readAs(m)}: no order has that id, and only a careless parser reads ${m.order} into it`,
    );
  ctx.observe(
    `no segment naming no order cancelled one (${tried})`,
    at.length,
    at.map((m) => m.x),
  );
}

/** ID-CANCEL-SPELLING: no other spelling of a fixture's integer (hex, exponent, sign, digits...) cancels it. */
export async function lenientSpellings(ctx: Ctx): Promise<void> {
  const spelled = await spellingsAt(ctx, 'SHOULD');
  if (!spelled) return;
  const { at, tried } = spelled;
  for (const m of at) {
    const refused = expectStatus(ctx, answerOf(ctx, m.x), `lenient spelling accepted: ${m.shown}`).toHold(
      !m.read,
      m.named!.shipped ? '400 or 404 (not the canonical id)' : '4xx (not the canonical id)',
      `${readAs(m)} through a spelling of its id that is no ASCII decimal integer`,
    );
    if (refused && m.x.response!.status >= 500)
      ctx.note(`${short(m.segment)} answered ${m.x.response!.status} (see ID-MALFORMED-4XX)`);
  }
  ctx.observe(
    `no spelling cancelled an order (${tried})`,
    at.length,
    at.map((m) => m.x),
  );
}

/**
 * An INFO spelling kind's check: what its spellings of a pending order did, cancelled (`same`) or refused
 * (`refused`). Nothing binds a server either way: recorded only.
 */
function infoSpelling(kind: string, same: string, refused: string): (ctx: Ctx) => Promise<void> {
  return async (ctx) => {
    const spelled = await spellingsAt(ctx, 'INFO', kind);
    if (!spelled) return;
    const { at } = spelled;
    ctx.evidence(...at.map((m) => m.x));
    // A leading zero whose octal reading names the order and whose decimal one another id: what it proves.
    const trap = (m: (typeof at)[number]) => m.named!.level === 'MUST';
    const readings = (m: (typeof at)[number]) => {
      const decimal = BigInt(decodeURIComponent(m.segment)).toString();
      const other = ctx.config.shippedOrderIds.includes(decimal)
        ? 'names a shipped order'
        : 'is proven absent';
      const base = m.named!.shipped ? 'shipped order' : 'fixture';
      return ` (read as octal it names ${base} ${m.order}; its decimal reading, ${decimal}, ${other})`;
    };
    const shown = (m: (typeof at)[number]) =>
      `DELETE /store/orders/${short(m.segment)}${trap(m) ? readings(m) : ''} answered ${describeStatus(answerOf(ctx, m.x))}`;
    const taken = at.filter((m) => m.read && !trap(m));
    const octal = at.filter((m) => m.read && trap(m));
    ctx.observe(
      octal.length > 0
        ? `leading zeros read as octal: ${shown(octal[0]!)} (see ID-CANCEL-MISREAD)`
        : taken.length > 0
          ? `${same}: ${shown(taken[0]!)}${taken[0]!.named!.shipped ? `, ${readAs(taken[0]!)}` : ` and cancelled order ${taken[0]!.order}`}`
          : `${refused}: ${at.map(shown).join('; ')}`,
      at.length,
      at.map((m) => m.x),
    );
  };
}

/**
 * ID-CANCEL-LEADING-ZEROS-INFO: what `007` did. Leading zeros are an ordinary decimal spelling of the same
 * integer (Java's Long.parseLong, Python's int() accept them) and the spec defines no canonical form.
 */
export const leadingZeros = infoSpelling(
  'leading-zeros',
  'leading zeros name the same order',
  'leading zeros are refused',
);

/**
 * ID-CANCEL-PLUS-SIGN-INFO: what `+7` did. A leading plus sign is an ordinary signed decimal spelling of the
 * same integer (Java's Long.parseLong, Python's int(), Ruby's Integer(), Falcon's int converter accept it),
 * and neither the spec, which types orderId as int64, nor RFC 3986 binds a server to refuse it.
 */
export const plusSign = infoSpelling(
  'plus-sign',
  'a leading plus sign names the same order',
  'a leading plus sign is refused',
);
