// The orderId spelling checks judged from recorded traffic, until they declare their judges: every cancel a
// client sent with the key whose id is no ASCII decimal int64 but names a known order, by what kind of
// spelling it is. Sends nothing; which order a lenient reading names is kit/known-orders.ts's.
import type { Ctx } from '../kit/context.ts';
import { NOT_OBSERVED, type TrafficJudges } from '../kit/traffic.ts';
import type { SpellingLevel } from './catalogue.ts';
import { short } from './judge.ts';
import { is2xx, malformedCancels } from './malformed-cancels.ts';

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
