// spec §5 rules 2-4: the key counts only as "Authorization: Bearer <key>"; the key anywhere else (the query,
// another header, a cookie, another scheme, no scheme, text around it, altered) is a missing or invalid key,
// answered 401 on every operation. A second Authorization line is only observed: nothing obliges a server to
// refuse it (RFC 9110 §5.3 binds the sender). The cases are placements.ts; sample.ts decides which go out.

import { flagRef } from '../../lib/config/settings.ts';
import type { Auth } from '../../lib/http/client.ts';
import { describeForm } from '../../lib/http/key-forms.ts';
import { type Ctx, check } from '../kit/context.ts';
import { refused } from '../kit/refused-keys.ts';
import { shares } from '../kit/sendings.ts';
import type { Operation } from '../kit/target-facts.ts';
import { observed } from './judges.ts';
import { FORM_GROUPS, type FormGroup } from './placements.ts';
import { type Slot, slotCounts, slots } from './sample.ts';
import { OPERATIONS, sendAs } from './unauthorized.ts';
import { settleUnreached, unreachedOf } from './unreached.ts';

/** How a misplaced credential reads in a finding (the key shown as <key>). */
export function describeAuth(auth: Auth): string {
  const list = (xs: readonly string[]) => xs.join(', ');
  if (auth.kind === 'form') return describeForm(auth.form);
  if (auth.kind === 'query') return `the key in the query as ${list(auth.params)}`;
  if (auth.kind === 'placed') {
    const where = [
      ...(auth.headers?.length
        ? [`the header${auth.headers.length > 1 ? 's' : ''} ${list(auth.headers)}`]
        : []),
      ...(auth.cookies?.length
        ? [`the cookie${auth.cookies.length > 1 ? 's' : ''} ${list(auth.cookies)}`]
        : []),
    ];
    return `the key in ${where.join(' and ')}`;
  }
  return auth.kind;
}

/** What a group sends in either mode: the plan's counts. */
export function groupCounts(group: FormGroup): { requests: number; exhaustive: number } {
  const ops = OPERATIONS.length;
  return {
    requests: slotCounts(group.kinds, ops, group.onePerKind).requests,
    exhaustive: slotCounts(group.exhaustiveKinds ?? group.kinds, ops).exhaustive,
  };
}

/** The group's sendings in this run: the seeded sample, or every case with --exhaustive. */
export function groupSlots(group: FormGroup, seed: number, exhaustive: boolean): Slot<Auth, Operation>[] {
  const kinds = exhaustive ? (group.exhaustiveKinds ?? group.kinds) : group.kinds;
  return slots(kinds, OPERATIONS, { seed, salt: group.id, exhaustive, onePerKind: group.onePerKind });
}

/**
 * Sends each case of the group on its operation: its sending only, which the group's judge reads among every
 * exchange of its kind. An operation whose exchange failed at the HTTP level is noted for the judge.
 */
async function sendForms(ctx: Ctx, group: FormGroup): Promise<void> {
  const unreached = unreachedOf(ctx);
  for (const slot of groupSlots(group, ctx.config.seed, ctx.config.exhaustive)) {
    const auth = slot.case;
    if (auth.kind === 'form' && ctx.http.formIsTheKey(auth.form)) {
      ctx.note(`${describeForm(auth.form)} not sent: the key has no letter whose case could change`);
      continue;
    }
    await unreached.attempt(slot.op, () => sendAs(ctx, slot.op, auth));
  }
}

const needsOf = (group: FormGroup) => ({
  ...groupCounts(group),
  shared: shares('order list', 'pet read'),
  ...(group.keyInUrl ? { keyInUrl: true } : {}),
});

/** The group's cases by kind, as docs/checks.md lists them: every case --exhaustive sends. */
const casesOf = (group: FormGroup) =>
  Object.fromEntries((group.exhaustiveKinds ?? group.kinds).map((k) => [k.name, k.cases.map(describeAuth)]));

function refusedCheck(group: FormGroup) {
  return check({
    id: group.id,
    spec: 'spec §5 rules 2-4',
    level: 'MUST',
    rules: group.rules,
    basis: group.basis,
    requirement: `A request carrying ${group.what} is answered 401, on every operation.`,
    rationale:
      'The key is sent only as "Authorization: Bearer <key>" (spec §5 rule 2), so a key anywhere else, or any other token, is a missing or invalid key.',
    title: `${group.title}; each operation (list, cancel of an absent id, pets) meets each kind, the case rotating by ${flagRef('seed')}`,
    needs: needsOf(group),
    cases: casesOf(group),
    recorded: { shows: group.shows },
    send: (ctx: Ctx) => sendForms(ctx, group),
    judge: refused(group.id, group.seen, { settle: settleUnreached }),
  });
}

function observedCheck(group: FormGroup) {
  return check({
    id: group.id,
    spec: 'spec §5 rule 2; RFC 9110 §5.3',
    level: 'INFO',
    rules: group.rules,
    basis: group.basis,
    requirement: `What a request carrying ${group.what} gets is recorded.`,
    rationale:
      'RFC 9110 §5.3 forbids the sender to repeat the field and leaves the recipient free; most HTTP stacks keep the first line, so 200 and 401 are both conformant.',
    title: `${group.title}; on one operation chosen by ${flagRef('seed')} (each operation with ${flagRef('exhaustive')})`,
    needs: needsOf(group),
    cases: casesOf(group),
    recorded: { shows: group.shows },
    send: (ctx: Ctx) => sendForms(ctx, group),
    // Only the repeated line is observed: the one group whose forms no check refuses.
    judge: observed(
      group.seen,
      ({ offered, route }) => route !== undefined && offered.form.kind === 'repeated',
    ),
  });
}

export const credentialFormChecks = FORM_GROUPS.map((g) => (g.observed ? observedCheck(g) : refusedCheck(g)));
