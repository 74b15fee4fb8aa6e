// Answers at the edges of HTTP/1.1 are answers, judged or named for what they are, never "the target has
// answered nothing": an interim 100 Continue before every final response, a flood of header lines, a header
// section past the cap, a control byte in a header, a DELETE whose answer is lost after it took effect.
import { afterEach, describe, expect, it } from 'vitest';
import { checkOf } from '../support/cli.ts';
import type { Exchange } from './server.ts';
import { closeAll, type HostileRun, KEY, reportProblems, runAgainst, said } from './support.ts';

afterEach(closeAll);

const isKeyedList = (x: Exchange) =>
  x.req.method === 'GET' &&
  /\/store\/orders$/.test(x.req.target) &&
  x.req.headers.authorization === `Bearer ${KEY}`;

/** Every exchange of the run as transcript.har has it (redacted). */
function har(
  run: HostileRun,
): Array<{ request: { method: string; url: string }; comment: string; response: { status: number } }> {
  const text = run.files.find((f) => f.path.endsWith('transcript.har'))?.text ?? '{"log":{"entries":[]}}';
  return (JSON.parse(text) as { log: { entries: never[] } }).log.entries;
}

const nothingAnswered = /answered nothing/;

describe('protocol edges', () => {
  it('an unsolicited 100 Continue before every answer is skipped to the final one: conformant', async () => {
    const run = await runAgainst(async (x) => {
      const a = await x.upstream();
      x.socket.write('HTTP/1.1 100 Continue\r\n\r\n');
      x.reply(a);
    });
    expect(reportProblems(run), said(run)).toEqual([]);
    expect(said(run)).not.toMatch(nothingAnswered);
    expect(run.code, said(run)).toBe(0);
  });

  it('10,000 header lines on every answer: over the cap each check names it and the run goes on; under a raised cap, judged', async () => {
    const flood = async (x: Exchange) => {
      const a = await x.upstream();
      const lines = Array.from({ length: 10_000 }, (_, i) => `x-flood: ${i}`).join('\r\n');
      const head = Buffer.from(
        `HTTP/1.1 ${a.status} X\r\n${lines}\r\n${Object.entries(a.headers)
          .map(([k, v]) => `${k}: ${v}`)
          .join(
            '\r\n',
          )}\r\n${a.status === 204 || 'content-length' in a.headers ? '' : `content-length: ${a.body.length}\r\n`}\r\n`,
        'latin1',
      );
      x.socket.write(Buffer.concat([head, a.body]));
    };
    const capped = await runAgainst(flood);
    expect(reportProblems(capped), said(capped)).toEqual([]);
    expect(said(capped)).not.toMatch(nothingAnswered);
    expect(capped.code, said(capped)).toBe(3);
    expect(checkOf(capped, 'LIST-STATUS-200').message).toMatch(
      /E_HEADERS_TOO_LARGE: GET .*the response headers exceed 64 KiB.*--max-header-bytes \/ ORDER_STORE_MAX_HEADER_BYTES/,
    );
    // Every check still ran: the run did not stop at the first flood.
    expect(capped.report!.incompleteReasons.join(' ')).not.toMatch(/stopped sending|no verdict/);
    const raised = await runAgainst(flood, ['--max-header-bytes', String(1 << 20)]);
    expect(reportProblems(raised), said(raised)).toEqual([]);
    expect(raised.code, said(raised)).toBe(0);
    // The record keeps 20 lines of the flood and counts the rest.
    expect(har(raised).some((e) => /9980 header lines .* left out of the record/.test(e.comment))).toBe(true);
  });

  it('a 1 MB header value on the list: what reads the list ends in the cap, the rest of the run is judged', async () => {
    const run = await runAgainst(async (x) => {
      const a = await x.upstream();
      if (!isKeyedList(x)) return x.reply(a);
      x.reply({ ...a, headers: { ...a.headers, 'x-huge': 'v'.repeat(1 << 20) } });
    });
    expect(reportProblems(run), said(run)).toEqual([]);
    expect(said(run)).not.toMatch(nothingAnswered);
    expect(run.code, said(run)).toBe(3);
    expect(checkOf(run, 'LIST-BODY-ARRAY').message).toMatch(/E_HEADERS_TOO_LARGE/);
    // What needs no list is judged: the shipped fixture's 409, the 401 before any lookup.
    expect(checkOf(run, 'CANCEL-SHIPPED-409').status).toBe('pass');
    expect(checkOf(run, 'AUTH-BEFORE-EXISTENCE').status).toBe('pass');
  });

  it('a control byte in a header is a malformed answer, never silence; the DELETE it answered may have taken effect', async () => {
    const run = await runAgainst(async (x) => {
      const a = await x.upstream();
      if (x.req.method !== 'DELETE') return x.reply(a);
      x.reply({ ...a, headers: { ...a.headers, 'x-bad': 'a\u0001b' } });
    });
    expect(reportProblems(run), said(run)).toEqual([]);
    expect(said(run)).not.toMatch(nothingAnswered);
    expect(said(run)).toMatch(/not HTTP\/1\.1|Invalid header value char/);
    expect(checkOf(run, 'CANCEL-PENDING-204').message).toMatch(
      /the DELETE may have taken effect on the target: its answer was not read/,
    );
    // Judged as the broken framing it is (RFC 9110 §5.5 forbids controls in a field value); the GETs around
    // it are judged as usual.
    expect(checkOf(run, 'HTTP-FRAMING').message).toMatch(/not an HTTP\/1\.1 response \(HPE_/);
    expect(checkOf(run, 'LIST-STATUS-200').status).toBe('pass');
    expect(run.code, said(run)).toBe(1);
  });

  it('a DELETE carried out whose answer is lost: recorded as possibly effective, its fixture never sent again', async () => {
    let cancelled: string | undefined;
    const run = await runAgainst(async (x) => {
      if (
        x.req.method === 'DELETE' &&
        x.req.headers.authorization === `Bearer ${KEY}` &&
        cancelled === undefined
      ) {
        const a = await x.upstream();
        if (a.status === 204) {
          cancelled = x.req.target;
          return void x.socket.destroy();
        }
        return x.reply(a);
      }
      x.reply(await x.upstream());
    });
    expect(reportProblems(run), said(run)).toEqual([]);
    expect(cancelled).toBeDefined();
    const lost = har(run).filter((e) => e.comment.includes('may have taken effect'));
    expect(lost.map((e) => e.request.method)).toEqual(['DELETE']);
    // With the key, that is: the refusals the state area sends before the first cancel carry none.
    const withKey = run.server.requests.filter(
      (r) => r.method === 'DELETE' && r.target === cancelled && r.headers.authorization === `Bearer ${KEY}`,
    );
    expect(withKey).toHaveLength(1);
    expect(run.upstream.orders().find((o) => cancelled?.endsWith(`/${o.id}`))?.status).toBe('cancelled');
  });
});
