// Spellings of a shipped order's id, for the kinds an accepted spelling left without a pending fixture (issue 37:
// 14.0 spent the held fixture, so 015 and 0xd were never tried): a 409 says the server read the spelling as
// that order, a strict reader's 400 says it did not, and no order the run was not given is ever cancelled.
import { describe, expect, it } from 'vitest';
import { KnownOrders } from '../../suites/kit/known-orders.ts';
import { kindOf } from '../../suites/order-id/catalogue.ts';
import { shippedCase } from '../../suites/order-id/shipped-spelling.ts';
import { FIVE_PENDING } from '../faults/proof.ts';
import { type CliRun, checkOf, runCliInProcess, targetEnv } from '../support/cli.ts';
import { reference } from '../support/reference.ts';

const summary = (run: CliRun) => `${run.stdout}\n${run.stderr}`;

describe('a shipped order spelled once the pending fixtures are spent', () => {
  it('catches a leading zero read as octal after 13.0 spent the held fixture (a 409 to 024)', async () => {
    // A float validator in front of strtoll(s, 0): 13.0 cancels the held fixture 13 first (the float kind goes
    // before leading zeros), then 024 (read as octal: shipped 20; its decimal 24 is absent) answers 409.
    const server = await reference({
      orders: FIVE_PENDING,
      faults: ['orderid-float-accepted', 'orderid-leading-zero-octal'],
    });
    const run = await runCliInProcess(['--skip-rate-limit-probe', '--seed', '11'], {
      env: targetEnv(server),
    });
    const misread = checkOf(run, 'ID-CANCEL-MISREAD');
    expect(misread.status, summary(run)).toBe('fail');
    expect(misread.message).toMatch(
      /^misread id: DELETE \/store\/orders\/024 \(leading-zeros: an octal reading of 24 is 20\) answered 409 .*read as shipped order 20/,
    );
    expect(checkOf(run, 'ID-CANCEL-SPELLING')).toMatchObject({ status: 'warn' });
    expect(checkOf(run, 'ID-CANCEL-SPELLING').message).toMatch(/orders\/13\.0 \(float\) answered 204/);
    // Both INFO kinds are judged now, not left out for want of a fixture.
    expect(checkOf(run, 'ID-CANCEL-LEADING-ZEROS-INFO').message).toMatch(
      /^leading zeros read as octal: .*024/,
    );
    expect(checkOf(run, 'ID-CANCEL-PLUS-SIGN-INFO')).toMatchObject({ status: 'info' });
    expect(checkOf(run, 'ID-CANCEL-PLUS-SIGN-INFO').message).toMatch(
      /^a leading plus sign names the same order: DELETE \/store\/orders\/\+20 answered 409/,
    );
    // The 409s read as shipped orders are these checks' findings, not malformed ids refused.
    expect(checkOf(run, 'ID-MALFORMED-4XX').status).toBe('pass');
    const changed = server.orders().filter((o) => o.status === 'cancelled');
    for (const o of changed) expect(['10', '11', '12', '13', '14']).toContain(o.id);
    expect(
      server
        .orders()
        .filter((o) => o.status === 'shipped')
        .map((o) => o.id),
    ).toEqual(['20', '21']);
  });

  it('blames no misreading on a float reader, whose 24 for 024 names no order', async () => {
    const server = await reference({ orders: FIVE_PENDING, faults: ['orderid-float-accepted'] });
    const run = await runCliInProcess(['--skip-rate-limit-probe', '--seed', '11'], {
      env: targetEnv(server),
    });
    expect(checkOf(run, 'ID-CANCEL-SPELLING').status, summary(run)).toBe('warn');
    expect(checkOf(run, 'ID-CANCEL-MISREAD').status, summary(run)).toBe('pass');
    expect(checkOf(run, 'ID-CANCEL-LEADING-ZEROS-INFO').message).toMatch(
      /^leading zeros are refused: DELETE \/store\/orders\/024 \(read as octal it names shipped order 20; its decimal reading, 24, is proven absent\) answered 404/,
    );
  });

  for (const [variants, plus] of [
    [['leading-zeros-same-id'], /^a leading plus sign is refused: DELETE \/store\/orders\/\+42 answered 400/],
    [
      ['leading-zeros-same-id', 'plus-sign-same-id'],
      /^a leading plus sign names the same order: DELETE \/store\/orders\/\+42 answered 409 .*read as shipped order 42/,
    ],
  ] as const)
    it(`stays silent on a conformant server (${variants.join(', ')}) once 02 spent the held fixture`, async () => {
      // 02 cancels 2 (leading zeros read as decimal, INFO) and no pending fixture is left (3 is not given), so
      // the plus sign, tried last, spells shipped 42.
      const server = await reference({ variants: [...variants] });
      const run = await runCliInProcess(['--skip-rate-limit-probe', '--seed', '11'], {
        env: {
          ...targetEnv(server),
          ORDER_STORE_CANCELLABLE_ORDER_IDS: server.fixtures.pending.filter((id) => id !== '3').join(','),
        },
      });
      expect(
        run.report!.checks.filter((c) => ['fail', 'warn', 'error'].includes(c.status)).map((c) => c.id),
        summary(run),
      ).toEqual([]);
      expect(checkOf(run, 'ID-CANCEL-LEADING-ZEROS-INFO').message).toMatch(
        /^leading zeros name the same order/,
      );
      expect(checkOf(run, 'ID-CANCEL-PLUS-SIGN-INFO')).toMatchObject({ status: 'info' });
      expect(checkOf(run, 'ID-CANCEL-PLUS-SIGN-INFO').message).toMatch(plus);
      expect(server.orders().find((o) => o.id === '3')?.status).toBe('pending');
    });
});

describe('shippedCase', () => {
  const known = new KnownOrders(['10', '13', '20', '21'], ['10', '13'], ['20', '21']);
  it('spells a shipped id whose every other reading is absent', () => {
    expect(shippedCase(known, ['20'], kindOf('leading-zeros'), [0], 256)).toEqual({
      id: '20',
      variant: 0,
      segment: '024',
    });
    expect(shippedCase(known, ['20'], kindOf('hex'), [0], 256)?.segment).toBe('0x14');
  });

  it('spells none whose reading may name a pending order (015 reads 15 as decimal)', () => {
    // Shipped 15 as 017: read as octal 15, as decimal 17, which no order has.
    const k = new KnownOrders(['13', '15'], ['13'], ['15']);
    expect(shippedCase(k, ['15'], kindOf('leading-zeros'), [0], 256)?.segment).toBe('017');
    const pendingOctal = new KnownOrders(['13', '15'], ['15'], ['13']);
    // Shipped 13 as 015 reads 15 decimally: the pending fixture 15. Never sent.
    expect(shippedCase(pendingOctal, ['13'], kindOf('leading-zeros'), [0], 256)).toBeUndefined();
  });
});
