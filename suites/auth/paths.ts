// spec §5 rule 3: every operation requires the key, however its path is spelled. Each spelling a router may
// still read as an operation (path-spellings.ts) goes out without credentials and must not reach it;
// what the spellings answer with the key is only recorded. A cancel is spelled only around an id the list
// proves absent, and no spelling may be read as the collection or as another id (path-spellings.test.ts).

import { flagRef } from '../../lib/config/settings.ts';
import type { Auth, Response } from '../../lib/http/client.ts';
import { memoKey } from '../../lib/run/memo.ts';
import { SPEC } from '../kit/basis.ts';
import { type Ctx, check } from '../kit/context.ts';
import { carriesKey } from '../kit/offered.ts';
import { ORDERS } from '../kit/paths.ts';
import { shares } from '../kit/sendings.ts';
import type { Operation } from '../kit/target-facts.ts';
import { OPERATION, observed, spelled401 } from './judges.ts';
import { ALL_KINDS, OTHER_KINDS, type PathParts, type Spelling, TRAILING_SLASH } from './path-spellings.ts';
import { rotation, type Slot, slotCounts, slots } from './sample.ts';
import { OPERATIONS } from './unauthorized.ts';
import { unreachedOf } from './unreached.ts';

type PathSlot = Slot<Spelling, Operation>;

const ORDER_SEGMENTS = ORDERS.split('/').slice(1);

/** The operation's path as parts, or undefined when it cannot be sent safely (no id proven absent). */
async function partsOf(ctx: Ctx, op: Operation): Promise<PathParts | undefined> {
  if (op === 'list') return { fixed: ORDER_SEGMENTS };
  if (op === 'pets') return { fixed: ['pets'], id: await ctx.target.petId() };
  const id = await ctx.target.absentId();
  return id === undefined ? undefined : { fixed: ORDER_SEGMENTS, id };
}

const methodOf = (op: Operation) => (op === 'cancel' ? 'DELETE' : 'GET');

/** The MUST check's sendings: a trailing slash on every operation, each other kind once; all with --exhaustive. */
export function refusalSlots(seed: number, exhaustive: boolean): PathSlot[] {
  if (exhaustive) return slots(ALL_KINDS, OPERATIONS, { seed, salt: 'AUTH-PATH', exhaustive });
  return [
    ...slots([TRAILING_SLASH], OPERATIONS, { seed, salt: 'AUTH-PATH', exhaustive }),
    ...slots(OTHER_KINDS, OPERATIONS, { seed, salt: 'AUTH-PATH', exhaustive, onePerKind: true }),
  ];
}

/**
 * The sampled kinds planned on the pets read, moved to the list when the pets read is not served with the key
 * (a 404 before authentication answers every spelling of it alike): a spelling there could show no bypass.
 */
async function onServedRoutes(ctx: Ctx, planned: PathSlot[]): Promise<PathSlot[]> {
  if (ctx.config.exhaustive) return planned;
  const pets = await unreachedOf(ctx).attempt('pets', () => ctx.target.pet());
  if (pets && pets.status >= 200 && pets.status <= 299) return planned;
  const moved = planned.filter((s) => s.op === 'pets' && s.kind !== TRAILING_SLASH.name);
  if (moved.length === 0) return planned;
  ctx.note(
    `the pets read with the key answered ${pets ? pets.status : 'nothing'}: ${moved.map((s) => s.kind).join(', ')} spelled on the list instead`,
  );
  return planned.map((s) => (moved.includes(s) ? { ...s, op: 'list' } : s));
}

/** The INFO check's sendings with the key: one spelling of one kind on one operation; all with --exhaustive. */
export function keyedSlots(seed: number, exhaustive: boolean): PathSlot[] {
  if (exhaustive) return slots(ALL_KINDS, OPERATIONS, { seed, salt: 'AUTH-PATH-INFO', exhaustive });
  const kind = ALL_KINDS[rotation(seed, 'AUTH-PATH-INFO', ALL_KINDS.length)]!;
  return slots([kind], OPERATIONS, { seed, salt: 'AUTH-PATH-INFO', exhaustive, onePerKind: true });
}

/** Every spelling by kind, as docs/checks.md lists them (each shown on the cancel's path). */
const CASES = Object.fromEntries(
  ALL_KINDS.map((k) => [
    k.name,
    k.cases.map((c) => `${c.name} (${c.spell({ fixed: ORDER_SEGMENTS, id: '{orderId}' })})`),
  ]),
);

/** At most one route-miss control per operation whose answer with the key is not 2xx (cancel, pets). */
const CONTROLS = 2;

/**
 * Sends the slots that can go out safely, once each path per operation; `after` hears each answer (the
 * refusal check's sending of a route-miss control).
 */
async function sendSlots(
  ctx: Ctx,
  list: readonly PathSlot[],
  auth: Auth,
  after: (op: Operation, parts: PathParts, res: Response) => Promise<unknown> = async () => {},
): Promise<void> {
  const unreached = unreachedOf(ctx);
  const sent = new Set<string>();
  for (const slot of list) {
    const parts = await partsOf(ctx, slot.op);
    if (!parts) {
      ctx.note(`${slot.op} not spelled: no id can be proven absent, and a spelled cancel targets only one`);
      continue;
    }
    const path = slot.case.spell(parts);
    // Two spellings of a kind may coincide on an operation (a doubled slash of a two-segment path).
    if (sent.has(`${slot.op} ${path}`)) continue;
    sent.add(`${slot.op} ${path}`);
    const res = await unreached.attempt(slot.op, () =>
      ctx.http.send({ method: methodOf(slot.op), path, auth, verbatimPath: true }),
    );
    // What it sends next may need the operation's own answer, which may be what failed.
    if (res) await unreached.attempt(slot.op, () => after(slot.op, parts, res));
    else sent.delete(`${slot.op} ${path}`);
  }
}

/** The answer the operation gives with the key on its own path: the cancel of the absent id, the pet read. */
async function canonical(ctx: Ctx, op: Operation): Promise<Response | undefined> {
  if (op === 'cancel') return ctx.target.cancelAbsent();
  if (op === 'pets') return ctx.target.pet();
  return undefined;
}

/**
 * Reads the operations' own answers first: they are shared sendings (Needs.shared), which the plan charges to
 * the first check that runs with them, so that check sends them whether or not a spelling needs comparing.
 */
async function canonicals(ctx: Ctx): Promise<void> {
  const unreached = unreachedOf(ctx);
  for (const op of OPERATIONS) await unreached.attempt(op, () => canonical(ctx, op));
}

/** What identifies an answer: its status and its Error code and message, or its whole body. */
function answerOf(res: Response): string {
  const parsed = res.json();
  if (parsed.ok && parsed.value !== null && typeof parsed.value === 'object') {
    const { code, message } = parsed.value as { code?: unknown; message?: unknown };
    if (typeof code === 'string') return `${res.status} ${code} ${String(message)}`;
  }
  return `${res.status} ${res.text}`;
}

/**
 * A path no router has, next to the operation's (its first segment suffixed), sent without the key once per
 * operation: what a route miss looks like here.
 */
function control(ctx: Ctx, op: Operation, parts: PathParts): Promise<Response> {
  const [first, ...rest] = [...parts.fixed, ...(parts.id === undefined ? [] : [parts.id])];
  const path = `/${[`${first}-zz-no-route`, ...rest].join('/')}`;
  return ctx.memo.once(memoKey<Promise<Response>>(`auth-paths/control/${op}`), () =>
    ctx.http.send({ method: methodOf(op), path, auth: { kind: 'none' }, verbatimPath: true }),
  );
}

/**
 * Sends the route-miss control a judge needs to tell whether a non-401 answer without the key came from the
 * operation (AUTH-PATH-SPELLING-401): only where that answer is the operation's own with the key (the 404 of
 * an absent cancel), as a route miss may answer alike.
 */
async function controlIfAlike(ctx: Ctx, op: Operation, parts: PathParts, res: Response): Promise<void> {
  if (res.status === 401 || (res.status >= 200 && res.status <= 299)) return;
  const own = await canonical(ctx, op);
  if (own && own.status >= 400 && answerOf(own) === answerOf(res)) await control(ctx, op, parts);
}

export const pathSpellingChecks = [
  check({
    id: 'AUTH-PATH-SPELLING-401',
    spec: 'spec §5 rules 3-4',
    level: 'MUST',
    rules: ['5.r3', '5.r4'],
    requirement:
      "Without the key, no spelling of an operation's path that a router may read as the operation reaches it.",
    rationale:
      'Every operation requires the key (spec §5 rule 3), however its path is spelled: trailing slash, doubled slash, dot segments, percent-encoded characters, letter case, a path parameter.',
    basis: [SPEC.everyOperation, SPEC.invalidKey401],
    title: `Sends list, cancel (absent id) and pets spelled with a trailing slash, and one spelling of each other kind on an operation chosen by ${flagRef('seed')} (every spelling on every operation with ${flagRef('exhaustive')}), with no Authorization header`,
    needs: {
      requests: slotCounts([TRAILING_SLASH], OPERATIONS.length).requests + OTHER_KINDS.length + CONTROLS,
      exhaustive: slotCounts(ALL_KINDS, OPERATIONS.length).exhaustive + CONTROLS,
      shared: shares('order list', 'cancel of an absent id', 'pet read'),
    },
    cases: CASES,
    recorded: {
      shows: `${OPERATION} without credentials on a path spelled another way (a trailing slash, another case…)`,
    },
    async send(ctx: Ctx) {
      await canonicals(ctx);
      await sendSlots(
        ctx,
        await onServedRoutes(ctx, refusalSlots(ctx.config.seed, ctx.config.exhaustive)),
        { kind: 'none' },
        (op, parts, res) => controlIfAlike(ctx, op, parts, res),
      );
    },
    judge: spelled401,
  }),
  check({
    id: 'AUTH-PATH-SPELLING-INFO',
    spec: 'spec §4; spec §5 rule 3',
    level: 'INFO',
    rules: ['5.r3'],
    requirement: "What a spelling of an operation's path answers with the key is recorded.",
    rationale:
      'The spec names one path per operation and says nothing of others, so serving, redirecting or refusing them are all conformant.',
    basis: [SPEC.pathsRelative],
    title: `Sends one spelling of one kind, chosen by ${flagRef('seed')}, with the key (every spelling on every operation with ${flagRef('exhaustive')})`,
    needs: {
      requests: 1,
      exhaustive: slotCounts(ALL_KINDS, OPERATIONS.length).exhaustive,
      shared: shares('order list', 'cancel of an absent id', 'pet read'),
    },
    cases: CASES,
    recorded: { shows: `${OPERATION} with the key on a path spelled another way` },
    async send(ctx: Ctx) {
      await canonicals(ctx);
      await sendSlots(ctx, keyedSlots(ctx.config.seed, ctx.config.exhaustive), { kind: 'key' });
    },
    judge: observed(
      'the key on a path spelled another way',
      ({ offered, route }) => route?.spelled === true && carriesKey(offered) !== undefined,
    ),
  }),
];
