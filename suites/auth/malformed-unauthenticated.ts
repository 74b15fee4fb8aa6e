// AUTH-BEFORE-EXISTENCE's cancels of a malformed id without credentials: the key is asked for before the id is
// read (spec §5 rules 3-4), so such a cancel is refused 401 or not routed at all, never the id's validation.
// Reads the exchanges of a run or a recording alike; never sends.
import { isCanonicalInt64 } from '../../lib/formats/int64.ts';
import type { Exchange } from '../../lib/http/transcript.ts';
import type { Ctx } from '../kit/context.ts';
import type { Offered } from '../kit/offered.ts';
import { answered, headOf, where } from '../kit/refused-keys.ts';
import { describeStatus } from '../kit/responses.ts';

/** A segment a front passes on as it is (no escape, no dot, no sign of a format): only the router reads it. */
const PLAIN = /^[A-Za-z0-9_~-]+$/;

/**
 * Answers that show the operation read the id before the key: served, a conflict, the id refused as
 * malformed (400, 422), or the reading failed (500). A route that takes digits only answers 404 or 405 before
 * any guard, a gateway 502-504: not judged.
 */
const READ_THE_ID = (s: number) => (s >= 200 && s <= 299) || s === 400 || s === 409 || s === 422 || s === 500;

const nothingOffered = (o: Offered) =>
  o.form.kind === 'none' && o.query.length + o.headers.length + o.cookies.length === 0;

/** The malformed cancels sent without any credential, judged: what AUTH-BEFORE-EXISTENCE counts with the rest. */
export function malformedWithoutKey(ctx: Ctx): { exchanges: Exchange[]; findings: number; says: string } {
  const xs = answered(
    ctx,
    ({ route, offered, x }) =>
      route?.op === 'cancel' &&
      !route.spelled &&
      !isCanonicalInt64(route.id ?? '') &&
      PLAIN.test(route.id ?? '') &&
      x.invalidRequest === undefined &&
      nothingOffered(offered),
  );
  let findings = 0;
  const other: string[] = [];
  for (const { x } of xs) {
    const s = x.response!.status;
    if (s === 401) continue;
    if (!READ_THE_ID(s)) {
      other.push(`${where(x)}: ${s}`);
      continue;
    }
    findings++;
    ctx.problem(
      `${where(x)} without credentials answered ${describeStatus(headOf(x))}: the id was read before the key was asked for (every operation requires the key, spec §5 rule 3; without it the answer is 401, rule 4)`,
      { exchange: x, expected: '401', actual: String(s) },
    );
  }
  if (other.length > 0)
    ctx.note(
      `cancels of a malformed id not routed to the operation (not 401, not its answer): ${other.join('; ')}`,
    );
  return {
    exchanges: xs.map(({ x }) => x),
    findings,
    says: `${xs.length} cancels of a malformed id without credentials refused or not routed`,
  };
}
