// spec §5 rules 2 and 4: the key counts only as "Authorization: Bearer <key>"; the same key in any other
// form (another scheme, text around it, altered, sent twice) is an invalid key, answered 401. Each form is
// sent once, on one operation, the operations taking turns, so the matrix costs one request per form.
import type { KeyForm } from '../lib/http/key-forms.ts';
import { describeForm } from '../lib/http/key-forms.ts';
import { type Ctx, check } from './shared/context.ts';
import { describeStatus } from './shared/responses.ts';
import { shares } from './shared/sendings.ts';
import { OPERATIONS, sendAs } from './shared/unauthorized.ts';

interface FormCheck {
  id: string;
  rules: string[];
  what: string;
  title: string;
  forms: KeyForm[];
}

const GROUPS: FormCheck[] = [
  {
    id: 'AUTH-OTHER-SCHEME-401',
    rules: ['5.r1', '5.r2', '5.r4'],
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
    what: 'the key with something more in the Authorization header',
    title:
      'Sends "Bearer x <key>", "Bearer <key> x", "Bearer<key>" (no space) and two Authorization lines (the key, then another token)',
    forms: [
      { kind: 'scheme', scheme: 'Bearer', key: 'as-is', before: 'x ' },
      { kind: 'scheme', scheme: 'Bearer', key: 'as-is', after: ' x' },
      { kind: 'scheme', scheme: 'Bearer', key: 'as-is', noSpace: true },
      { kind: 'twice', other: 'osc_not_a_key' },
    ],
  },
  {
    id: 'AUTH-KEY-ALTERED-401',
    rules: ['5.r4'],
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

function formCheck(group: FormCheck, offset: number) {
  return check({
    id: group.id,
    spec: 'spec §5 rules 2 and 4',
    level: 'MUST',
    rules: group.rules,
    requirement: `The key is sent only as "Authorization: Bearer <key>", so a request carrying ${group.what} is a request with an invalid key: 401.`,
    title: `${group.title}; each form on one operation (list, cancel of an absent id, pets, in turn)`,
    needs: { requests: group.forms.length, shared: shares('order list') },
    async run(ctx: Ctx) {
      const seen: string[] = [];
      for (const [i, form] of group.forms.entries()) {
        const op = OPERATIONS[(offset + i) % OPERATIONS.length]!;
        const res = await sendAs(ctx, op, { kind: 'form', form });
        if (!res) continue;
        seen.push(op);
        if (res.status !== 401)
          ctx.problem(`${op} with ${describeForm(form)} answered ${describeStatus(res)}`, {
            expected: '401',
            actual: String(res.status),
            exchange: res.exchange,
          });
      }
      if (seen.length === 0) ctx.skip('no operation could be exercised safely');
      ctx.observe(`401 for ${seen.length} forms of the key`);
    },
  });
}

export const credentialFormChecks = GROUPS.map((g, i) =>
  formCheck(
    g,
    GROUPS.slice(0, i).reduce((n, x) => n + x.forms.length, 0),
  ),
);
