// Hostile targets that break a body or its framing, one scenario each: a reset, a cap passed, a truncated or
// overlong message, bytes that are not JSON or not UTF-8. The run names the problem, writes a valid report,
// exits per the contract and never waits out a limit (test/hostile/support.ts).
import { afterEach, describe, expect, it } from 'vitest';
import { checkOf } from '../support/cli.ts';
import {
  closeAll,
  holds,
  isList,
  KEY,
  keyed,
  pass,
  reportProblems,
  runAgainst,
  said,
  waited,
} from './support.ts';

afterEach(closeAll);

describe('hostile bodies and framing', () => {
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
});
