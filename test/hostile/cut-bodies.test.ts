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
    expect(checkOf(run, 'HTTP-FRAMING').status, said(run)).toBe('fail');
    expect(run.code, said(run)).toBe(1);
    const byId = new Map(run.report!.checks.map((c) => [c.id, c]));
    for (const c of run.report!.checks) {
      if (c.status !== 'skip') continue;
      // Nothing is said to be missing that was there: responses were recorded, only their bodies were cut.
      expect(c.message, c.id).not.toMatch(/no responses were recorded/);
      // A check a skip sends the reader to is one that found the fault.
      for (const [, named] of c.message.matchAll(/see ([A-Z]+(?:-[A-Z0-9]+)+)/g))
        expect(byId.get(named!)?.status, `${c.id}: ${c.message}`).toMatch(/^(fail|warn)$/);
    }
    expect(checkOf(run, 'ERR-BODY-SCHEMA').message).toMatch(/cut short .*see HTTP-FRAMING/);
    expect(checkOf(run, 'STATE-LIST-EXPLAINED').message).toMatch(/could not be read as a list/);
  }, 120_000);
});
