// The malformed-id property (generated cases around absent ids, replayable), run once per run, and what the
// two ID-MALFORMED- checks' judges learn of it and of the spelling run (the kind of each answer, the property's
// counterexample). Sends only the property's cases.

import type { PropertyResult } from '../../lib/check/property.ts';
import type { Skip } from '../../lib/check/skip.ts';
import type { Response } from '../../lib/http/client.ts';
import type { Exchange } from '../../lib/http/transcript.ts';
import { memoKey } from '../../lib/run/memo.ts';
import type { Ctx } from '../kit/context.ts';
import { frontRefusal } from '../kit/front-refusal.ts';
import { knownOrders, noKnownReason } from '../kit/known-orders.ts';
import { orderPath } from '../kit/paths.ts';
import { type CaseFailure, judgeMalformed } from './judge.ts';
import {
  admissibleMalformed,
  type MalformedCase,
  malformedArbitrary,
  malformedSegment,
} from './malformed.ts';
import { runIdProperty } from './property.ts';
import { DEFAULT_PAID_SPELLINGS } from './sample.ts';
import { type SpellingRun, spellingRun, spellingSent } from './spelling.ts';
import { invalidEncoding } from './spelling-parts.ts';

/** The check a --replay-path names to replay this property. */
export const MALFORMED_OWNER = 'ID-MALFORMED-4XX';

export interface MalformedAnswer {
  kind: string;
  segment: string;
  status: number;
  code?: string;
  exchange: Exchange;
  /** The fixture it spelled, when it was no absent id's. */
  fixture?: string;
}

export interface MalformedRun {
  result: PropertyResult<MalformedCase, CaseFailure>;
  /** The property's answers, then the spelling run's. */
  answers: MalformedAnswer[];
  /** The spelling run, unless a replay sends only the property's case. */
  spelled?: SpellingRun;
}

const PROPERTY =
  memoKey<Promise<{ result: MalformedRun['result']; answers: MalformedAnswer[] } | { skip: Skip }>>(
    'order-id/malformed',
  );

/** The Error code of an answer, when its body has one. */
function codeOf(res: Response): { code?: string } {
  const parsed = res.json();
  const code = parsed.ok ? (parsed.value as { code?: unknown } | null)?.code : undefined;
  return typeof code === 'string' ? { code } : {};
}

/**
 * True when the answer never came from the API: the request was invalid HTTP on purpose, or a front refused
 * it before routing (a NUL byte, the length case: kit/front-refusal.ts, the rule ERR-BODY-SCHEMA follows).
 * Such an answer is judged by its status alone; its body is the front's, not an Error the API owes.
 */
function unrouted(invalid: string | undefined, res: Response): boolean {
  return invalid !== undefined || frontRefusal(res.exchange) !== undefined;
}

/** The run's malformed-id property (sent on first call, kept in the run's memo), or why it cannot run. */
function property(ctx: Ctx) {
  return ctx.memo.once(PROPERTY, async () => {
    const known = await knownOrders(ctx);
    if (!known) return { skip: await noKnownReason(ctx) };
    const answers: MalformedAnswer[] = [];
    const result = await runIdProperty<MalformedCase>(
      ctx,
      MALFORMED_OWNER,
      {
        arbitrary: malformedArbitrary,
        // The catalogue is the spelling run's, kind by kind; the property adds cases drawn across it.
        examples: [],
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
          answers.push({ kind: c.kind, segment, status: res.status, ...codeOf(res), exchange: res.exchange });
          return judgeMalformed(segment, res, unrouted(invalid, res));
        },
      },
      // A default run gives the spelling run's spare tries and fixture-only kinds (sample.ts) some of these
      // generated cases: around an absent id a lenient reader answers 404, against a fixture it shows, and the
      // run stays in its minute.
      ctx.config.exhaustive
        ? ctx.config.propertyRuns
        : Math.max(0, ctx.config.propertyRuns - DEFAULT_PAID_SPELLINGS),
    );
    return { result, answers };
  });
}

/**
 * The property and the spelling run, sent for the ID-MALFORMED- checks (a replay of the property sends only its
 * case), or why the property cannot run. Their judges read the exchanges; malformedSent tells them the kinds.
 */
export async function malformedRun(ctx: Ctx): Promise<MalformedRun | { skip: Skip }> {
  const p = await property(ctx);
  if ('skip' in p) return p;
  if (ctx.config.replayPath?.checkId === MALFORMED_OWNER) return p;
  const spelled = await spellingRun(ctx);
  if ('skip' in spelled) return p;
  if (spelled.stopped) ctx.note(`the spelling run stopped short: ${spelled.stopped.reason}`);
  const answers = [...p.answers];
  for (const a of spelled.answers)
    answers.push({
      kind: a.kind,
      segment: a.segment,
      status: a.response.status,
      ...codeOf(a.response),
      exchange: a.response.exchange,
      ...(a.fixture ? { fixture: a.fixture.id } : {}),
    });
  return { ...p, answers, spelled };
}

/**
 * What this run sent of the malformed-id property and the spelling run, read without sending: the property's
 * result, each answer's kind by exchange, whether every variant went out. Undefined in a recording.
 */
export async function malformedSent(ctx: Ctx): Promise<
  | {
      result: MalformedRun['result'];
      kinds: ReadonlyMap<number, string>;
      catalogue: number;
      exhaustive: boolean;
    }
  | undefined
> {
  const sent = ctx.memo.peek(PROPERTY);
  const p = sent && (await sent);
  if (!p || 'skip' in p) return undefined;
  const kinds = new Map(p.answers.map((a) => [a.exchange.seq, a.kind]));
  const spelled = await spellingSent(ctx);
  const run = spelled && !('skip' in spelled) ? spelled : undefined;
  for (const a of run?.answers ?? []) kinds.set(a.response.exchange.seq, a.kind);
  return {
    result: p.result,
    kinds,
    catalogue: run?.answers.length ?? 0,
    exhaustive: run?.exhaustive ?? false,
  };
}
