// The spelling run: the catalogue's kinds (catalogue.ts), each sent against a pending fixture where that is
// safe and a lenient reading names it, and around an absent id otherwise: by default each kind's first variants
// against one fixture until one is accepted (sample.ts), every variant under --exhaustive; a kind left without
// one spells a shipped order's id where that is safe. Sent once per run and read by the ID-MALFORMED- and
// ID-CANCEL- checks; it never judges. Only fixtures from --cancellable-order-ids are ever cancelled.
import { type Skip, SkipSignal } from '../../lib/check/skip.ts';
import type { Response } from '../../lib/http/client.ts';
import { memoKey } from '../../lib/run/memo.ts';
import type { Ctx } from '../kit/context.ts';
import { knownOrders, noKnownReason } from '../kit/known-orders.ts';
import { orderPath } from '../kit/paths.ts';
import { type SpellingKind, type SpellingLevel, spell } from './catalogue.ts';
import { FixturePool, type NotOnFixture } from './fixtures.ts';
import { absentCase, malformedSegment } from './malformed.ts';
import { spellingLevel } from './malformed-cancels.ts';
import { base16Refuted, prefixRefused, SET_ASIDE } from './reader-evidence.ts';
import { DEFAULT_TRIES } from './sample.ts';
import { sendSaturating } from './saturating-send.ts';
import { shippedCase } from './shipped-spelling.ts';
import { invalidEncoding } from './spelling-parts.ts';
import type { SpellingAnswer, SpellingRun } from './spelling-types.ts';
import { TRIAL_ORDER } from './trial-order.ts';

export type { SpellingAnswer, SpellingRun } from './spelling-types.ts';

/** The length of the long segments of a run. */
const SIZE = 1000;

export const accepted = (r: Response): boolean => r.status >= 200 && r.status < 300;

const SPELLING = memoKey<Promise<SpellingRun | { skip: Skip }>>('order-id/spelling');

/** The run's spelling answers (sent on first call, kept in the run's memo), or why none can be sent. */
export function spellingRun(ctx: Ctx): Promise<SpellingRun | { skip: Skip }> {
  return ctx.memo.once(SPELLING, () => start(ctx));
}

/** The run's spelling answers if they were sent (never sends). */
export function spellingSent(ctx: Ctx): Promise<SpellingRun | { skip: Skip }> | undefined {
  return ctx.memo.peek(SPELLING);
}

/**
 * What accepting a spelling breaks: its kind's level, but for a leading zero whose octal reading names the
 * fixture and whose decimal one another id (07 as 015 names 13 only read as octal): a misreading, the MUST.
 */
function levelOf(kind: SpellingKind, found: { id: string; segment: string }): SpellingLevel {
  return kind.kind === 'leading-zeros' ? spellingLevel(found.segment, found.id) : kind.fixture!;
}

/** Every variant of a kind, in the catalogue's order (the most often accepted first). */
const every = (kind: SpellingKind): number[] => kind.variants.map((_, i) => i);

/** Which variant of the kind at `index` the default sample sends around an absent id: it rotates with the seed. */
export function sampleVariant(seed: number, index: number, kind: SpellingKind): number {
  return (Math.abs(Math.trunc(seed)) + index) % kind.variants.length;
}

async function start(ctx: Ctx): Promise<SpellingRun | { skip: Skip }> {
  const known = await knownOrders(ctx);
  if (!known) return { skip: await noKnownReason(ctx) };
  const exhaustive = ctx.config.exhaustive;
  const pool = new FixturePool(ctx.target, known, ctx.config.cancellableOrderIds.length > 0);
  const run: SpellingRun = {
    answers: [],
    offFixture: [],
    leftOut: [],
    unsent: [],
    withheld: [],
    exhaustive,
    spent: [],
    setAside: [],
  };
  /** A reader the answers show the server does not use: its readings of later spellings are not weighed. */
  const setAside = (reader: 'prefix' | 'base16', shown: string) => {
    pool.setAside.add(reader);
    run.setAside.push(`${shown}: ${SET_ASIDE[reader]}`);
  };
  const learnBase16 = async () => {
    if (!pool.setAside.has('prefix') || pool.setAside.has('base16')) return;
    for (const id of ctx.target.shippedIds) {
      const sent = ctx.target.shippedCancelSent(id);
      const shown = sent && base16Refuted(known, id, await sent);
      if (shown) return setAside('base16', shown);
    }
  };
  // In the sample, a level's first acceptance decides its check: the rest of it keeps the fixtures. Each INFO
  // kind is a check of its own, decided alone.
  const decided = new Set<string>();
  const checkOf = (level: SpellingLevel, kind: SpellingKind) => (level === 'INFO' ? kind.kind : level);
  const send = async (a: Omit<SpellingAnswer, 'response' | 'invalid'>): Promise<Response | undefined> => {
    const invalid = invalidEncoding(a.segment);
    let response: Response;
    try {
      response = await ctx.http.send({
        method: 'DELETE',
        path: orderPath(a.segment),
        ...(invalid ? { invalidRequest: invalid } : {}),
      });
    } catch (e) {
      // The answers so far stand: the checks reading them judge what was sent (the 2xx among them too).
      if (!(e instanceof SkipSignal)) throw e;
      run.stopped ??= e.skip;
      return undefined;
    }
    const answer: SpellingAnswer = { ...a, ...(invalid ? { invalid } : {}), response };
    run.answers.push(answer);
    const prefix = pool.setAside.has('prefix') ? undefined : prefixRefused(answer);
    if (prefix) setAside('prefix', prefix);
    if (response.status === 429)
      run.limited = `DELETE /store/orders/${a.segment} answered 429 even after waiting`;
    return response;
  };
  /**
   * The sample's tries of a kind against one fixture: its first variants in order (DEFAULT_TRIES), each
   * refusal leaving the fixture pending for the next, until one is accepted; those the sample had no room for
   * are named. 'sent' once any went out, else why none could.
   */
  const sampleOnFixture = async (
    kind: SpellingKind,
    level: SpellingLevel,
  ): Promise<'sent' | NotOnFixture> => {
    const tries = DEFAULT_TRIES.get(kind.kind) ?? 1;
    let next = 0;
    let sent = 0;
    let fixture: string | undefined;
    while (sent < tries && next < kind.variants.length && !run.limited) {
      const found = pool.find(kind, every(kind).slice(next), SIZE);
      if (typeof found !== 'object') {
        if (sent === 0) return found;
        break;
      }
      const res = await send({
        kind: kind.kind,
        variant: found.variant,
        fixture: { id: found.id, level: levelOf(kind, found) },
        segment: found.segment,
      });
      sent++;
      next = found.variant + 1;
      fixture = found.id;
      if (!res) break;
      if (accepted(res)) {
        pool.spend(found.id);
        run.spent.push(run.answers.at(-1)!);
        decided.add(checkOf(level, kind));
        return 'sent';
      }
    }
    if (sent === 0) return 'none left';
    // The kind's sample past what was tried is named; the variants past its sample are counted.
    const wanted = Math.min(kind.sample ?? 1, kind.variants.length);
    if (fixture !== undefined && next < kind.variants.length && !run.limited)
      run.leftOut.push({
        kind: kind.kind,
        level,
        segments: every(kind)
          .slice(next, Math.max(next, wanted))
          .map((v) => spell(kind, v, BigInt(fixture), SIZE)),
        more: kind.variants.length - Math.max(next, wanted),
      });
    return 'sent';
  };
  for (const [index, kind] of TRIAL_ORDER) {
    // The length case goes out only when asked for: a front may refuse it before routing.
    if (kind.optIn && !exhaustive) continue;
    await learnBase16();
    const first = sampleVariant(ctx.config.seed, index, kind);
    const variants = exhaustive ? kind.variants.map((_, i) => i) : [first];
    for (const variant of variants) {
      if (run.limited) break;
      const level = kind.fixture;
      if (level !== undefined) {
        const found = exhaustive
          ? pool.find(kind, [variant], SIZE)
          : decided.has(checkOf(level, kind))
            ? ('decided' as const)
            : await sampleOnFixture(kind, level);
        if (found === 'sent') continue;
        const detail =
          found === 'unsafe' ? pool.whyUnsafe(kind, exhaustive ? [variant] : every(kind), SIZE) : undefined;
        if (typeof found === 'object') {
          const res = await send({
            kind: kind.kind,
            variant: found.variant,
            fixture: { id: found.id, level: levelOf(kind, found) },
            segment: found.segment,
          });
          if (res && accepted(res)) {
            pool.spend(found.id);
            run.spent.push(run.answers.at(-1)!);
          }
          continue;
        }
        // A shipped order's spelling tells a lenient reader (409) from a strict one where an absent id's cannot.
        const ship = shippedCase(
          known,
          ctx.target.shippedIds,
          kind,
          exhaustive ? [variant] : every(kind),
          SIZE,
          pool.setAside,
        );
        run.offFixture.push({
          kind: kind.kind,
          level,
          why: found,
          ...(detail ? { detail } : {}),
          ...(ship ? { shipped: ship.id } : {}),
        });
        if (ship) {
          await send({
            kind: kind.kind,
            variant: ship.variant,
            fixture: { id: ship.id, level: levelOf(kind, ship), shipped: true },
            segment: ship.segment,
          });
          continue;
        }
      }
      if (run.stopped) continue;
      // Its segment around an absent id is one more absent id, which tells no 32-bit reader from a strict one.
      if (kind.fixtureOnly) {
        run.unsent.push(kind.kind);
        continue;
      }
      const c = absentCase(known, kind.kind, variant, SIZE);
      if (!c) {
        run.unsent.push(kind.kind);
        continue;
      }
      await send({ kind: kind.kind, variant, segment: malformedSegment(c) });
    }
  }
  await sendSaturating(ctx, pool, run);
  // What every spelling left pending goes back to the pool, for a check whose own fixture was spent (the race
  // after a served over-limit cancel): handed out again only once a list after the last proves it pending.
  for (const id of pool.heldIds) ctx.target.release(id, 'the spelling trial');
  return run;
}
