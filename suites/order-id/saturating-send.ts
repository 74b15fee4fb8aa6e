// The saturating spellings in the spelling run's answers: 2^63 and -2^63-1, each against its int64 edge when that
// edge is a pending fixture, or named as withheld when it is an order the run was not given. The edge sending
// (kit/edge-fixtures.ts) sends them, with a cancel of each edge fixture after, once for every check.
import type { Ctx } from '../kit/context.ts';
import { edgeSending } from '../kit/edge-fixtures.ts';
import { SATURATING } from '../kit/saturation.ts';
import { kindOf } from './catalogue.ts';
import type { FixturePool } from './fixtures.ts';
import type { SpellingRun } from './spelling-types.ts';

/** The length the too-big kind's long variants take here (only the edge variant is read). */
const SIZE = 1000;

/** The too-big variant that spells 2^63 (and -2^63-1), as saturation.ts sends it. */
const PAST_EDGE = kindOf('too-big').variants.findIndex((v) => v(0n, 0n, SIZE) === SATURATING[0]!.segment);

/**
 * The saturating spellings, each against its int64 edge when that is a pending fixture (a 2xx cancels it:
 * ID-CANCEL-MISREAD's finding), or named as withheld when the edge is an order the run was not given: read from
 * the edge sending (sent now, with the pool holding the edges, if no check sent it before).
 */
export async function sendSaturating(ctx: Ctx, pool: FixturePool, run: SpellingRun): Promise<void> {
  const edges = await edgeSending(ctx, pool);
  if (!edges) return;
  run.withheld.push(...edges.withheld);
  for (const { segment, id, also, response } of edges.answers) {
    const answer = {
      kind: 'too-big',
      variant: PAST_EDGE,
      fixture: { id, level: 'MUST' as const },
      segment,
      response,
    };
    run.answers.push(answer);
    if (response.status >= 200 && response.status < 300) {
      for (const named of [id, ...also]) pool.spend(named);
      run.spent.push(answer);
    }
  }
  if (edges.limited && !run.limited) run.limited = edges.limited;
  // The edges are the edge sending's: cancelled as themselves there, or left in doubt; never given back.
  for (const { id } of edges.cancels) pool.drop(id);
  for (const id of edges.doubt) pool.drop(id);
}
