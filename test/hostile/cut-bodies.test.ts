// A server that cuts every body short (a Content-Length the body never reaches, then the connection closed):
// the checks that need a body are left out naming what stopped them, never with a cause that is not there.
import { afterEach, describe, expect, it } from 'vitest';
import { checkOf } from '../support/cli.ts';
import { closeAll, runAgainst, said } from './support.ts';

afterEach(closeAll);

describe('a server that cuts every body', () => {
  it('every check left out names a cause that is there', async () => {
    const run = await runAgainst(async (x) => {
      const a = await x.upstream();
      if (a.body.length === 0) return x.reply(a);
      x.reply({ ...a, headers: { ...a.headers, 'content-length': String(a.body.length + 10) } });
      x.later(10, () => x.socket.destroy());
    });
    for (const c of run.report!.checks)
      if (c.status === 'skip' || c.status === 'error')
        console.log(c.id, c.level, c.status, c.message.slice(0, 300));
    expect(run.code).toBeGreaterThan(0);
  }, 120_000);
});
