// Hostile targets, one scenario each, in their statuses, redirects, waits and connections (broken bodies are
// broken-bodies.test.ts): the run never crashes, names the problem, writes a schema-valid report, exits per the
// contract, and never waits out a limit (its pacer counted no wait). The small RUN_ARGS of support.ts keep it short.
import { afterEach, describe, expect, it } from 'vitest';
import { checkOf } from '../support/cli.ts';
import { type Exchange, hostile, responseBytes } from './server.ts';
import { closeAll, holds, isList, keyed, pass, reportProblems, runAgainst, said, waited } from './support.ts';

afterEach(closeAll);

describe('hostile targets', () => {
  it('a faithful server behind the hostile proxy is conformant (the baseline of every scenario)', async () => {
    const run = await runAgainst(pass);
    holds(run, 0);
    expect(run.report?.verdict).toBe('conformant');
  });

  it('a cross-origin redirect on every request: the other origin receives nothing', async () => {
    const other = await hostile((x) => x.reply({ status: 200, headers: {}, body: Buffer.from('[]') }));
    try {
      const run = await runAgainst((x) =>
        x.reply({
          status: 302,
          headers: { location: `${other.baseUrl}${x.req.target}` },
          body: Buffer.alloc(0),
        }),
      );
      holds(run, 1);
      expect(other.requests).toHaveLength(0);
    } finally {
      await other.close();
    }
  });

  it('500 on everything is non-conformant', async () => {
    const run = await runAgainst((x) =>
      x.reply({ status: 500, headers: { 'content-type': 'text/plain' }, body: Buffer.from('boom') }),
    );
    holds(run, 1);
    expect(checkOf(run, 'LIST-STATUS-200').status).toBe('fail');
  });

  it('429 on everything with a one-day Retry-After ends at once, never waiting', async () => {
    const run = await runAgainst((x) =>
      x.reply({ status: 429, headers: { 'retry-after': '86400' }, body: Buffer.alloc(0) }),
    );
    // The 429s carry no X-RateLimit-* headers (spec §8 rule 1): a MUST broken, so 1 rather than 3.
    holds(run, 1);
    expect(checkOf(run, 'RL-HEADERS-PRESENT').status).toBe('fail');
    expect(said(run)).toMatch(/E_RATE_LIMIT_WAIT: .* more than a day \(Retry-After\)/);
    expect(said(run)).not.toMatch(/waiting \d{3,} s/);
    expect(run.server.requests.length).toBeLessThanOrEqual(3);
  });

  it('garbage Retry-After values are a finding, never a long wait, never an absurd number', async () => {
    const garbage = ['-5', 'soon', '1e309'];
    const run = await runAgainst(async (x) => {
      const a = await x.upstream();
      if (x.n % 7 !== 3) return x.reply(a);
      x.reply({
        status: 429,
        headers: {
          'retry-after': garbage[x.n % 3]!,
          'x-ratelimit-limit': '60',
          'x-ratelimit-remaining': '0',
          'x-ratelimit-reset': '99999999999999999999',
        },
        body: Buffer.alloc(0),
      });
    });
    expect(reportProblems(run)).toEqual([]);
    expect(run.code).toBe(1);
    expect(waited(run), said(run)).toBe(0);
    expect(checkOf(run, 'RL-HEADERS-RETRY-AFTER-VALID').status).toBe('fail');
    expect(said(run)).not.toMatch(/\d{7,} s|Infinity s/);
  });

  it('slow answers (80 ms each) still end conformant, never waiting', async () => {
    const run = await runAgainst(async (x) => {
      const a = await x.upstream();
      x.later(80, () => x.reply(a));
    });
    holds(run, 0);
  });

  it('Connection: close on every answer is conformant', async () => {
    const run = await runAgainst(async (x) => x.reply(await x.upstream(), { close: true }));
    holds(run, 0);
  });

  it('HTTP/1.0 answers are conformant', async () => {
    const run = await runAgainst(async (x) => x.reply(await x.upstream(), { version: '1.0', close: true }));
    holds(run, 0);
  });

  it('a server that vanishes mid-run stops the run after repeated refusals, saying why', async () => {
    let vanished = false;
    const run = await runAgainst(async (x) => {
      if (x.n >= 12 && !vanished) {
        vanished = true;
        x.vanish();
        return;
      }
      return pass(x);
    });
    holds(run, 3);
    expect(run.report?.incompleteReasons.join(' ')).toMatch(
      /stopped sending.*exchanges in a row got no response/,
    );
  });

  it('a body that trickles one byte at a time ends at the exchange deadline', async () => {
    const run = await runAgainst(async (x) => {
      if (!(isList(x) && keyed(x))) return pass(x);
      const a = await x.upstream();
      x.socket.write(
        responseBytes({
          ...a,
          headers: { ...a.headers, 'content-length': '100000' },
          body: Buffer.from('['),
        }),
      );
      x.every(100, () => x.socket.write(' '));
    });
    holds(run, 3);
    expect(checkOf(run, 'LIST-BODY-ARRAY').message).toMatch(/E_TIMEOUT.*deadline of 1200 ms.*--timeout-ms/);
    // Asked for at most three times (then its kind stops); what needs no list is judged.
    const lists = run.server.requests.filter(
      (r) => isList({ req: r } as Exchange) && keyed({ req: r } as Exchange),
    );
    expect(lists.length).toBeLessThanOrEqual(3);
    expect(checkOf(run, 'CANCEL-SHIPPED-409').status).toBe('pass');
  });

  it('a server that accepts and never answers stops the run after three timeouts: exit 4, one line', async () => {
    const run = await runAgainst(() => {});
    holds(run, 4);
    expect(run.stderr).toMatch(/accepts connections but answered none of 3 requests within \d+ ms/);
    expect(run.report?.incompleteReasons.join(' ')).toMatch(
      /stopped sending.*the target has answered nothing: 3 exchanges in a row got no response/,
    );
    expect(run.server.requests.length).toBeLessThanOrEqual(3);
  });
});
