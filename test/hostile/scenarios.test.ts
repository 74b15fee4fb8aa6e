// Hostile and broken targets, one scenario each: the run never crashes, names the problem in a failed or
// errored check (or a stop reason), writes a schema-valid report (incomplete where it could not finish),
// exits per the contract, and never waits out a limit: its pacer counted no wait (not wall time, which a loaded
// machine stretches). The small RUN_ARGS of support.ts keep every scenario short.
import { afterEach, describe, expect, it } from 'vitest';
import { checkOf } from '../support/cli.ts';
import { type Exchange, hostile, responseBytes } from './server.ts';
import { closeAll, type HostileRun, KEY, reportProblems, runAgainst, said, waited } from './support.ts';

afterEach(closeAll);

const isList = (x: Exchange) => x.req.method === 'GET' && /\/store\/orders$/.test(x.req.target);
const keyed = (x: Exchange) => x.req.headers.authorization === `Bearer ${KEY}`;
const pass = async (x: Exchange) => x.reply(await x.upstream());

function holds(run: HostileRun, code: number): void {
  expect(reportProblems(run), said(run)).toEqual([]);
  expect(run.code, said(run)).toBe(code);
  expect(waited(run), said(run)).toBe(0);
  expect(said(run)).not.toMatch(/at position 0/);
}

describe('hostile targets', () => {
  it('a faithful server behind the hostile proxy is conformant (the baseline of every scenario)', async () => {
    const run = await runAgainst(pass);
    holds(run, 0);
    expect(run.report?.verdict).toBe('conformant');
  });

  it('a reset in the middle of the list body is reported as a reset, not as bad JSON', async () => {
    const run = await runAgainst(async (x) => {
      if (!(isList(x) && keyed(x))) return pass(x);
      const answer = await x.upstream();
      x.socket.write(
        `HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: ${answer.body.length}\r\n\r\n`,
      );
      x.socket.write(answer.body.subarray(0, 40));
      x.later(20, () => x.socket.resetAndDestroy());
    });
    holds(run, 1);
    expect(checkOf(run, 'LIST-BODY-ARRAY').message).toMatch(/could not be read as its headers framed it/);
    expect(checkOf(run, 'LIST-BODY-ARRAY').message).toMatch(/ECONNRESET|closed|terminated/i);
  });

  it('a list over --max-response-bytes ends its checks in error naming the cap, and is asked for once', async () => {
    const run = await runAgainst(
      async (x) => {
        if (!(isList(x) && keyed(x))) return pass(x);
        const a = await x.upstream();
        x.reply({ ...a, body: Buffer.alloc(300_000, 32) });
      },
      ['--max-response-bytes', '65536'],
    );
    holds(run, 3);
    expect(checkOf(run, 'LIST-BODY-ARRAY').message).toMatch(/E_RESPONSE_TOO_LARGE.*--max-response-bytes/);
    const lists = run.server.requests.filter(
      (r) =>
        r.method === 'GET' &&
        /\/store\/orders$/.test(r.target) &&
        r.headers.authorization === `Bearer ${KEY}`,
    );
    expect(lists).toHaveLength(1);
  });

  it('after an over-cap list the rate-limit probe does not repeat the list', async () => {
    const run = await runAgainst(
      async (x) => {
        if (!(isList(x) && keyed(x))) return pass(x);
        const a = await x.upstream();
        x.reply({ ...a, body: Buffer.alloc(300_000, 32) });
      },
      ['--only', 'RL-PROBE', '--max-response-bytes', '65536', '--timeout-ms', '1000', '--seed', '5'],
      {},
      { runArgs: [], rateLimit: { limit: 5, windowSeconds: 2 } },
    );
    expect(reportProblems(run)).toEqual([]);
    expect(waited(run), said(run)).toBe(0);
    const lists = run.server.requests.filter(
      (r) =>
        r.method === 'GET' &&
        /\/store\/orders$/.test(r.target) &&
        r.headers.authorization === `Bearer ${KEY}`,
    );
    expect(lists).toHaveLength(1);
    expect(said(run)).toMatch(/too costly to repeat|could not be read/);
  });

  it('a truncated chunked body is reported as the broken framing it is', async () => {
    const run = await runAgainst(async (x) => {
      if (!(isList(x) && keyed(x))) return pass(x);
      x.socket.write(
        'HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n',
      );
      x.socket.write('5\r\n[{"id\r\n');
      x.later(20, () => x.socket.end());
      expect(checkOf(run, 'HTTP-FRAMING').status).toBe('fail');
    });
    holds(run, 1);
    expect(checkOf(run, 'LIST-BODY-ARRAY').message).toMatch(/could not be read as its headers framed it/);
  });

  it('invalid JSON everywhere fails the body checks', async () => {
    const run = await runAgainst(async (x) => {
      const a = await x.upstream();
      x.reply({ ...a, body: a.body.length > 0 ? Buffer.from('{"code": "x", ') : a.body });
    });
    holds(run, 1);
    expect(checkOf(run, 'LIST-BODY-ARRAY').status).toBe('fail');
    expect(checkOf(run, 'ERR-BODY-SCHEMA').status).toBe('fail');
  });

  it('duplicate member names in Error bodies do not crash the run', async () => {
    const run = await runAgainst(async (x) => {
      const a = await x.upstream();
      if (a.status < 400 || a.body.length === 0) return x.reply(a);
      x.reply({ ...a, body: Buffer.from(a.body.toString().replace('{', '{"code":"dup",')) });
    });
    expect(reportProblems(run)).toEqual([]);
    expect([0, 1]).toContain(run.code);
    expect(waited(run), said(run)).toBe(0);
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

  it('a 204 that carries a body is not conformant', async () => {
    const run = await runAgainst(async (x) => {
      const a = await x.upstream();
      if (a.status !== 204) return x.reply(a);
      x.reply({
        ...a,
        headers: { ...a.headers, 'content-type': 'application/json' },
        body: Buffer.from('{"ok":1}'),
      });
    });
    expect(reportProblems(run)).toEqual([]);
    expect(run.code).not.toBe(0);
    expect(waited(run), said(run)).toBe(0);
  });

  it('a 204 followed by a whole extra response on the connection is not conformant', async () => {
    const run = await runAgainst(async (x) => {
      const a = await x.upstream();
      x.reply(a);
      if (a.status === 204)
        x.socket.write('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 2\r\n\r\n[]');
    });
    expect(reportProblems(run)).toEqual([]);
    expect(checkOf(run, 'HTTP-FRAMING').message).toMatch(/bytes arrived after the end of a response/);
    expect(run.code).not.toBe(0);
    expect(waited(run), said(run)).toBe(0);
  });

  it('a body of bytes that are not UTF-8 (RFC 8259 §8.1) is not conformant', async () => {
    const run = await runAgainst(async (x) => {
      const a = await x.upstream();
      if (!isList(x) || a.status !== 200) return x.reply(a);
      // An extra member written in Latin-1: "café" with a lone 0xE9 byte.
      const [head, tail] = [a.body.subarray(0, 2), a.body.subarray(2)];
      x.reply({ ...a, body: Buffer.concat([head, Buffer.from('"note":"caf\xe9",', 'latin1'), tail]) });
    });
    expect(reportProblems(run)).toEqual([]);
    expect(run.code).toBe(1);
    expect(checkOf(run, 'LIST-BODY-ARRAY').message).toMatch(/not valid UTF-8.*RFC 8259 §8.1/);
    expect(said(run)).toMatch(/UTF-8/);
  });

  it('Error bodies whose bytes are not UTF-8 fail the whole-run Error check, naming RFC 8259 §8.1', async () => {
    const run = await runAgainst(async (x) => {
      const a = await x.upstream();
      if (a.status < 400 || a.body.length === 0) return x.reply(a);
      const text = a.body.toString().replace('"message":"', '"message":"caf');
      const at = text.indexOf('caf') + 3;
      x.reply({
        ...a,
        body: Buffer.concat([
          Buffer.from(text.slice(0, at)),
          Buffer.from([0xe9]),
          Buffer.from(text.slice(at)),
        ]),
      });
    });
    expect(reportProblems(run)).toEqual([]);
    expect(run.code).toBe(1);
    expect(checkOf(run, 'ERR-BODY-SCHEMA').message).toMatch(/not valid UTF-8.*RFC 8259 §8.1/);
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
