// Answers framed as no HTTP/1.1 response can be (a status 000, an unsolicited 101, Content-Length with
// Transfer-Encoding) are the target's answers: HTTP-FRAMING fails naming them in HTTP's terms, never "the
// target answered nothing" nor undici's internals. A harness limit hit in the trailers is ours alone, and a
// flood of interim responses is skipped and counted.
import { afterEach, describe, expect, it } from 'vitest';
import { checkOf } from '../support/cli.ts';
import type { Answer, Exchange } from './server.ts';
import { closeAll, reportProblems, runAgainst, said } from './support.ts';

afterEach(closeAll);

/** A status line and the answer's own headers, with `extra` lines after them. */
function head(statusLine: string, a: Answer, extra: string[]): string {
  const lines = Object.entries(a.headers).map(([k, v]) => `${k}: ${v}`);
  return `HTTP/1.1 ${statusLine}\r\n${[...lines, ...extra].join('\r\n')}\r\n\r\n`;
}

/** The body as one chunk and the last chunk, then `trailers` (RFC 9112 §7.1). */
function chunked(body: Buffer, trailers: string[] = []): string {
  const data = body.length ? `${body.length.toString(16)}\r\n${body.toString('latin1')}\r\n` : '';
  return `${data}0\r\n${trailers.map((t) => `${t}\r\n`).join('')}\r\n`;
}

const INTERNALS =
  /assert|falsy value|bad upgrade|UND_ERR_SOCKET|answered nothing|answered none|does not speak HTTP/;

describe('answers framed as no HTTP/1.1 response can be', () => {
  const malformed: Array<[string, (x: Exchange, a: Answer) => void, RegExp]> = [
    [
      'a status 000',
      (x, a) =>
        x.socket.write(head('000 Zero', a, [`content-length: ${a.body.length}`]) + a.body.toString('latin1')),
      /status line says 000, which is no HTTP status code/,
    ],
    [
      'an unsolicited 101 Switching Protocols',
      (x, a) =>
        x.socket.write(head('101 Switching Protocols', a, ['upgrade: websocket', 'connection: upgrade'])),
      /101 Switching Protocols to a request that asked for no upgrade/,
    ],
    [
      'Content-Length with Transfer-Encoding',
      (x, a) =>
        x.socket.write(
          head(`${a.status} X`, a, [`content-length: ${a.body.length}`, 'transfer-encoding: chunked']) +
            chunked(a.body),
        ),
      /both Content-Length and Transfer-Encoding/,
    ],
  ];
  for (const [name, write, named] of malformed)
    it(`${name} on every answer: HTTP-FRAMING fails naming it, the target is never called unreachable`, async () => {
      const run = await runAgainst(async (x) => write(x, await x.upstream()));
      expect(reportProblems(run), said(run)).toEqual([]);
      expect(said(run)).not.toMatch(INTERNALS);
      const framing = checkOf(run, 'HTTP-FRAMING');
      expect(framing.status, said(run)).toBe('fail');
      expect(framing.message).toMatch(named);
      expect(run.code, said(run)).toBe(1);
    });

  it('20,000 trailer fields past the header cap: our limit only, never also the target’s framing failure', async () => {
    const trailers = Array.from({ length: 20_000 }, (_, i) => `x-t${i}: v`);
    const run = await runAgainst(async (x) => {
      const a = await x.upstream();
      if (a.body.length === 0) return x.reply(a);
      x.socket.write(head(`${a.status} X`, a, ['transfer-encoding: chunked']) + chunked(a.body, trailers));
    });
    expect(reportProblems(run), said(run)).toEqual([]);
    expect(checkOf(run, 'LIST-STATUS-200').message).toMatch(/E_HEADERS_TOO_LARGE.*--max-header-bytes/);
    expect(checkOf(run, 'HTTP-FRAMING').status, checkOf(run, 'HTTP-FRAMING').message).not.toBe('fail');
    expect(run.code, said(run)).toBe(3);
  });

  it('2,000 interim 100 Continue heads before every answer: skipped, and the run is conformant', async () => {
    const flood = Buffer.from('HTTP/1.1 100 Continue\r\n\r\n'.repeat(2000), 'latin1');
    const run = await runAgainst(async (x) => {
      const a = await x.upstream();
      x.socket.write(flood);
      x.reply(a);
    });
    expect(reportProblems(run), said(run)).toEqual([]);
    expect(run.code, said(run)).toBe(0);
  });
});
