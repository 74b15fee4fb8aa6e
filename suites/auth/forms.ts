// spec §5 rules 2-4: the key counts only as "Authorization: Bearer <key>"; the key anywhere else (the query,
// another header, a cookie, another scheme, no scheme, text around it, altered) is a missing or invalid key,
// answered 401 on every operation. A second Authorization line is only observed: nothing obliges a server to
// refuse it (RFC 9110 §5.3 binds the sender). The cases are placements.ts; sample.ts decides which go out.

import { OUTCOME } from '../../lib/check/skip.ts';
import { flagRef } from '../../lib/config/settings.ts';
import type { Auth, Response } from '../../lib/http/client.ts';
import { describeForm } from '../../lib/http/key-forms.ts';
import { type Ctx, check } from '../kit/context.ts';
import { expectStatus } from '../kit/expect.ts';
import { describeStatus } from '../kit/responses.ts';
import { shares } from '../kit/sendings.ts';
import type { Operation } from '../kit/target-facts.ts';
import { FORM_GROUPS, type FormGroup } from './placements.ts';
import { type Slot, slotCounts, slots } from './sample.ts';
import { OPERATIONS, sendAs } from './unauthorized.ts';
import { Unreached } from './unreached.ts';

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

/** Sends each case of the group on its operation; `judge` sees every answer. Returns how many were judged. */
async function sendForms(
  ctx: Ctx,
  group: FormGroup,
  /** Judges one answer; true when it recorded a finding. */
  judge: (slot: Slot<Auth, Operation>, res: Response) => boolean,
): Promise<number> {
  let sent = 0;
  let findings = 0;
  const unreached = new Unreached();
  for (const slot of groupSlots(group, ctx.config.seed, ctx.config.exhaustive)) {
    const auth = slot.case;
    if (auth.kind === 'form' && ctx.http.formIsTheKey(auth.form)) {
      ctx.note(`${describeForm(auth.form)} not sent: the key has no letter whose case could change`);
      continue;
    }
    const res = await unreached.attempt(slot.op, () => sendAs(ctx, slot.op, auth));
    if (!res) continue;
    sent++;
    if (judge(slot, res)) findings++;
  }
  unreached.settle(ctx, findings);
  if (sent === 0) ctx.skip('no operation could be exercised safely', OUTCOME);
  return sent;
}

const needsOf = (group: FormGroup) => ({
  ...groupCounts(group),
  shared: shares('order list'),
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
    async run(ctx: Ctx) {
      const ops = new Set<string>();
      const sent = await sendForms(ctx, group, ({ case: auth, op }, res) => {
        ops.add(op);
        if (res.status === 401) return false;
        expectStatus(
          ctx,
          res,
          `${op} with ${describeAuth(auth)} (${group.kinds.length > 1 ? 'kind: ' : ''}${describeKind(group, auth)})`,
        ).toBe(401);
        return true;
      });
      ctx.observe(`401 for ${sent} misplaced or altered keys on ${[...ops].join(', ')}`, sent);
    },
  });
}

/** The kind a case belongs to, as the finding names it. */
function describeKind(group: FormGroup, auth: Auth): string {
  const kinds = [...group.kinds, ...(group.exhaustiveKinds ?? [])];
  return kinds.find((k) => k.cases.includes(auth))?.name ?? '';
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
    async run(ctx: Ctx) {
      const seen: string[] = [];
      await sendForms(ctx, group, ({ case: auth, op }, res) => {
        ctx.evidence(res.exchange);
        seen.push(`${op} with ${describeAuth(auth)} answered ${describeStatus(res)}`);
        return false;
      });
      ctx.observe(seen.join('; '), seen.length);
    },
  });
}

export const credentialFormChecks = FORM_GROUPS.map((g) => (g.observed ? observedCheck(g) : refusedCheck(g)));
