// `order-store-conformance judge`: a recording of a client's traffic judged as the command judges it, sending
// nothing (a server that fails on any connection sees none), keeping every credential of the recording out of
// every file and line, and refusing what it cannot judge with one line and exit 2.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../../cli/main.ts';
import type { RecordedEntry } from '../../lib/formats/har.ts';
import { validate } from '../../lib/formats/validation.ts';
import type { Report } from '../../lib/report/model.ts';
import { liveInTerminal } from '../support/hostile-strings.ts';
import { devtoolsHar, recordClient } from '../support/passive.ts';

/** A short window, so the client meets its 429 and waits it out within a second or two. */
const WINDOW = { limit: 20, windowSeconds: 2 };

interface Judged {
  code: number;
  out: string;
  err: string;
  dir: string;
  report?: Report;
  files: string;
}

async function judge(har: string, args: string[] = []): Promise<Judged> {
  const dir = mkdtempSync(join(tmpdir(), 'osc-judge-'));
  writeFileSync(join(dir, 'recording.har'), har);
  let out = '';
  let err = '';
  const code = await main(
    ['judge', '--har', 'recording.har', '--report-dir', 'reports', ...args],
    { out: (l) => (out += `${l}\n`), err: (l) => (err += `${l}\n`) },
    { env: {}, cwd: dir },
  );
  const latest = join(dir, 'reports', 'latest');
  let files = '';
  let report: Report | undefined;
  try {
    for (const f of readdirSync(latest)) files += readFileSync(join(latest, f), 'utf8');
    report = JSON.parse(readFileSync(join(latest, 'report.json'), 'utf8')) as Report;
  } catch {
    // No run folder: the command refused before judging.
  }
  return { code, out, err, dir, files, ...(report ? { report } : {}) };
}

const statusOf = (r: Report, id: string) => r.checks.find((c) => c.id === id)?.status;

let recorded: { entries: RecordedEntry[]; key: string } | undefined;
/** One recording of the client against the faithful reference server, made once for the tests that read it. */
async function faithful(): Promise<{ entries: RecordedEntry[]; key: string }> {
  recorded ??= await recordClient([], WINDOW);
  return recorded;
}

let guard: Server | undefined;
afterEach(() => guard?.close());

describe('judge a recording', () => {
  it('judges the recording of a client and sends nothing: a server that fails on any connection sees none', async () => {
    const { entries, key } = await faithful();
    const connections: Socket[] = [];
    guard = createServer((s) => {
      connections.push(s);
      s.destroy();
    });
    await new Promise<void>((r) => guard!.listen(0, '127.0.0.1', r));
    const origin = `http://127.0.0.1:${(guard.address() as { port: number }).port}`;
    // The recording's requests name the guard's address: a judge that sent anything would reach it.
    const run = await judge(devtoolsHar(entries, origin));
    expect(run.code, `${run.out}${run.err}`).toBe(0);
    expect(connections).toEqual([]);
    const r = run.report!;
    expect(validate('report', r).errors).toEqual([]);
    expect(r.verdict).toBe('conformant');
    expect(r.requests.sent).toBe(0);
    expect(r.traffic).toMatchObject({ mode: 'judge', baseUrlInferred: true, keys: 'inferred', leftOut: 0 });
    expect(r.target.baseUrl).toBe(`${origin}/v1`);
    expect(run.out).toMatch(
      /^Verdict: CONFORMANT \(passive\): \d+ of \d+ MUST checks judged from the traffic \(\d+ %\), all pass; .*judged from \d+ recorded exchanges, nothing sent$/m,
    );
    // What the client's traffic showed is judged; what it never did is "not observed", with what would show it.
    for (const id of [
      'LIST-BODY-ARRAY',
      'CANCEL-PENDING-204',
      'CANCEL-REPEAT-NOT-2XX',
      'AUTH-MISSING-401',
      'ID-MALFORMED-4XX',
      'RL-PROBE-LIMIT-ENFORCED',
      'RL-PROBE-RECOVERY',
      'RL-HEADERS-PRESENT',
    ])
      expect(statusOf(r, id), id).toBe('pass');
    const burst = r.checks.find((c) => c.id === 'RL-PROBE-BURST')!;
    expect(burst).toMatchObject({ status: 'skip', cause: { kind: 'traffic' } });
    expect(burst.message).toMatch(
      /^not observed: only what this suite sends shows it: Remaining \+ 1 concurrent requests/,
    );
    expect(r.evaluation.notEvaluated.find((n) => n.id === 'RL-PROBE-BURST')?.cause).toBe('traffic');
    expect(run.files).not.toContain(key);
  });

  it('tells the key from other tokens by a fingerprint, and writes no credential anywhere', async () => {
    const { entries, key } = await faithful();
    const cookie = 'sid_7f3c9a0d5e21b84c6f90';
    const withCookie = entries.map((e, i) =>
      i === 0
        ? {
            ...e,
            requestHeaders: [
              ...e.requestHeaders,
              ['cookie', `session=${cookie}; theme=dark`] as [string, string],
            ],
          }
        : e,
    );
    const inferred = await judge(devtoolsHar(withCookie));
    const told = await judge(devtoolsHar(withCookie), ['--api-key', key]);
    for (const run of [inferred, told]) {
      expect(run.code, run.out).toBe(0);
      for (const secret of [key, cookie]) {
        expect(run.files).not.toContain(secret);
        expect(run.out + run.err).not.toContain(secret);
      }
      expect(run.files).toContain('$ORDER_STORE_API_KEY');
      const creds = run.report!.traffic!.credentials;
      expect(creds.find((c) => c.role === 'key')).toMatchObject({
        fingerprint: expect.stringMatching(/^[0-9a-f]{8}$/),
      });
      expect(creds.find((c) => c.role === 'other token')?.statuses).toEqual({ '401': 1 });
    }
    expect(inferred.report!.traffic!.keys).toBe('inferred');
    expect(told.report!.traffic!.keys).toBe('known');
    // Told the key, the wrong token is judged as one (AUTH-UNKNOWN-KEY-401); inferred, it cannot be told.
    expect(statusOf(told.report!, 'AUTH-UNKNOWN-KEY-401')).toBe('pass');
    expect(statusOf(inferred.report!, 'AUTH-UNKNOWN-KEY-401')).toBe('skip');
  });

  it('judges what it can of a recording that holds no credential at all', async () => {
    const { entries } = await faithful();
    const anonymous = entries.filter((e) => !e.requestHeaders.some(([n]) => n === 'authorization'));
    const run = await judge(devtoolsHar(anonymous));
    expect(run.code, run.out).toBe(0);
    expect(run.report!.traffic!.keys).toBe('none');
    expect(statusOf(run.report!, 'AUTH-MISSING-401')).toBe('pass');
    expect(statusOf(run.report!, 'AUTH-401-ERROR-BODY')).toBe('pass');
    expect(statusOf(run.report!, 'LIST-STATUS-200')).toBe('skip');
  });

  it('refuses what it cannot judge with one line and exit 2, and gives no verdict over nothing', async () => {
    const { entries } = await faithful();
    const cases: Array<[string, RegExp]> = [
      ['{"not": "a har"}', /recording\.har is no HAR file: it has no log\.entries array/],
      [
        devtoolsHar([]),
        /the recording holds no requests at all: save it once the traffic to judge has gone through/,
      ],
      [
        devtoolsHar([
          ...entries.slice(0, 2),
          ...entries.slice(2, 4).map((e) => ({ ...e, url: e.url.replace('127.0.0.1', 'localhost') })),
        ]),
        /under 2 base URLs: .*say which to judge with ORDER_STORE_BASE_URL \(--base-url\)/,
      ],
    ];
    for (const [har, message] of cases) {
      const run = await judge(har);
      expect(run.code, run.out).toBe(2);
      expect(run.err.trim().split('\n')).toHaveLength(1);
      expect(run.err).toMatch(message);
    }
    // Traffic no MUST check can judge (requests that got no answer) gives no verdict: incomplete, exit 3.
    const unanswered = entries
      .slice(0, 3)
      .map((e) => ({ ...e, status: 0, responseHeaders: [], bodyBytes: 0 }));
    const little = await judge(devtoolsHar(unanswered));
    expect(little.code, little.out).toBe(3);
    expect(little.report!.incompleteReasons).toContain(
      'the traffic showed nothing a MUST check can judge (record a client that lists, cancels, or calls without the key)',
    );
    const flag = await judge(devtoolsHar(entries), ['--burst']);
    expect(flag.code).toBe(2);
    expect(flag.err).toMatch(/Unknown option '--burst'.*judge --help/);
  });

  it('prints the file name and a refused recording’s URLs only as inert text', async () => {
    const { entries } = await faithful();
    const steer = '\x1b]0;pwned\x07\x1b[2J\u009b1;31m';
    const dir = mkdtempSync(join(tmpdir(), 'osc-judge-'));
    const named = `rec${steer}.har`;
    writeFileSync(join(dir, named), devtoolsHar(entries.slice(0, 4)));
    // Two bases, one with controls in its path: refused, naming both.
    const twoBases = devtoolsHar([
      ...entries.slice(0, 2),
      ...entries.slice(2, 4).map((e) => ({ ...e, url: e.url.replace('/v1/', `/x${steer}/v1/`) })),
    ]);
    writeFileSync(join(dir, 'two.har'), twoBases);
    for (const [file, shows] of [
      [named, /judge: rec\\x1b\]0;pwned.*4 entries/],
      ['two.har', /under 2 base URLs: .*\/x\\x1b\]0;pwned\\x07\\x1b\[2J\\x9b1;31m\/v1/],
    ] as const) {
      let said = '';
      await main(
        ['judge', '--har', file, '--report-dir', 'reports'],
        { out: (l) => (said += `${l}\n`), err: (l) => (said += `${l}\n`) },
        { env: {}, cwd: dir },
      );
      expect(said).toMatch(shows);
      expect(liveInTerminal(said), said).toEqual([]);
      expect(said).toContain('\\x1b]0;pwned\\x07');
    }
  });

  it('leaves an entry nested a million deep unjudged, named on one line: incomplete (exit 3), a report written', async () => {
    const { entries } = await faithful();
    const deep = `${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}`;
    const har = devtoolsHar(entries).replace(
      /"name":"accept","value":"[^"]*"/,
      `"name":"accept","value":${deep}`,
    );
    const run = await judge(har);
    expect(run.code, run.out + run.err).toBe(3);
    expect(run.err.trim().split('\n')).toHaveLength(1);
    expect(run.err).toMatch(
      /recording\.har#\d+: the entry nests deeper than 512 levels, more than this harness reads/,
    );
    expect(run.err).not.toMatch(/call stack/);
    expect(run.report!.incompleteReasons.join(' ')).toMatch(
      /1 recorded entry was not judged, nested past what this harness reads \(recording\.har#\d+\): a limit of the harness/,
    );
  });

  it('refuses a device, a named pipe or a directory for a recording with one line and exit 2, reading none', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'osc-judge-'));
    const fifo = join(dir, 'pipe.har');
    execFileSync('mkfifo', [fifo]);
    for (const [file, kind] of [
      ['/dev/zero', 'a device'],
      [fifo, 'a named pipe'],
      [dir, 'a directory'],
    ] as const) {
      let err = '';
      const code = await main(
        ['judge', '--har', file, '--report-dir', 'reports'],
        { out: () => {}, err: (l) => (err += `${l}\n`) },
        { env: {}, cwd: dir },
      );
      expect(code, err).toBe(2);
      expect(err.trim().split('\n')).toHaveLength(1);
      expect(err).toContain(`the recording ${file} is ${kind}, not a regular file`);
    }
  });
});
