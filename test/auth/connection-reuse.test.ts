// A server that judges a credential by what its keep-alive connection carried before (a per-connection cache
// matched case-insensitively) fails AUTH-KEY-ALTERED-401 only on a reused connection: the finding says so, and
// its reproduction sends the key then the altered token with one curl on one connection, the key only as the
// environment variable the curl lines use.
import { describe, expect, it } from 'vitest';
import { checkOf, runCliInProcess, targetEnv } from '../support/cli.ts';
import { reference } from '../support/reference.ts';

describe('an altered key accepted on a reused connection', () => {
  it('is failed with the connection named and a curl that reuses one connection', async () => {
    const server = await reference({ faults: ['auth-key-case-connection-cache'] });
    const run = await runCliInProcess(['--only', 'AUTH-KEY-ALTERED-401', '--seed', '11'], {
      env: targetEnv(server),
    });
    const said = `${run.stdout}\n${run.stderr}`;
    const c = checkOf(run, 'AUTH-KEY-ALTERED-401');
    expect(c.status, said).toBe('fail');
    expect(c.message, said).toMatch(/on a connection reused after #\d+ carried the key/);
    const curl = c.reproduction[0] ?? '';
    expect(curl, said).toMatch(
      /^curl -sS -i .*"authorization: Bearer \$ORDER_STORE_API_KEY".* --next -sS -i .*"authorization: Bearer \$\(printf /i,
    );
    expect(curl).not.toContain(server.demoKey);
    expect(said).not.toContain(server.demoKey);
  });
});
