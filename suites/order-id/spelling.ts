// The spelling run: non-canonical spellings of a pending fixture, sent once per run and read by two checks,
// ID-CANCEL-SPELLING (SHOULD) and ID-CANCEL-LEADING-ZEROS-INFO (INFO). Only fixtures from
// --cancellable-order-ids are ever spelled; it never judges, and after an acceptance spells a fresh fixture.

import { input, type Skip, skipOf } from '../../lib/check/skip.ts';
import { flagAndEnv } from '../../lib/config/settings.ts';
import type { Response } from '../../lib/http/client.ts';
import { memoKey } from '../../lib/run/memo.ts';
import type { Ctx } from '../shared/context.ts';
import { orderPath } from '../shared/paths.ts';
import { SPELLING_KINDS, type SpellingKind, spelling, spellingFixture } from './fixtures.ts';
import { knownOrders, noKnownReason } from './known.ts';
import type { KnownOrders } from './readings.ts';

export interface SpellingAnswer {
  kind: SpellingKind;
  /** The fixture spelled. */
  id: string;
  segment: string;
  response: Response;
}

export interface SpellingRun {
  /** One per kind tried, in SPELLING_KINDS order. */
  answers: SpellingAnswer[];
  /** Kinds never sent: an earlier spelling was accepted (cancelling its fixture) and no fresh one was safe. */
  unjudged: SpellingKind[];
  /**
   * Kinds not sent because a lenient reading of the spelling names an id where an order the list does not
   * show may be (an untrusted list: `0x7` read by atoi is 0).
   */
  unsafe: SpellingKind[];
}

export const NO_SPELLING_FIXTURE = skipOf(
  `no remaining fixture has spellings that cannot name another order: add a small pending id to ${flagAndEnv('cancellableOrderIds')}`,
  input('cancellableOrderIds'),
);

export const accepted = (r: Response): boolean => r.status >= 200 && r.status < 300;

const SPELLING = memoKey<Promise<SpellingRun | { skip: Skip }>>('order-id/spelling');

/** The run's spelling answers (sent on first call, kept in the run's memo), or why they cannot be sent. */
export function spellingRun(ctx: Ctx): Promise<SpellingRun | { skip: Skip }> {
  return ctx.memo.once(SPELLING, () => start(ctx));
}

/** Takes the first remaining fixture whose every spelling names only itself or an order that cannot be cancelled. */
function takeFixture(ctx: Ctx, known: KnownOrders): string | undefined {
  const id = spellingFixture(ctx.target.cancellableIds, known);
  if (id !== undefined) ctx.target.takeCancellableId(id);
  return id;
}

async function start(ctx: Ctx): Promise<SpellingRun | { skip: Skip }> {
  const known = await knownOrders(ctx);
  if (!known) return { skip: await noKnownReason(ctx) };
  let id = takeFixture(ctx, known);
  if (id === undefined) return { skip: NO_SPELLING_FIXTURE };
  const answers: SpellingAnswer[] = [];
  const unjudged: SpellingKind[] = [];
  const unsafe: SpellingKind[] = [];
  for (const kind of SPELLING_KINDS) {
    if (id === undefined) {
      unjudged.push(kind);
      continue;
    }
    const segment = spelling(id, kind);
    if (!known.safe(segment, id)) {
      unsafe.push(kind);
      continue;
    }
    const response = await ctx.http.send({ method: 'DELETE', path: orderPath(segment) });
    answers.push({ kind, id, segment, response });
    // The accepted spelling cancelled its fixture: the later ones would meet a cancelled order.
    if (accepted(response) && kind !== SPELLING_KINDS[SPELLING_KINDS.length - 1])
      id = takeFixture(ctx, known);
  }
  return { answers, unjudged, unsafe };
}
