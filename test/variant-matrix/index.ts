// The variant matrix: every reference variant, and a few combinations, run through the whole command. Each
// run names the checks that must record the variant's choice and the checks that skip (with why); every
// other selected check must run and stay silent. docs/checks.md lists, per check, the variants proven here.
import { selectChecks } from '../../lib/check/model.ts';
import type { VariantId } from '../../reference/server.ts';
import { ALL_CHECKS } from '../../suites/index.ts';
import type { VariantRun } from './types.ts';

/** Ordinary checks: the probe off, a roomy limit, few generated cases. */
const PLAIN: Pick<VariantRun, 'args' | 'reference'> = {
  args: ['--skip-rate-limit-probe', '--property-runs', '2'],
  reference: {},
};

/**
 * The rate-limit checks (probe and whole-run headers) on a compressed window, with a ban on the first early
 * request, so a probe that ever sent inside a Retry-After would fail its own checks.
 */
const PROBE = (limit: number, windowSeconds: number): Pick<VariantRun, 'args' | 'reference'> => ({
  args: ['--only', 'RL-'],
  reference: { rateLimit: { limit, windowSeconds }, banAfter: 1 },
});

const NO_FIXTURES = /--cancellable-order-ids|--shipped-order-ids|holds 0 order|no remaining fixture/;

const single = (variant: VariantId, rest: Omit<VariantRun, 'variants'>): VariantRun => ({
  variants: [variant],
  ...rest,
});

export const VARIANT_RUNS: VariantRun[] = [
  single('retry-after-http-date', {
    ...PROBE(5, 2),
    records: { 'RL-PROBE-429-RETRY-AFTER': /\(http-date, / },
  }),
  single('retry-after-rounded-up', { ...PROBE(5, 2) }),
  single('limiter-epoch-window', { ...PROBE(5, 2) }),
  single('limiter-sliding-log', { ...PROBE(5, 2) }),
  // Four tokens, one every 2 s: Reset moves later with each request, Retry-After is one token away.
  single('limiter-token-bucket', {
    ...PROBE(4, 8),
    records: {
      'RL-PROBE-RETRY-AFTER-CONSISTENT': /Retry-After ends before the Reset moment/,
      'RL-PROBE-RECOVERY': /gradual refill/,
    },
  }),
  // 200 tokens a second: the bucket refills about as fast as the walk spends, so the limit is never reached
  // within the walk's bound. The probe must say so and judge nothing, not fail the limit as never enforced.
  single('limiter-token-bucket', {
    ...PROBE(200, 1),
    // No 429, so no wait: a walk that ends within one second outlives no Reset moment.
    maySkip: { 'RL-HEADERS-NEW-WINDOW': /no response of the run arrived after a Reset moment/ },
    skips: Object.fromEntries(
      [
        'RL-PROBE-LIMIT-ENFORCED',
        'RL-PROBE-LIMIT-NOT-EARLY',
        'RL-PROBE-429-RETRY-AFTER',
        'RL-PROBE-RETRY-AFTER-CONSISTENT',
        'RL-PROBE-429-HEADERS',
        'RL-PROBE-429-BODY',
        'RL-PROBE-RECOVERY',
      ].map((id) => [id, /Remaining still \d+: .*not reached|met no 429/]),
    ),
  }),
  single('address-limit-separate', { ...PROBE(40, 2) }),
  single('order-extra-fields', { ...PLAIN }),
  single('order-id-only', { ...PLAIN }),
  single('error-extra-fields', { ...PLAIN }),
  single('json-charset', { ...PLAIN, records: { 'CANCEL-REPEAT-INFO': /application\/json; charset=utf-8/ } }),
  single('malformed-id-404', {
    ...PLAIN,
    records: { 'ID-MALFORMED-STATUS-INFO': /malformed ids answered 404 ORDER_NOT_FOUND(\n|$)/ },
  }),
  single('leading-zeros-same-id', {
    ...PLAIN,
    records: { 'ID-CANCEL-LEADING-ZEROS-INFO': /^leading zeros name the same order/ },
  }),
  single('conflict-no-body', {
    ...PLAIN,
    records: { 'CANCEL-REPEAT-INFO': /answered 409, no body/, 'CANCEL-SHIPPED-409-BODY': /without a body/ },
  }),
  single('cancelled-removed', { ...PLAIN, records: { 'CANCEL-REPEAT-INFO': /answered 404/ } }),
  single('connection-close', { ...PLAIN }),
  single('chunked-list', { ...PLAIN }),
  single('header-case', { ...PROBE(5, 2) }),
  single('challenge-lower-case', { ...PLAIN }),
  single('authorization-first-line', {
    ...PLAIN,
    records: { 'AUTH-REPEATED-AUTHORIZATION-INFO': /answered 200/ },
  }),
  single('no-deprecation-headers', {
    ...PLAIN,
    records: { 'PETS-DEPRECATION-HEADER': /no Deprecation header/, 'PETS-SUNSET-HEADER': /no Sunset header/ },
  }),
  single('base-path-deep', { ...PLAIN, records: { 'VER-BASE-PATH-V1': /base path \/api\/store\/v1/ } }),
  single('empty-store', {
    ...PLAIN,
    records: { 'LIST-BODY-ARRAY': /a JSON array of 0 items/ },
    // Every check that needs a fixture to cancel or a shipped order, and those that need orders in the list.
    skips: Object.fromEntries(
      [
        ...ALL_CHECKS.filter((c) => c.needs.cancellable || c.needs.shipped).map((c) => c.id),
        'LIST-NO-NARROWING',
        'ID-CANCEL-LEADING-ZEROS-INFO',
      ].map((id) => [id, NO_FIXTURES]),
    ),
  }),
  single('large-store', { ...PLAIN, records: { 'LIST-BODY-ARRAY': /a JSON array of 50000 items/ } }),
  // The issue's combination: a token bucket answering in HTTP-dates, 409s without a body, cancelled orders
  // removed; the whole command, probe included, on a window the run must pace itself through.
  {
    variants: ['limiter-token-bucket', 'retry-after-http-date', 'conflict-no-body', 'cancelled-removed'],
    args: ['--property-runs', '2'],
    reference: { rateLimit: { limit: 40, windowSeconds: 4 }, banAfter: 1 },
    records: {
      'RL-PROBE-429-RETRY-AFTER': /\(http-date, /,
      'CANCEL-REPEAT-INFO': /answered 404/,
      'CANCEL-SHIPPED-409-BODY': /without a body/,
    },
  },
  // Bodies and HTTP choices on the probe's responses too: a 429 with extra Error members and a charset, sent
  // in other header cases over connections that close, judged by the probe and the whole-run error checks.
  {
    variants: ['error-extra-fields', 'json-charset', 'header-case', 'connection-close', 'chunked-list'],
    args: ['--only', 'RL-,ERR-'],
    reference: { rateLimit: { limit: 5, windowSeconds: 2 }, banAfter: 1 },
    records: { 'RL-PROBE-429-BODY': /valid Error body \(429 \(application\/json; charset=utf-8\)/ },
  },
  // Every choice about bodies, ids and HTTP at once.
  {
    variants: [
      'order-extra-fields',
      'error-extra-fields',
      'json-charset',
      'malformed-id-404',
      'leading-zeros-same-id',
      'connection-close',
      'chunked-list',
      'header-case',
      'challenge-lower-case',
      'base-path-deep',
    ],
    ...PLAIN,
    records: { 'ID-CANCEL-LEADING-ZEROS-INFO': /^leading zeros name the same order/ },
  },
];

/** Checks that cannot run in these self-tests whatever the variant: they need a setting the runs do not give. */
export const NEVER_RUN_HERE: Record<string, string> = {
  'RL-PROBE-PLAN-LIMIT': 'needs --plan',
  'RL-PROBE-SECOND-KEY': 'needs --second-api-key',
  'RL-PROBE-BURST': 'needs --burst',
};

const option = (args: string[], flag: string): string[] => {
  const i = args.indexOf(flag);
  return i < 0 ? [] : args[i + 1]!.split(',');
};

/** The checks a run selects and must see run and stay silent (pass or info). */
export function provenChecks(run: VariantRun): string[] {
  const skipProbe = run.args.includes('--skip-rate-limit-probe');
  return selectChecks(ALL_CHECKS, option(run.args, '--only'), option(run.args, '--skip'))
    .filter((c) => !(skipProbe && c.needs.probe))
    .filter((c) => !c.needs.secondKey && NEVER_RUN_HERE[c.id] === undefined)
    .filter((c) => run.skips?.[c.id] === undefined)
    .map((c) => c.id);
}

/** Per check, the variants some run of the matrix proves it tolerates. */
export function toleratedVariants(): Map<string, string[]> {
  const out = new Map<string, Set<string>>();
  for (const run of VARIANT_RUNS)
    for (const id of provenChecks(run))
      for (const v of run.variants) out.set(id, (out.get(id) ?? new Set()).add(v));
  return new Map([...out].map(([id, set]) => [id, [...set].sort()]));
}

export const runName = (run: VariantRun): string => {
  const rl = run.reference.rateLimit;
  return `${run.variants.join(' + ')}${rl ? ` (${rl.limit} per ${rl.windowSeconds} s)` : ''}`;
};
