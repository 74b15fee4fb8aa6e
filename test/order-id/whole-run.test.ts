// ID-MALFORMED-4XX judges every cancel of a malformed id in the run, whichever check sent it: a replay of one
// passing property case leaves the spelling run to ID-CANCEL-MISREAD, and its 5xx still fails the rule. With
// pending orders at both int64 ends and shipped ones given, no generated case is safe, and the spelling run's are
// judged alone (no advice to give the shipped orders already given).
import { describe, expect, it } from 'vitest';
import { DEFAULT_ORDERS, type SeedOrder } from '../../reference/seed.ts';
import { checkOf, runCliInProcess, targetEnv } from '../support/cli.ts';
import { reference } from '../support/reference.ts';

describe('ID-MALFORMED-4XX over the whole run', () => {
  it('fails on a 5xx to a malformed id that another check sent after its own cases', async () => {
    const server = await reference({ faults: ['orderid-percent-ff-500'] });
    // Path 1 of seed 11 is a case the fault answers 400; the spelling run then goes out for ID-CANCEL-MISREAD.
    const run = await runCliInProcess(
      ['--only', 'ID-MALFORMED-4XX,ID-CANCEL-MISREAD', '--seed', '11', '--replay-path', 'ID-MALFORMED-4XX:1'],
      { env: targetEnv(server) },
    );
    const said = `${run.stdout}\n${run.stderr}`;
    expect(checkOf(run, 'ID-CANCEL-MISREAD').status, said).toBe('pass');
    const c = checkOf(run, 'ID-MALFORMED-4XX');
    expect(c.status, said).toBe('fail');
    expect(c.message).toMatch(
      /^5xx on malformed id: DELETE \/store\/orders\/\d+%(zz|FF|C0)\S* \(not an int64\) answered 500/,
    );
    expect(run.code, said).toBe(1);
  });

  it('judges the spelling run alone when no generated case is safe, naming the int64 ends, not the shipped ids', async () => {
    const max = DEFAULT_ORDERS.find((o) => o.id === 9223372036854775807n)!;
    const orders: SeedOrder[] = [
      { ...max, id: -9223372036854775808n, status: 'pending' },
      ...DEFAULT_ORDERS.map((o) => (o === max ? { ...max, status: 'pending' as const } : o)),
    ];
    const server = await reference({ orders });
    const env = targetEnv(server);
    // The list untrusted, as a user's run has it: the readings past int64 land on the pending ends.
    delete env.ORDER_STORE_TRUST_ORDER_LIST;
    expect(env.ORDER_STORE_SHIPPED_ORDER_IDS).toBe('42');
    const run = await runCliInProcess(['--only', 'ID-MALFORMED-4XX', '--seed', '502500863'], { env });
    const said = `${run.stdout}\n${run.stderr}`;
    const c = checkOf(run, 'ID-MALFORMED-4XX');
    expect(c.status, said).toBe('pass');
    expect(c.message).toMatch(
      /^\d+ malformed ids \(\d+ of the spelling catalogue\), each refused with a 4xx$/,
    );
    const noted = JSON.stringify(c.details);
    expect(noted).toMatch(
      /no generated case: too few cases .*at an end of int64 \(9223372036854775807, -9223372036854775808\)/,
    );
    expect(said).not.toMatch(/give the known shipped orders/);
  });
});
