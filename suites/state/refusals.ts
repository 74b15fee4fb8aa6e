// A refused request changes nothing, one check per refusal the spec names: 401 (no key, a wrong key) on a
// pending fixture just before the run's first cancel of it; 404 and 409 on the run's own refusals (with one
// request or two added when the run lacks a proof); 429 on the held fixture, the rate-limit probe's request
// past the limit, before the race cancels it. Each sends its refusals, then one judge per class reads every
// refusal of the run or a recording against the store model (judge-refusals.ts).
import { input, OUTCOME, skipOf } from '../../lib/check/skip.ts';
import { flagAndEnv, flagRef } from '../../lib/config/settings.ts';
import { SPEC } from '../kit/basis.ts';
import { type Ctx, check } from '../kit/context.ts';
import { remainingMisbehaves } from '../kit/limiter-buckets.ts';
import { LIST_BODIES } from '../kit/list-bodies.ts';
import { noteLenientLists } from '../kit/list-body.ts';
import { orderPath } from '../kit/paths.ts';
import { probeOf } from '../kit/rate-limit-probe.ts';
import { shares } from '../kit/sendings.ts';
import { cancelledBy } from '../kit/target-facts.ts';
import { NOT_OBSERVED, replay } from '../kit/traffic.ts';
import { named, type StoreFinding } from './history.ts';
import { judgeRefusals, type Proof, type RefusalClass, strong } from './judge-refusals.ts';
import { listedStatus } from './later.ts';
import { leaveOut, nothingJudged } from './left-out.ts';
import { withListedPending } from './listed-pending.ts';
import { judgeRefusalsBlamed } from './refusal-causes.ts';
import { cancelOnce, heldRace, listOnce, listsReadable, wrongKey } from './sendings.ts';
import { shippedFieldChanges } from './shipped-fields.ts';
import { starvable, starved } from './starved.ts';
import { declaredLagMs, historyNow } from './store.ts';
import { overLimitWhy, type RaceSeen, refused401Why } from './unjudged.ts';

const NO_FIXTURE = `needs a pending order the run may cancel: list one in ${flagAndEnv('cancellableOrderIds')}`;

/** How one proof reads in the report: the refusal, and what showed the store unchanged after it. */
function proofText(p: Proof): string {
  const parts = [
    ...(p.next ? [`next cancel ${named(p.next)}`] : []),
    ...(p.lists ? [`lists ${named(p.lists[0])} and ${named(p.lists[1])} alike`] : []),
  ];
  return `${named(p.refusal)} (${p.before} order): ${parts.join('; ')}`;
}

/**
 * STATE-<cls>-CHANGES-NOTHING's one judge, live and recorded alike: every refusal of `cls` in the exchanges so
 * far, with the lists and cancels after it. Found nothing: the limiter's doing when it refused the fixtures'
 * reads, else why the check's own sending showed nothing (live), else not observed.
 */
function judgeClass(cls: RefusalClass): (ctx: Ctx) => Promise<void> {
  return async (ctx) => {
    noteLenientLists(ctx);
    let h = historyNow(ctx);
    let judged = judgeRefusalsBlamed(h, cls, declaredLagMs(ctx));
    // A fixture no one vouched for may still have been listed with the status "pending" before its refusal:
    // the lists are read again for it only then (most runs never need to).
    if (judged.unshown.length > 0) {
      const vouched = h.fixtures.shownPending ?? [];
      const unvouched = h.fixtures.pending.filter((id) => !vouched.includes(id));
      const read = withListedPending(h, unvouched, (x, id) => {
        const res = replay(ctx, x);
        return res ? listedStatus(res, id) : undefined;
      });
      if (read !== h) {
        h = read;
        judged = judgeRefusalsBlamed(h, cls, declaredLagMs(ctx));
      }
    }
    const { proofs, findings, unshown, unblamed, explained } = judged;
    // A 409 on a shipped fixture also leaves its listed fields as they were (shipped-fields.ts).
    const all: StoreFinding[] = [
      ...findings,
      ...(cls === 409
        ? shippedFieldChanges(
            h,
            (x) => replay(ctx, x)?.body,
            (x) => ctx.memo.peek(LIST_BODIES)?.firstOf(x),
          )
        : []),
    ];
    for (const u of unblamed) ctx.note(u);
    for (const f of all) {
      ctx.problem(f.problem, { exchange: f.exchanges[0]! });
      ctx.evidence(...f.exchanges.slice(1));
    }
    const shown = proofs.filter((p) => strong(cls, p));
    if (all.length > 0) return;
    // A fixture never shown pending is no evidence either way: the check is left out, saying so, unless another
    // refusal proves the requirement.
    if (shown.length === 0 && unshown.length > 0) ctx.skip(unshown.join('; '), input('fixturesCommand'));
    for (const line of unshown) ctx.note(line);
    // A change another class's refusals explain is that class's check's finding: left out, naming it.
    if (shown.length === 0 && explained.length > 0)
      ctx.skip(
        `${explained[0]!}${explained.length > 1 ? ` (and ${explained.length - 1} more alike)` : ''}`,
        OUTCOME,
      );
    for (const line of explained) ctx.note(line);
    if (shown.length === 0) {
      const ids = starvable(ctx, cls);
      if (ids.length > 0) starved(ctx, ids);
      nothingJudged(ctx, skipOf(REFUSED_UNSEEN(cls), NOT_OBSERVED));
    }
    for (const p of shown.slice(0, 5)) ctx.note(proofText(p));
    if (shown.length > 5) ctx.note(`${shown.length - 5} more alike`);
    ctx.evidence(...shown.flatMap((p) => [p.refusal.exchange, ...(p.next ? [p.next.exchange] : [])]));
    const weak = proofs.length - shown.length;
    ctx.observe(
      `${shown.length} refused cancel${shown.length === 1 ? '' : 's'} (${cls}) changed nothing${weak > 0 ? `; ${weak} more on other orders left the lists alike` : ''}`,
      shown.length,
    );
  };
}

/** What no exchange showed when a refusal class judged nothing. */
const REFUSED_UNSEEN = (cls: RefusalClass) =>
  `no cancel answered ${cls} with a list or a next cancel of that order after it that shows the store`;

/** The traffic that shows a refusal class, in a recording as in a run. */
const REFUSED = (cls: RefusalClass) =>
  `a cancel answered ${cls}, then a list or the next cancel of the order it named`;

export const refusedBeforeFirstCancel = check({
  id: 'STATE-401-CHANGES-NOTHING',
  level: 'MUST',
  rules: ['5.r3', '5.r4', '4.cancel.401'],
  requirement:
    'A cancel refused with 401 (no key, a wrong key) changes nothing: the pending order it named is still cancellable, its next cancel with the key succeeds.',
  rationale:
    'Every operation requires authentication: a request refused for its credentials is not carried out, so the order stays pending. Sent just before the run first cancels that fixture, whose answer is the proof.',
  basis: [SPEC.authRequired, SPEC.everyOperation, SPEC.invalidKey401],
  title:
    'Sends DELETE /store/orders/{a pending fixture} without credentials and with an unknown key, then the first cancel of that fixture with the key',
  needs: { requests: 2, shared: shares('order list', 'first cancel') },
  recorded: { shows: REFUSED(401) },
  async send(ctx: Ctx) {
    const id = ctx.target.upcomingFirstCancel;
    if (id === undefined)
      return leaveOut(
        ctx,
        skipOf(
          ctx.config.cancellableOrderIds.length === 0
            ? NO_FIXTURE
            : `the run's first cancel was sent already, so no pending fixture is left to refuse before it: ${NO_FIXTURE}`,
          input('cancellableOrderIds'),
        ),
      );
    await ctx.target.list();
    const path = orderPath(id);
    const refusals = [
      await ctx.http.send({ method: 'DELETE', path, auth: { kind: 'none' } }),
      await ctx.http.send({
        method: 'DELETE',
        path,
        auth: { kind: 'literal', authorization: `Bearer ${wrongKey(ctx.config.seed)}` },
      }),
    ];
    const taken = refusals.find((r) => cancelledBy(r.status));
    if (taken) {
      // Cancelled without a valid key (AUTH-MISSING-401 and AUTH-UNKNOWN-KEY-401 judge that): the fixture is
      // spent, so the run's first cancel takes the next one, as if this check had never touched it.
      ctx.target.takeCancellableId(id);
      return leaveOut(
        ctx,
        skipOf(
          `the cancel of pending order ${id} without a valid key was not refused (${named(taken)}): nothing was refused to prove harmless (see AUTH-MISSING-401 and AUTH-UNKNOWN-KEY-401)`,
          OUTCOME,
        ),
      );
    }
    const first = await ctx.target.firstCancel();
    leaveOut(ctx, skipOf(refused401Why(id, refusals, first?.response), OUTCOME));
  },
  judge: judgeClass(401),
});

// The 404 check runs before the run's first cancel (suites/state/checks.ts), where the first lists and the
// refusals around them leave the store untouched: its one cancel and list then prove it alone, and the run's
// later 404s are STATE-LIST-EXPLAINED's to judge.
export const [refusedAbsent, refusedShipped] = [
  check({
    id: 'STATE-404-CHANGES-NOTHING',
    level: 'MUST',
    rules: ['4.cancel.r3', '4.list.200'],
    requirement:
      'A cancel answered 404 changes nothing: the next list holds every order the list before it held.',
    rationale:
      "No order has the id, so there is nothing to cancel; a server that changes something else on the way (the nearest id, a cached list spliced at -1) shows in the list. Judged before the run's first cancel, on the 404s so far between two lists with nothing but refusals between; when there is none, one cancel of an absent id and a list follow the run's last list.",
    basis: [SPEC.absent404, SPEC.list200],
    title:
      "Before the run's first cancel, reads the lists around its cancels answered 404; sends DELETE /store/orders/{an id proven absent} then GET /store/orders when no 404 came between two lists alone",
    needs: { requests: 1, shared: shares('order list', 'cancel of an absent id') },
    recorded: { shows: REFUSED(404) },
    async send(ctx: Ctx) {
      // A proof from the run's own 404s so far needs nothing more; else one cancel of the absent id and a list.
      const quiet = judgeRefusals(historyNow(ctx), 404).proofs.some((p) => strong(404, p) && p.quiet);
      const absent = await ctx.target.absentId();
      if (!quiet && absent !== undefined && (await listsReadable(ctx))) {
        // The run's one cancel of its absent id (shared): a 2xx to it is CANCEL-UNKNOWN-404's to judge, and
        // ends every DELETE of an id not given (suites/kit/delete-gate.ts).
        await ctx.target.cancelAbsent();
        await listOnce(ctx);
      }
      // No absent id to send: the reason names what stopped it (an unreadable list, say), not a check.
      const refusal = absent === undefined ? await ctx.target.absenceRefusal() : undefined;
      leaveOut(
        ctx,
        refusal ??
          skipOf(
            'no cancel of an id absent from the list was answered 404 between two lists (see CANCEL-UNKNOWN-404)',
            OUTCOME,
          ),
      );
    },
    judge: judgeClass(404),
  }),
  check({
    id: 'STATE-409-CHANGES-NOTHING',
    level: 'MUST',
    rules: ['3.shipped-cancel', '4.cancel.r2'],
    requirement:
      'A cancel of a shipped order answered 409 changes nothing: the order stays listed and its next cancel is 409 again.',
    basis: [SPEC.shippedRejected, SPEC.shipped409],
    title:
      "Reads the run's cancels of shipped fixtures answered 409 and the next cancel of each (sends DELETE /store/orders/{the shipped fixture} again if none came)",
    needs: { requests: 1, shipped: true, shared: shares('shipped cancel') },
    recorded: { shows: REFUSED(409) },
    async send(ctx: Ctx) {
      const id = ctx.target.shippedIds[0]!;
      await ctx.target.cancelShipped(id);
      if (judgeRefusals(historyNow(ctx), 409).proofs.every((p) => !strong(409, p))) await cancelOnce(ctx, id);
      leaveOut(
        ctx,
        skipOf('no cancel of a shipped fixture was answered 409 (see CANCEL-SHIPPED-409)', OUTCOME),
      );
    },
    judge: judgeClass(409),
  }),
];

export const refusedOverLimit = check({
  id: 'STATE-429-CHANGES-NOTHING',
  judgesRefusals: true,
  level: 'MUST',
  rules: ['8.r3', '7.429'],
  requirement:
    'A cancel refused with 429 over the rate limit changes nothing: the pending order it named is still listed and its next cancel with the key succeeds.',
  rationale:
    'The request that exceeds the limit is answered 429, not served: a server that carries it out and only then refuses it changes the store for a client told to retry. A refusal is blamed only where the id was shown addressable: past 2^53 a server that reads ids as JS numbers acts on the order it rounds to (an ID- finding), which says nothing of the refusal.',
  basis: [SPEC.exceeded429, SPEC.rateLimited429],
  title:
    "Reads the rate-limit probe's request past Remaining 0, a cancel of the held pending fixture, then the race that cancels it",
  needs: { requests: 0, probe: true, held: true, shared: shares('held race') },
  recorded: { shows: REFUSED(429) },
  async send(ctx: Ctx) {
    const record = await probeOf(ctx).run();
    const race = await heldRace(ctx);
    const walk = record.walk.kind === 'done' ? record.walk.value : undefined;
    const seen: RaceSeen =
      'skip' in race
        ? { skip: race.skip.reason }
        : { id: race.id, cancels: race.cancels.map((c) => ('status' in c ? c : undefined)) };
    leaveOut(
      ctx,
      skipOf(
        walk?.overLimit
          ? overLimitWhy(walk.overLimit.response, seen)
          : walk?.heldNotSent
            ? `the rate-limit probe sent no cancel of the held fixture past the limit: ${walk.heldNotSent}`
            : `the rate-limit probe sent no cancel of the held fixture past Remaining 0 (${remainingMisbehaves(ctx.transcript.all(), ctx.config.baseUrl) ?? `see RL-PROBE-LIMIT-ENFORCED; ${flagRef('skipRateLimitProbe')} leaves the probe out`})`,
        OUTCOME,
      ),
    );
  },
  judge: judgeClass(429),
});
