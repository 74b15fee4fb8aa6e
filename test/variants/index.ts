// Every catalogued variant's proof, gathered from the area files (tsc requires exactly one per variant of
// reference/variants/catalogue.ts), and the variant matrix: each variant's own runs, then a few combinations.
// Each run names the checks that must record the variant's choice and the checks that skip (with why); every
// other selected check must run and stay silent. docs/checks.md lists, per check, the variants proven here.
import { selectChecks } from '../../lib/check/model.ts';
import type { VariantId } from '../../reference/server.ts';
import { ALL_CHECKS } from '../../suites/index.ts';
import { AUTH_VARIANTS } from './auth.ts';
import { CANCEL_VARIANTS } from './cancel.ts';
import { ERRORS_VARIANTS } from './errors.ts';
import { HTTP_VARIANTS } from './http.ts';
import { LIST_VARIANTS } from './list.ts';
import { ORDER_ID_VARIANTS } from './order-id.ts';
import { PETS_VARIANTS } from './pets.ts';
import { PLAIN, type VariantProof, type VariantRun } from './proof.ts';
import { RATE_LIMIT_VARIANTS } from './rate-limit.ts';
import { STATE_VARIANTS } from './state.ts';
import { VERSIONING_VARIANTS } from './versioning.ts';

export const VARIANT_PROOFS: Readonly<Record<VariantId, VariantProof>> = {
  ...LIST_VARIANTS,
  ...CANCEL_VARIANTS,
  ...STATE_VARIANTS,
  ...ORDER_ID_VARIANTS,
  ...AUTH_VARIANTS,
  ...PETS_VARIANTS,
  ...VERSIONING_VARIANTS,
  ...ERRORS_VARIANTS,
  ...RATE_LIMIT_VARIANTS,
  ...HTTP_VARIANTS,
};

/** Variants switched on together, each run as a whole. */
const COMBINATIONS: VariantRun[] = [
  // A token bucket answering in HTTP-dates, 409s without a body, cancelled orders
  // removed; the whole command, probe included, on a window the run must pace itself through.
  {
    variants: ['limiter-token-bucket', 'retry-after-http-date', 'conflict-no-body', 'cancelled-removed'],
    args: ['--property-runs', '2'],
    reference: { rateLimit: { limit: 40, windowSeconds: 4 }, banAfter: 1 },
    // The held fixture's cancel sent past Remaining 0 may meet a token come back (10 a second): served within
    // the limit as a bucket keeps it, it leaves the refusal check no refusal to judge, an honest skip.
    maySkip: { 'STATE-429-CHANGES-NOTHING': /was answered 2\d\d, not refused with 429/ },
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
  // A weak list ETag that counts orders, on a list whose bytes show a cancel (the status member): the tag stays
  // while the list changes, and the 304 to it is recorded, never failed (RFC 9110 §8.8.1).
  {
    variants: ['list-etag-weak', 'order-extra-fields'],
    ...PLAIN,
    records: {
      'HTTP-CONDITIONAL-WEAK-INFO': /^a weak list ETag that stayed while the list changed was answered 304: /,
    },
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

export const VARIANT_RUNS: VariantRun[] = [
  ...(Object.entries(VARIANT_PROOFS) as Array<[VariantId, VariantProof]>).flatMap(([id, proof]) =>
    proof.runs.map((run): VariantRun => ({ variants: [id], ...run })),
  ),
  ...COMBINATIONS,
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

/**
 * Checks that judge what another check sends, by the check that sends it: without it in the run they are left
 * out, naming it (RL-PROBE-KEY-SPELLING sends only a spelling of the scheme the run saw accepted).
 */
const JUDGES_WHAT_SENDS: Record<string, string> = {
  'RL-PROBE-KEY-SPELLING': 'AUTH-SCHEME-CASE-INSENSITIVE',
};

/** The checks a run selects and must see run and stay silent (pass or info). */
/** Whole-run checks that judge only what a 429 brings: without one they are not evaluated. */
const NEEDS_A_429 = ['RL-HEADERS-RETRY-AFTER-VALID', 'RL-HEADERS-NO-UNEARNED-BAN'];
const NEEDS_A_SPAN = ['HTTP-DATE-ADVANCES'];

export function provenChecks(run: VariantRun): string[] {
  const skipProbe = run.args.includes('--skip-rate-limit-probe');
  const selected = selectChecks(ALL_CHECKS, option(run.args, '--only'), option(run.args, '--skip'));
  const ids = new Set(selected.map((c) => c.id));
  return (
    selected
      .filter((c) => JUDGES_WHAT_SENDS[c.id] === undefined || ids.has(JUDGES_WHAT_SENDS[c.id]!))
      .filter((c) => !(skipProbe && c.needs.probe))
      // Only the probe meets a 429: without it no Retry-After, and no ban, is there to judge (not evaluated,
      // no pass).
      .filter((c) => !(skipProbe && NEEDS_A_429.includes(c.id)))
      // Without the probe a run against the reference may end within the span a frozen Date needs to show.
      .filter((c) => !(skipProbe && NEEDS_A_SPAN.includes(c.id)))
      // Without the probe, the later look waits for a short window only (SHORT_WINDOW), not PLAIN's minute.
      .filter(
        (c) =>
          !(
            skipProbe &&
            c.needs.shared?.['later look'] !== undefined &&
            (run.reference.rateLimit?.windowSeconds ?? 60) > 10
          ),
      )
      .filter((c) => !c.needs.secondKey && NEVER_RUN_HERE[c.id] === undefined)
      .filter((c) => run.skips?.[c.id] === undefined)
      .map((c) => c.id)
  );
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
  const slow = run.reference.delayMs ? `, answers held ${run.reference.delayMs} ms` : '';
  return `${run.variants.join(' + ')}${rl ? ` (${rl.limit} per ${rl.windowSeconds} s${slow})` : ''}`;
};
