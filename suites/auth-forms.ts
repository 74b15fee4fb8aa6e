// spec §5 rules 2 and 4: the key counts only as "Authorization: Bearer <key>"; the same key in another
// form (another scheme, text around it, altered) is an invalid key, answered 401. A second Authorization line
// is only observed: nothing obliges a server to refuse it (RFC 9110 §5.3 binds the sender). Each form is sent
// once, on one operation, the operations taking turns, so the matrix costs one request per form.
import type { Basis } from '../lib/check/model.ts';
import { OUTCOME } from '../lib/check/skip.ts';
import type { Response } from '../lib/http/client.ts';
import type { KeyForm } from '../lib/http/key-forms.ts';
import { describeForm } from '../lib/http/key-forms.ts';
import { RFC, SPEC } from './shared/basis.ts';
import { type Ctx, check } from './shared/context.ts';
import { expectedStatus } from './shared/expect.ts';
import { describeStatus } from './shared/responses.ts';
import { shares } from './shared/sendings.ts';
import { OPERATIONS, sendAs } from './shared/unauthorized.ts';

interface FormCheck {
  id: string;
  rules: string[];
  /** The sentences that bind the server (an observed group: the one it observes against). */
  basis: Basis[];
  what: string;
  title: string;
  forms: KeyForm[];
  /** Observed only (INFO): what the server does with these forms is recorded, never judged. */
  observed?: true;
}

// The order fixes which operation each form meets: keep it, so a form keeps its operation across versions.
const GROUPS: FormCheck[] = [
  {
    id: 'AUTH-OTHER-SCHEME-401',
    rules: ['5.r1', '5.r2', '5.r4'],
    basis: [SPEC.bearer, SPEC.keyForm, SPEC.invalidKey401],
    what: 'the key under another authentication scheme',
    title: 'Sends the key as Basic (as user, as password), Token, ApiKey and Digest credentials',
    forms: [
      { kind: 'basic', as: 'user' },
      { kind: 'basic', as: 'password' },
      { kind: 'scheme', scheme: 'Token', key: 'as-is' },
      { kind: 'scheme', scheme: 'ApiKey', key: 'as-is' },
      { kind: 'scheme', scheme: 'Digest', key: 'as-is' },
    ],
  },
  {
    id: 'AUTH-KEY-EXTRA-TEXT-401',
    rules: ['5.r2', '5.r4'],
    basis: [SPEC.keyForm, SPEC.invalidKey401],
    what: 'the key with something more in the Authorization header',
    title: 'Sends "Bearer x <key>", "Bearer <key> x" and "Bearer<key>" (no space)',
    forms: [
      { kind: 'scheme', scheme: 'Bearer', key: 'as-is', before: 'x ' },
      { kind: 'scheme', scheme: 'Bearer', key: 'as-is', after: ' x' },
      { kind: 'scheme', scheme: 'Bearer', key: 'as-is', noSpace: true },
    ],
  },
  {
    id: 'AUTH-REPEATED-AUTHORIZATION-INFO',
    rules: ['5.r2'],
    basis: [RFC.repeatedField],
    what: 'two Authorization lines, the key then another token',
    title: 'Sends two Authorization lines (the key, then another token)',
    forms: [{ kind: 'twice', other: 'osc_not_a_key' }],
    observed: true,
  },
  {
    id: 'AUTH-KEY-ALTERED-401',
    rules: ['5.r4'],
    basis: [SPEC.invalidKey401],
    what: 'a bearer token that differs from the key',
    title: 'Sends "Bearer <key>" with the key case-flipped, without its last character, and with one more',
    forms: [
      { kind: 'scheme', scheme: 'Bearer', key: 'case-flipped' },
      { kind: 'scheme', scheme: 'Bearer', key: 'truncated' },
      { kind: 'scheme', scheme: 'Bearer', key: 'extended' },
    ],
  },
];

/** Every form of the matrix, in order: the position decides the operation it is sent on. */
export const FORM_COUNT = GROUPS.reduce((n, g) => n + g.forms.length, 0);

/** Sends each form of the group on its operation; `judge` sees every answer. */
async function sendForms(
  ctx: Ctx,
  group: FormCheck,
  offset: number,
  judge: (op: string, form: KeyForm, res: Response) => void,
): Promise<number> {
  let sent = 0;
  for (const [i, form] of group.forms.entries()) {
    const op = OPERATIONS[(offset + i) % OPERATIONS.length]!;
    const res = await sendAs(ctx, op, { kind: 'form', form });
    if (!res) continue;
    sent++;
    judge(op, form, res);
  }
  if (sent === 0) ctx.skip('no operation could be exercised safely', OUTCOME);
  return sent;
}

function refusedCheck(group: FormCheck, offset: number) {
  return check({
    id: group.id,
    spec: 'spec §5 rules 2 and 4',
    level: 'MUST',
    rules: group.rules,
    basis: group.basis,
    requirement: `The key is sent only as "Authorization: Bearer <key>", so a request carrying ${group.what} is a request with an invalid key: 401.`,
    title: `${group.title}; each form on one operation (list, cancel of an absent id, pets, in turn)`,
    needs: { requests: group.forms.length, shared: shares('order list') },
    async run(ctx: Ctx) {
      const sent = await sendForms(ctx, group, offset, (op, form, res) => {
        if (res.status !== 401)
          ctx.problem(
            `${op} with ${describeForm(form)} answered ${describeStatus(res)}`,
            expectedStatus(res, 401),
          );
      });
      ctx.observe(`401 for ${sent} forms of the key`, sent);
    },
  });
}

function observedCheck(group: FormCheck, offset: number) {
  return check({
    id: group.id,
    spec: 'spec §5 rule 2; RFC 9110 §5.3',
    level: 'INFO',
    rules: group.rules,
    basis: group.basis,
    requirement: `What a request carrying ${group.what} gets is recorded: RFC 9110 §5.3 forbids the sender to repeat the field and leaves the recipient free, and most HTTP stacks keep the first line, so 200 and 401 are both conformant.`,
    title: `${group.title}; on one operation (list, cancel of an absent id or pets, by its turn)`,
    needs: { requests: group.forms.length, shared: shares('order list') },
    async run(ctx: Ctx) {
      const seen: string[] = [];
      await sendForms(ctx, group, offset, (op, form, res) => {
        ctx.evidence(res.exchange);
        seen.push(`${op} with ${describeForm(form)} answered ${describeStatus(res)}`);
      });
      ctx.observe(seen.join('; '), seen.length);
    },
  });
}

export const credentialFormChecks = GROUPS.map((g, i) => {
  const offset = GROUPS.slice(0, i).reduce((n, x) => n + x.forms.length, 0);
  return g.observed ? observedCheck(g, offset) : refusedCheck(g, offset);
});
