// The malformed-id property, run once per run and read by two checks: the MUST on status and body, and the
// INFO on which 4xx the target chose. Every answer is kept so the INFO check sends nothing of its own.

import type { PropertyResult } from '../../lib/check/property.ts';
import type { Skip } from '../../lib/check/skip.ts';
import type { Exchange } from '../../lib/http/transcript.ts';
import { memoKey } from '../../lib/run/memo.ts';
import type { Ctx } from '../shared/context.ts';
import { orderPath } from '../shared/paths.ts';
import { type CaseFailure, judgeMalformed } from './judge.ts';
import { knownOrders, noKnownReason } from './known.ts';
import {
  admissibleMalformed,
  invalidEncoding,
  type MalformedCase,
  type MalformedKind,
  malformedArbitrary,
  malformedExamples,
  malformedSegment,
} from './malformed.ts';
import { runIdProperty } from './property.ts';

/** The check a --replay-path names to replay this property. */
export const MALFORMED_OWNER = 'ID-MALFORMED-4XX';

export interface MalformedAnswer {
  kind: MalformedKind;
  segment: string;
  status: number;
  code?: string;
  exchange: Exchange;
}

export interface MalformedRun {
  result: PropertyResult<MalformedCase, CaseFailure>;
  answers: MalformedAnswer[];
}

const MALFORMED = memoKey<Promise<MalformedRun | { skip: Skip }>>('order-id/malformed');

/** The run's malformed-id property (sent on first call, kept in the run's memo), or why it cannot run. */
export function malformedRun(ctx: Ctx): Promise<MalformedRun | { skip: Skip }> {
  return ctx.memo.once(MALFORMED, () => start(ctx));
}

async function start(ctx: Ctx): Promise<MalformedRun | { skip: Skip }> {
  const known = await knownOrders(ctx);
  if (!known) return { skip: await noKnownReason(ctx) };
  const answers: MalformedAnswer[] = [];
  const result = await runIdProperty<MalformedCase>(ctx, MALFORMED_OWNER, {
    arbitrary: malformedArbitrary,
    examples: malformedExamples(known),
    admissible: (c) => admissibleMalformed(known, c),
    key: malformedSegment,
    async attempt(c) {
      const segment = malformedSegment(c);
      const invalid = invalidEncoding(segment);
      const res = await ctx.http.send({
        method: 'DELETE',
        path: orderPath(segment),
        ...(invalid ? { invalidRequest: invalid } : {}),
      });
      const parsed = res.json();
      const code = parsed.ok ? (parsed.value as { code?: unknown } | null)?.code : undefined;
      answers.push({
        kind: c.kind,
        segment,
        status: res.status,
        ...(typeof code === 'string' ? { code } : {}),
        exchange: res.exchange,
      });
      return judgeMalformed(segment, res, invalid !== undefined);
    },
  });
  return { result, answers };
}
