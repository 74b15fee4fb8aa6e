// The steps of STATE-SEQUENCE: the operations the spec names (list, cancel of a cancelled, shipped or absent
// order, with the key or without one; the pets read), each one request judged against the
// store model. A step is a number in a fixed table, so a failing sequence replays from its numbers.
import type { Response } from '../../lib/http/client.ts';
import type { Auth } from '../../lib/http/wire.ts';
import type { Ctx } from '../kit/context.ts';
import { ORDERS, orderPath, petPath } from '../kit/paths.ts';
import { cancelledBy } from '../kit/target-facts.ts';
import { unexplainedChanges } from './list-changes.ts';
import { historyNow } from './store.ts';

/**
 * With the key, or with no credentials. A wrong key is STATE-401-CHANGES-NOTHING's and the AUTH- checks': a
 * server that takes any token charges it to the key, and more of them would blur the key's count for the
 * RL-BUCKET- checks.
 */
export type Credential = 'key' | 'none';
/** The orders a cancel step names: the fixture the run cancelled, a shipped fixture, an id proven absent. */
export type TargetKind = 'cancelled' | 'shipped' | 'absent';

export type Step =
  | { op: 'list'; credential: Credential }
  | { op: 'cancel'; target: TargetKind; credential: Credential }
  | { op: 'pets' };

const CREDENTIALS: readonly Credential[] = ['key', 'none'];
const TARGETS: readonly TargetKind[] = ['cancelled', 'shipped', 'absent'];

/** Every step, numbered by its place (the numbers of a replay path): never reorder, only append. */
export const STEPS: readonly Step[] = [
  ...CREDENTIALS.map((credential): Step => ({ op: 'list', credential })),
  ...TARGETS.flatMap((target) =>
    CREDENTIALS.map((credential): Step => ({ op: 'cancel', target, credential })),
  ),
  { op: 'pets' },
];

const WITH: Record<Credential, string> = {
  key: 'with the key',
  none: 'without credentials',
};

export function stepLabel(step: Step): string {
  if (step.op === 'pets') return 'GET /pets/{a listed pet} with the key';
  if (step.op === 'list') return `GET /store/orders ${WITH[step.credential]}`;
  return `DELETE /store/orders/{the ${step.target} order} ${WITH[step.credential]}`;
}

/** The concrete orders of a run the steps name (undefined: that kind of step is not sent). */
export interface Targets {
  cancelled?: string;
  shipped?: string;
  absent?: string;
  pet: string;
  /** Whether the run's lists can be read at all (one over --max-response-bytes is not asked for again). */
  lists: boolean;
}

export const available = (step: Step, t: Targets): boolean =>
  step.op === 'cancel' ? t[step.target] !== undefined : step.op !== 'list' || t.lists;

const authOf = (credential: Credential): Auth => ({ kind: credential === 'key' ? 'key' : 'none' });

/** What a step's answer must be, in words, and whether it is. */
function expectation(step: Step, status: number): { expected: string; held: boolean } | undefined {
  if (step.op === 'pets') return undefined;
  if (step.credential !== 'key') return { expected: '401', held: status === 401 };
  if (step.op === 'list') return { expected: '2xx', held: status >= 200 && status <= 299 };
  if (step.target === 'shipped') return { expected: '409', held: status === 409 };
  if (step.target === 'absent') return { expected: '404', held: status === 404 };
  return { expected: 'not 2xx (already cancelled)', held: !cancelledBy(status) };
}

export interface Done {
  step: Step;
  response: Response;
  /** Why the answer breaks the model, when it does. */
  failure?: string;
}

/**
 * What this list is the first to show wrong: an order gone or back that no request explains (the steps
 * change nothing, so any such change is theirs). How a cancelled order shows is STATE-LIST-AFTER-CANCEL's.
 */
function listProblems(ctx: Ctx, response: Response): string[] {
  const { findings } = unexplainedChanges(historyNow(ctx));
  return findings.filter((f) => f.exchanges[0]?.seq === response.exchange.seq).map((f) => f.problem);
}

/** Sends one step and judges its answer against the model. */
export async function perform(ctx: Ctx, step: Step, t: Targets): Promise<Done> {
  const response =
    step.op === 'pets'
      ? await ctx.http.send({ method: 'GET', path: petPath(t.pet) })
      : step.op === 'list'
        ? await ctx.http.send({ method: 'GET', path: ORDERS, auth: authOf(step.credential) })
        : await ctx.http.send({
            method: 'DELETE',
            path: orderPath(t[step.target]!),
            auth: authOf(step.credential),
          });
  const e = expectation(step, response.status);
  // An expectation that is itself a negation ("not 2xx") reads as what was owed, not "not not 2xx".
  const owed = e?.expected.startsWith('not ') ? `where ${e.expected} was owed` : `not ${e?.expected}`;
  if (e && !e.held) return { step, response, failure: `answered ${response.status}, ${owed}` };
  if (step.op === 'list' && step.credential === 'key') {
    const problems = listProblems(ctx, response);
    if (problems.length > 0) return { step, response, failure: problems.join('; ') };
  }
  return { step, response };
}
