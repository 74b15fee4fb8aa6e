// The one judge of each ID-MALFORMED- check, over every cancel with the key whose id is no ASCII decimal int64
// in the run so far (ID-MALFORMED-4XX runs with the whole-run checks: all of them) or a recording, judged as the
// property judges its cases (judge.ts). What the run sent (kinds, the counterexample) is read from its memo.
import { isCanonicalInt64 } from '../../lib/formats/int64.ts';
import type { Exchange } from '../../lib/http/transcript.ts';
import { answerOf } from '../kit/absent-cancels.ts';
import type { Ctx } from '../kit/context.ts';
import { frontRefusal } from '../kit/front-refusal.ts';
import { KEY_TEXT } from '../kit/offered.ts';
import { type CaseFailure, judgeMalformed } from './judge.ts';
import { fails } from './judges.ts';
import { is2xx, malformedCancels } from './malformed-cancels.ts';
import { malformedSent } from './malformed-run.ts';

/** Failures shown as findings of ID-MALFORMED-4XX; the rest are counted. */
const SHOWN_FAILURES = 3;

/** ID-MALFORMED-4XX: never 2xx around an id no order has, never 5xx, any body an Error. */
export async function malformed4xx(ctx: Ctx): Promise<void> {
  const { known, xs } = await malformedCancels(ctx);
  const sent = await malformedSent(ctx);
  // A spelling read as the known order it names (a 2xx, a shipped order's 409) is the ID-CANCEL- checks' to judge.
  const judged = xs.filter((m) => !m.read);
  let unproven = 0;
  const failures: CaseFailure[] = [];
  for (const m of judged) {
    if (!known && is2xx(m.x)) {
      unproven += 1;
      continue;
    }
    // A request that was not valid HTTP, or a front's refusal of one past what fronts accept, is judged by its
    // status alone (neither reached the API).
    const unrouted = m.x.invalidRequest !== undefined || frontRefusal(m.x) !== undefined;
    const f = judgeMalformed(m.segment, answerOf(ctx, m.x), unrouted);
    if (f) failures.push(f);
  }
  if (unproven > 0)
    ctx.note(
      `${unproven} 2xx answers are not judged: without a list read with the key, nothing proves no order has those ids`,
    );
  // The property's counterexample leads (its replay flags send it alone); the others are noted then.
  const lead = sent?.result.counterexample?.failure.exchange.seq;
  const first = failures.find((f) => f.exchange.seq === lead);
  if (first) {
    for (const f of failures) if (f !== first) ctx.note(`also, in the spelling catalogue: ${f.message}`);
    fails(ctx, first);
  } else {
    for (const f of failures.slice(0, SHOWN_FAILURES)) fails(ctx, f);
    if (failures.length > SHOWN_FAILURES)
      ctx.note(`${failures.length - SHOWN_FAILURES} more malformed ids failed alike`);
  }
  const n = judged.length - unproven;
  const catalogue =
    sent && sent.catalogue > 0
      ? ` (${sent.catalogue} of the spelling catalogue${sent.exhaustive ? ', every variant' : ''})`
      : '';
  ctx.observe(
    sent?.result.replayed
      ? 'the replayed case is now refused with a 4xx'
      : `${n} malformed ids${catalogue}, each refused with a 4xx`,
    n,
  );
}

/**
 * ID-MALFORMED-4XX binds a cancel with the key of an orderId that is no ASCII decimal int64, as sent: one the
 * server died on got no 4xx (lib/check/server-died.ts), as a polka app's uncaught URIError on %FF gives none.
 */
export function malformedUnanswered(x: Exchange): string | undefined {
  if (x.request.method !== 'DELETE' || x.invalidRequest !== undefined) return undefined;
  const segment = /\/store\/orders\/([^/?#]+)(?:[?#]|$)/.exec(x.request.url)?.[1];
  if (segment === undefined || isCanonicalInt64(segment)) return undefined;
  const auth = x.request.headers.authorization;
  if (!(Array.isArray(auth) ? auth : [auth]).some((a) => a?.includes(KEY_TEXT))) return undefined;
  return `a cancel of the malformed orderId ${segment}, which is refused with a 4xx`;
}

/** ID-MALFORMED-STATUS-INFO: which statuses and Error codes the malformed ids got (by kind, when known). */
export async function malformedStatus(ctx: Ctx): Promise<void> {
  const { xs } = await malformedCancels(ctx);
  const sent = await malformedSent(ctx);
  const judged = xs.filter((m) => !m.read);
  const tally = new Map<string, string[]>();
  for (const { x } of judged) {
    const p = answerOf(ctx, x).json();
    const code = p.ok ? (p.value as { code?: unknown } | null)?.code : undefined;
    const key = `${x.response!.status}${typeof code === 'string' ? ` ${code}` : ''}`;
    // Pushed, not copied: a recording may hold a malformed cancel a million times.
    const kinds = tally.get(key);
    if (kinds) kinds.push(sent?.kinds.get(x.seq) ?? '');
    else tally.set(key, [sent?.kinds.get(x.seq) ?? '']);
  }
  for (const [key, kinds] of tally) {
    const named = [...new Set(kinds.filter((k) => k !== ''))];
    ctx.note(`${key}: ${named.length > 0 ? named.join(', ') : kinds.length}`);
  }
  // RFC 9112 §3 recommends taking request lines of 8,000 octets; a front that stops sooner is recorded.
  const front = judged.find((m) => frontRefusal(m.x) !== undefined);
  if (front)
    ctx.note(
      `the ${sent?.kinds.get(front.x.seq) ?? `#${front.x.seq}`} case got ${frontRefusal(front.x)}; only its status was judged`,
    );
  ctx.evidence(...judged.slice(0, 3).map((m) => m.x));
  ctx.observe(
    `${judged.length} malformed ids answered ${[...tally.keys()].join(' / ') || 'nothing (none sent)'}`,
    judged.length,
  );
}
