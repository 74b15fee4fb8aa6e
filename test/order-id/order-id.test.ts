// The orderId property suite, run as users run it (the real command) against the reference server: the
// faithful server passes, each id fault fails the right check with the right counterexample class, a
// printed path replays the same counterexample, a seed fixes every request, and the budget holds.

import { describe, expect, it } from 'vitest';
import type { CheckResult } from '../../lib/check/model.ts';
import { requestsOf } from '../../lib/check/needs.ts';
import { ALL_CHECKS } from '../../suites/index.ts';
import { ALL_VARIANTS, kindOf } from '../../suites/order-id/catalogue.ts';
import { DEFAULT_TRIES } from '../../suites/order-id/sample.ts';
import { type CliRun, checkOf, runCliInProcess, targetEnv } from '../support/cli.ts';
import { reference } from '../support/reference.ts';

const ID_CHECKS = ALL_CHECKS.filter((c) => c.id.startsWith('ID-'));

async function faultRun(faults: string[], args: string[], log?: (line: string) => void) {
  const server = await reference({ faults, ...(log ? { log } : {}) });
  const run = await runCliInProcess(args, { env: targetEnv(server) });
  return { server, run };
}

const summary = (run: CliRun) => `${run.stdout}\n${run.stderr}`;
const idResults = (run: CliRun): CheckResult[] => run.report!.checks.filter((c) => c.id.startsWith('ID-'));

describe('orderId properties against the faithful reference server', () => {
  it('pass, record seed and path, and cancel only fixtures', async () => {
    const { server, run } = await faultRun([], ['--only', 'ID', '--seed', '5']);
    expect(run.code, summary(run)).toBe(0);
    expect(idResults(run).map((c) => [c.id, c.status])).toEqual(
      ID_CHECKS.map((c) => [c.id, c.level === 'INFO' ? 'info' : 'pass']),
    );
    for (const id of ['ID-ABSENT-404', 'ID-MALFORMED-4XX']) {
      expect(checkOf(run, id).details.join('\n')).toMatch(/fast-check seed 5; path none/);
      expect(run.stdout).toMatch(new RegExp(`${id}: seed 5, path none`));
    }
    const cancelled = server.orders().filter((o) => o.status === 'cancelled');
    for (const o of cancelled) expect(server.fixtures.pending).toContain(o.id);
    expect(cancelled.map((o) => o.id).sort()).toEqual(['9007199254740992', '9007199254740993']);
  });
});

describe('orderId faults of the reference server', () => {
  it('int64-number-ids: a precision collision in the list and across the cancel of 2^53+1', async () => {
    const { run } = await faultRun(['int64-number-ids'], ['--only', 'ID', '--seed', '11']);
    expect(run.code, summary(run)).toBe(1);
    expect(checkOf(run, 'ID-LIST-LOSSLESS')).toMatchObject({ status: 'fail' });
    expect(checkOf(run, 'ID-LIST-LOSSLESS').message).toMatch(/^precision collision: /);
    const isolation = checkOf(run, 'ID-CANCEL-ISOLATION');
    expect(isolation.status).toBe('fail');
    expect(isolation.message).toMatch(/^precision collision: after cancelling 9007199254740993/);
    expect(checkOf(run, 'ID-CANCEL-SPELLING').status).toBe('warn');
  });

  it('cancel-then-409: a shipped order its own refused cancel changed is not blamed on the cancel of another', async () => {
    // The 409 deletes the shipped order, so its next cancel, after the check's cancel of a fixture, is 404:
    // the refusal came first and explains it (STATE-409-CHANGES-NOTHING's), and nothing shows it left the
    // order as it was. The second fixture is still watched.
    const { run } = await faultRun(['cancel-then-409'], ['--only', 'ID-CANCEL-ISOLATION', '--seed', '11']);
    const isolation = checkOf(run, 'ID-CANCEL-ISOLATION');
    expect(isolation.status, summary(run)).toBe('pass');
    expect(isolation.message).toMatch(/pending 9007199254740992 still cancellable/);
    expect(isolation.message).not.toMatch(/shipped/);
    expect(isolation.details.join('\n')).toMatch(
      /not watched: shipped order 42 answered 409 to #\d+, then 404 .* after the cancel of 9007199254740993: its own refused cancel came before the change.*not blamed on the cancel of 9007199254740993.*STATE-409-CHANGES-NOTHING/,
    );
  });

  it('orderid-malformed-500: a 5xx on a malformed id, replayed exactly from the printed flags', async () => {
    const { run } = await faultRun(['orderid-malformed-500'], ['--only', 'ID-MALFORMED', '--seed', '11']);
    const first = checkOf(run, 'ID-MALFORMED-4XX');
    expect(first.status, summary(run)).toBe('fail');
    expect(first.message).toMatch(
      /^5xx on malformed id: DELETE \/store\/orders\/\S+ \(not an int64\) answered 500/,
    );
    expect(first.reproduction[0]).toContain('$ORDER_STORE_API_KEY');
    // The printed flags name the one check to run, so pasting them sends the counterexample alone.
    const flags = /--only ID-MALFORMED-4XX --seed (-?\d+) --replay-path (ID-MALFORMED-4XX:\d+(?::\d+)*)/.exec(
      run.stdout,
    );
    expect(flags, run.stdout).not.toBeNull();
    expect(first.details.join('\n')).toContain(flags![0]);

    const { run: again } = await faultRun(
      ['orderid-malformed-500'],
      ['--only', 'ID-MALFORMED-4XX', '--seed', flags![1]!, '--replay-path', flags![2]!],
    );
    const replayed = checkOf(again, 'ID-MALFORMED-4XX');
    expect(replayed.message).toBe(first.message);
    const path = (curl: string | undefined) => curl?.replace(/^.*\/v1/, '');
    expect(path(replayed.reproduction[0])).toBe(path(first.reproduction[0]));
    expect(again.report!.requests.sent).toBe(2); // the list, then the one case at the path
  });

  it('cancel-unknown-204: a 2xx on an absent id, its exchange leading the evidence', async () => {
    const { run } = await faultRun(['cancel-unknown-204'], ['--only', 'ID-ABSENT', '--seed', '11']);
    const c = checkOf(run, 'ID-ABSENT-404');
    expect(c.status, summary(run)).toBe('fail');
    expect(c.message).toMatch(
      /^2xx on absent id: DELETE \/store\/orders\/(-?\d+) \(no order has this id\) answered 204/,
    );
    const id = /orders\/(-?\d+)/.exec(c.message)![1]!;
    expect(c.reproduction[0]).toMatch(new RegExp(`/store/orders/${id}"$`));
    expect(run.stdout).toMatch(/--only ID-ABSENT-404 --seed 11 --replay-path ID-ABSENT-404:\d+/);
  });

  it('orderid-lenient-parse: a segment naming no order (MUST) and a lenient spelling (SHOULD) cancel fixtures', async () => {
    const { server, run } = await faultRun(['orderid-lenient-parse'], ['--only', 'ID', '--seed', '11']);
    expect(run.code, summary(run)).toBe(1);
    const misread = checkOf(run, 'ID-CANCEL-MISREAD');
    expect(misread.status).toBe('fail');
    // atoi reads the leading digits: a fixture followed by anything else names it.
    expect(misread.message).toMatch(/^misread id: DELETE \/store\/orders\/\d+\S+ \([a-z-]+\) answered 204/);
    const spelling = checkOf(run, 'ID-CANCEL-SPELLING');
    expect(spelling.status).toBe('warn');
    expect(spelling.message).toMatch(
      /^lenient spelling accepted: DELETE \/store\/orders\/\S+ \([a-z-]+\) answered 204/,
    );
    // A level's first acceptance decides it; the sample keeps the other fixtures for the next levels, and
    // spells the shipped order for the kinds after it: atoi reads 42 into 42%0A, and its 409 says so.
    expect(spelling.details.join('\n')).toMatch(
      /tried against a shipped order instead \(a 409 would say it was read as that order\): digit-separator \(42\)/,
    );
    expect(spelling.details.join('\n')).toMatch(
      /lenient spelling accepted: DELETE \/store\/orders\/42%0A \(whitespace\) answered 409 .*: read as shipped order 42/,
    );
    expect(checkOf(run, 'ID-CANCEL-LEADING-ZEROS-INFO').message).toMatch(
      /^leading zeros name the same order/,
    );
    expect(checkOf(run, 'ID-MALFORMED-4XX').status).toBe('pass');
    for (const o of server.orders().filter((x) => x.status === 'cancelled'))
      expect(server.fixtures.pending).toContain(o.id);
  });
});

describe('spellings of a fixture', () => {
  it('with no fresh fixture after an acceptance, says which kinds went to absent ids and why', async () => {
    const server = await reference({ faults: ['orderid-lenient-parse'] });
    const run = await runCliInProcess(
      ['--only', 'ID-CANCEL-MISREAD,ID-CANCEL-SPELLING,ID-CANCEL-LEADING', '--seed', '3'],
      {
        // No shipped order either, which the kinds left without a fixture would spell instead.
        env: {
          ...targetEnv(server),
          ORDER_STORE_CANCELLABLE_ORDER_IDS: '7',
          ORDER_STORE_SHIPPED_ORDER_IDS: '',
        },
      },
    );
    // Trailing text cancels order 7, the one fixture, and none is left to spell.
    const misread = checkOf(run, 'ID-CANCEL-MISREAD');
    expect(misread.status, summary(run)).toBe('fail');
    expect(misread.message).toMatch(
      /^misread id: DELETE \/store\/orders\/7\S*( \([^)]*characters\))? \(trailing-text\) answered 204/,
    );
    const c = checkOf(run, 'ID-CANCEL-SPELLING');
    expect(c.status).toBe('skip');
    expect(c.message).toMatch(
      /^no spelling was tried against a pending fixture \(hex, octal, binary, float, digit-separator, whitespace, unicode-space, script-digits, compat-digits: every fixture was taken by another check or cancelled by an accepted spelling: list more in --cancellable-order-ids/,
    );
    // The accepted spelling that spent the fixture is named, and the check whose finding it is.
    expect(c.message).toMatch(
      /cancelled by an accepted spelling: list more in \S+ \/ \S+ \(the last cancelled by #\d+ DELETE \/store\/orders\/7\S* → 204, ID-CANCEL-MISREAD's finding\)\)/,
    );
    expect(c.cause).toEqual({ kind: 'input', setting: 'cancellableOrderIds', check: 'ID-CANCEL-MISREAD' });
    // Around absent ids this lenient reader answers 404, as a strict one may: what remains is said.
    expect(c.message).toMatch(
      /; around absent ids hex → 404, octal → 404, .*, which a reader that takes the spelling and one that refuses it answer alike/,
    );
    expect(checkOf(run, 'ID-CANCEL-LEADING-ZEROS-INFO').status).toBe('skip');
    expect(
      server
        .orders()
        .filter((o) => o.status === 'cancelled')
        .map((o) => o.id),
    ).toEqual(['7']);
  });

  it('with the fixtures run out, judges each kind around its absent id where the answer decides (400, not 404)', async () => {
    // The one fixture goes to the MUST kinds (a wrapped 2^64 + 7 cancels it); the strict reader refuses every
    // other kind's absent-id spelling with 400, which a reader that took it would have answered 404.
    const server = await reference({ faults: ['orderid-wraps-uint64'] });
    const run = await runCliInProcess(
      ['--only', 'ID-CANCEL-MISREAD,ID-CANCEL-SPELLING,ID-CANCEL-LEADING,ID-CANCEL-PLUS', '--seed', '3'],
      // No shipped order, which the kinds left without a fixture would spell instead (the next test).
      {
        env: {
          ...targetEnv(server),
          ORDER_STORE_CANCELLABLE_ORDER_IDS: '7',
          ORDER_STORE_SHIPPED_ORDER_IDS: '',
        },
      },
    );
    expect(checkOf(run, 'ID-CANCEL-MISREAD').status, summary(run)).toBe('fail');
    const c = checkOf(run, 'ID-CANCEL-SPELLING');
    expect(c.status, summary(run)).toBe('pass');
    expect(c.message).toMatch(
      /^the fixtures ran out, so judged around absent ids: hex, octal, float, digit-separator, whitespace, unicode-space, script-digits, compat-digits refused as no id at all \(400; .* and 7 more\), where a reader that took the spelling would have looked the id up and answered 404; not judged: no spelling of an absent id was sent for binary/,
    );
    for (const id of ['ID-CANCEL-LEADING-ZEROS-INFO', 'ID-CANCEL-PLUS-SIGN-INFO']) {
      expect(checkOf(run, id).status, id).toBe('info');
      expect(checkOf(run, id).message, id).toMatch(/^the fixtures ran out, so judged around absent ids: /);
    }
  });

  it('leading zeros accepted (variant leading-zeros-same-id) are recorded, not warned', async () => {
    const server = await reference({ variants: ['leading-zeros-same-id'] });
    const run = await runCliInProcess(['--only', 'ID-CANCEL-SPELLING,ID-CANCEL-LEADING', '--seed', '3'], {
      env: targetEnv(server),
    });
    const c = checkOf(run, 'ID-CANCEL-SPELLING');
    expect(c.status, summary(run)).toBe('pass');
    // Each kind's sample (one spelling, two for the spare try), each refused in turn on the same fixture,
    // which is still pending for the leading zeros.
    const tries = [...DEFAULT_TRIES]
      .filter(([k]) => kindOf(k).fixture === 'SHOULD')
      .reduce((n, [, t]) => n + t, 0);
    expect(tries).toBe(10);
    expect(c.details.join('\n')).toMatch(
      new RegExp(`against fixtures: (\\S+ → 400, ){${tries - 1}}\\S+ → 400$`, 'm'),
    );
    const zeros = checkOf(run, 'ID-CANCEL-LEADING-ZEROS-INFO');
    expect(zeros.status).toBe('info');
    expect(zeros.message).toMatch(
      /^leading zeros name the same order: DELETE \/store\/orders\/0\S*1?( \([^)]*characters\))? answered 204/,
    );
  });

  it('--exhaustive sends every variant of every kind, each against a fixture where one names it', async () => {
    const server = await reference();
    const run = await runCliInProcess(
      ['--only', 'ID-MALFORMED-4XX,ID-CANCEL-SPELLING', '--exhaustive', '--seed', '3'],
      {
        env: targetEnv(server),
      },
    );
    expect(run.code, summary(run)).toBe(0);
    const c = checkOf(run, 'ID-CANCEL-SPELLING');
    expect(c.details.join('\n')).toMatch(
      /every spelling against fixtures: 0x1 → 400, 0X1 → 400, 0o1 → 400, 0O1 → 400, 0b1 → 400, 0B1 → 400, 1\.0 → 400/,
    );
    expect(checkOf(run, 'ID-MALFORMED-4XX').message).toMatch(
      /\(\d+ of the spelling catalogue, every variant\)/,
    );
    expect(run.report!.requests.sent).toBeGreaterThan(ALL_VARIANTS);
  });
});

describe('orderId properties: determinism and budget', () => {
  it('send the same requests in the same order for the same seed', async () => {
    const sequence = async () => {
      const lines: string[] = [];
      await faultRun([], ['--only', 'ID', '--seed', '123'], (line) =>
        lines.push(line.split(' ').slice(0, 3).join(' ')),
      );
      return lines;
    };
    const a = await sequence();
    const b = await sequence();
    expect(a.length).toBeGreaterThan(30);
    expect(b).toEqual(a);
  });

  it('stay within their declared requests, and cut generated runs to fit the budget', async () => {
    for (const fault of [[], ['cancel-unknown-204']]) {
      for (const check of ['ID-ABSENT-404', 'ID-MALFORMED-4XX']) {
        const { run } = await faultRun(fault, ['--only', check, '--seed', '3']);
        // Run alone, the check pays for its shared sendings too (the order list, the malformed-id run).
        const needs = requestsOf(ID_CHECKS.find((c) => c.id === check)!.needs, 8, new Set());
        expect(run.report!.requests.sent, `${check} ${fault}`).toBeLessThanOrEqual(needs);
      }
    }
    const { run } = await faultRun(
      [],
      ['--only', 'ID-ABSENT-404', '--property-runs', '500', '--max-requests', '40'],
    );
    expect(run.report!.requests.sent).toBeLessThanOrEqual(40);
    expect(checkOf(run, 'ID-ABSENT-404').details.join('\n')).toMatch(/the request budget cut the cases/);
  });
});
