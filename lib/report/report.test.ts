import { createHash } from 'node:crypto';
import { lstatSync, mkdtempSync, readFileSync, readlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PLAN, RULES, reportOf as report, result, SETTINGS } from '../../test/support/report-fixture.ts';
import { validate } from '../formats/validation.ts';
import { Transcript } from '../http/transcript.ts';
import { buildReport } from './build.ts';
import { summary } from './console.ts';
import { harText } from './har.ts';
import { htmlReport } from './html.ts';
import { junitXml } from './junit.ts';
import { exitCodeOf, newRunId, type Report, verdictOf } from './model.ts';
import { PROGRESS_COST_FACTOR, PROGRESS_INTERVAL_MS, ReportWriter } from './write.ts';

const HOSTILE = 'bad <script>alert("x")</script> & \u0001\u0008 "quoted"';

describe('verdict', () => {
  it('is non-conformant on any failed MUST, incomplete on an error or an unfinished run, else conformant', () => {
    expect(verdictOf([result('A-1', 'pass'), result('A-2', 'warn'), result('A-3', 'skip')], [])).toBe(
      'conformant',
    );
    expect(verdictOf([result('A-1', 'fail'), result('A-2', 'error')], ['stopped'])).toBe('non-conformant');
    expect(verdictOf([result('A-1', 'pass'), result('A-2', 'error')], [])).toBe('incomplete');
    expect(verdictOf([result('A-1', 'pass')], ['stopped'])).toBe('incomplete');
    expect([exitCodeOf('conformant'), exitCodeOf('non-conformant'), exitCodeOf('incomplete')]).toEqual([
      0, 1, 3,
    ]);
    expect(newRunId(new Date('2026-11-22T10:00:00.123Z'), () => 0)).toBe('20261122T100000Z-0000');
  });
});

describe('junit.xml', () => {
  it('has real failure, error and skipped elements, and passes warnings with their text', () => {
    const xml = junitXml(
      report([
        result('LIST-A', 'pass'),
        result('CANCEL-B', 'fail', { message: HOSTILE }),
        result('CANCEL-C', 'skip'),
        result('CANCEL-D', 'error'),
        result('CANCEL-E', 'warn'),
      ]),
    );
    // The errored check makes the run incomplete, which junit adds as one more error (never green).
    expect(xml).toMatch(/<testsuites [^>]*tests="6" failures="1" errors="2"/);
    expect(xml).toMatch(/<testcase classname="Cancel an order" name="CANCEL-B" time="0.012" status="fail">/);
    expect(xml).toMatch(/<testsuite name="Cancel an order" tests="4" failures="1" errors="1" skipped="1"/);
    expect(xml).toMatch(
      /<failure type="MUST" message="bad &lt;script&gt;alert\(&quot;x&quot;\)&lt;\/script&gt; &amp; \uFFFD\uFFFD &quot;quoted&quot;">/,
    );
    expect(xml).toContain('<skipped message="skip message"/>');
    expect(xml).toMatch(/<error type="harness" message="error message">/);
    expect(xml).toMatch(
      /<system-out>WARNING \(SHOULD broken; not failing the run\): Sends something\nSHOULD/,
    );
    expect(xml).toContain('<system-err>WARNING CANCEL-E: warn message</system-err>');
    expect(xml.includes('\u0001') || xml.includes('\u0008')).toBe(false);
  });

  it('adds an error for an incomplete run, so CI cannot read it as green', () => {
    const xml = junitXml(report([result('LIST-A', 'pass')], ['interrupted by a signal']));
    expect(xml).toMatch(/<testsuites [^>]*tests="2" failures="0" errors="1"/);
    expect(xml).toContain('<error type="incomplete" message="interrupted by a signal"/>');
  });
});

describe('report.html', () => {
  it('escapes everything from the target and traces each verdict to its spec clause', () => {
    const html = htmlReport(
      report([
        result('CANCEL-B', 'fail', {
          message: HOSTILE,
          reproduction: ['curl -sS "http://h/v1" -H "authorization: Bearer $ORDER_STORE_API_KEY"'],
          exchanges: [
            {
              seq: 1,
              bucket: 'primary',
              startedAt: '2026-11-22T10:00:00.000Z',
              durationMs: 3,
              request: { method: 'DELETE', url: 'http://h/v1/store/orders/1', headers: {} },
              response: {
                status: 500,
                headers: { 'content-type': 'text/html' },
                body: '<img src=x onerror=alert(1)>',
                bodyBytes: 28,
                bodyTruncated: false,
              },
            },
          ],
        }),
      ]),
    );
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&#60;img src=x onerror=alert(1)&#62;');
    expect(html).toContain('Not conformant');
    expect(html).toContain('spec §4 cancelOrder rule 3');
    expect(html).toContain('$ORDER_STORE_API_KEY');
    expect(html).toContain('id="CANCEL-B"');
  });

  it('sorts findings fail, warn, not evaluated; shows schema issues, properties, INFO, matrix and chart', () => {
    const checks = [
      result('LIST-WARN', 'warn'),
      result('LIST-SKIPPED-MUST', 'skip', { message: 'needs --plan' }),
      result('LIST-FAIL', 'fail', {
        expected: '200',
        actual: '500',
        schemaIssues: [{ path: '/0/shipDate', expected: 'format date-time', actual: '"2026-01-01 10:00"' }],
        property: { seed: 7, path: '4:1', replay: '--seed 7 --replay-path LIST-FAIL:4:1' },
      }),
      result('LIST-SEEN-INFO', 'info', { level: 'INFO', message: 'the 409 body was an Error' }),
      result('LIST-SKIPPED-INFO', 'skip', { level: 'INFO' }),
      result('LIST-PROBE', 'pass', {
        rateLimitSeries: {
          points: [
            { seq: 1, phase: 'reading', status: 404, limit: 3, remaining: 2, resetAtMs: 10_000, atMs: 1000 },
            { seq: 2, phase: 'walk', status: 404, limit: 3, remaining: 1, resetAtMs: 10_000, atMs: 1100 },
            { seq: 3, phase: 'walk', status: 404, limit: 3, remaining: 0, resetAtMs: 10_000, atMs: 1200 },
            { seq: 4, phase: 'walk', status: 429, limit: 3, remaining: 0, resetAtMs: 10_000, atMs: 1300 },
            {
              seq: 5,
              phase: 'recovery',
              status: 404,
              limit: 3,
              remaining: 2,
              resetAtMs: 20_000,
              atMs: 10_100,
            },
          ],
          waits: [{ before: 4, ms: 8700 }],
        },
      }),
    ];
    const html = htmlReport(report(checks));
    const findings = html.slice(html.indexOf('id="findings"'), html.indexOf('id="probe"'));
    const order = ['LIST-FAIL', 'LIST-WARN', 'LIST-SKIPPED-MUST'].map((id) => findings.indexOf(`id="${id}"`));
    expect(order.every((i) => i > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(findings).not.toContain('id="LIST-SKIPPED-INFO"');
    expect(findings).toContain('card card-fail');
    expect(findings).toContain('card card-ne');
    // Each finding quotes the sentence that binds the server, under where it stands.
    expect(findings).toContain(
      '<dt>Basis</dt><dd><div class="basis"><span class="muted">spec §4 cancelOrder rule 3</span> <q>When no order has the given `orderId`, then the response is 404.</q></div></dd>',
    );
    expect(findings).toMatch(
      /<code>\/0\/shipDate<\/code><\/td><td>format date-time<\/td><td><code>&#34;2026-01-01 10:00&#34;<\/code>/,
    );
    expect(findings).toContain('--seed 7 --replay-path LIST-FAIL:4:1');
    // MUST: 1 pass (the probe), 1 fail, 1 not evaluated; SHOULD: 1 warn.
    expect(html).toMatch(
      /id="count-must"><b>MUST<\/b><span>1 pass · <span class="n-fail">1<\/span> fail · <span class="n-ne">1<\/span> not evaluated/,
    );
    const unspecified = html.slice(html.indexOf('id="unspecified"'), html.indexOf('id="matrix"'));
    expect(unspecified).toContain('the 409 body was an Error');
    expect(unspecified).toContain('LIST-SKIPPED-INFO');
    // Each cited rule links to its row in the matrix, and the row exists.
    expect(html).toContain('href="#rule-4.cancel.r3"');
    expect(html).toContain('id="rule-4.cancel.r3"');
    expect(html).toMatch(/Coverage: \d+ of \d+ testable rules evaluated/);
    const svg = html.slice(html.indexOf('<svg'), html.indexOf('</svg>'));
    for (const part of ['Limit 3', '>429<', 'wait 8.7 s', 'Reset', 'recovered']) expect(svg).toContain(part);
    // Self-contained: nothing loaded from anywhere (the target's URL is only text).
    expect(html.split('http://127.0.0.1:1/v1').join('')).not.toMatch(
      /<script|<link|<img|<iframe|@import|url\(|src=|https?:\/\/(?!h\/)/i,
    );
  });
});

describe('buildReport', () => {
  it('marks a run in progress, or one with checks left without a verdict, as incomplete', () => {
    const r = report([result('LIST-A', 'pass')]);
    expect(r).toMatchObject({
      complete: true,
      verdict: 'conformant',
      durationMs: 2000,
      requests: { sent: 3, budget: 400 },
    });
    const facts = {
      runId: r.runId,
      started: new Date(r.startedAt),
      config: SETTINGS,
      embedded: false,
      referenceFaults: [],
      rateLimitProbe: 'skipped' as const,
      selected: ['LIST-A', 'LIST-B'],
      rules: RULES,
      catalogue: [result('LIST-A', 'pass'), result('LIST-B', 'pass')],
      plan: PLAN,
      profile: 'standard' as const,
      failOn: 'fail' as const,
    };
    const partial = buildReport(facts, {
      results: [result('LIST-A', 'pass')],
      reasons: [],
      requestsSent: null,
      final: true,
    });
    expect(partial.incompleteReasons).toEqual(['1 selected check has no verdict (LIST-B)']);
    expect(partial.verdict).toBe('incomplete');
    const going = buildReport(facts, { results: [], reasons: [], requestsSent: null, final: false });
    expect(going.complete).toBe(false);
    expect(JSON.stringify(going)).not.toContain(SETTINGS.apiKey);
  });
});

describe('report writer', () => {
  it('writes a schema-valid report.json, junit.xml and report.html, and points latest at the run', () => {
    const dir = mkdtempSync(join(tmpdir(), 'osc-reports-'));
    const r = report([result('LIST-A', 'pass'), result('CANCEL-B', 'warn')]);
    const writer = new ReportWriter(dir, r.runId);
    writer.start({
      ...r,
      complete: false,
      incompleteReasons: ['in progress'],
      verdict: 'incomplete',
      checks: [],
    });
    const partial = JSON.parse(readFileSync(join(writer.dir, 'report.json'), 'utf8')) as Report;
    expect(partial.complete).toBe(false);
    const files = writer.finish(r, []);
    expect(files.map((f) => f.slice(writer.dir.length + 1))).toEqual([
      'report.json',
      'junit.xml',
      'report.html',
      'report.md',
      'transcript.har',
      'SHA256SUMS',
    ]);
    const written = JSON.parse(readFileSync(join(dir, 'latest', 'report.json'), 'utf8'));
    expect(validate('report', written).errors).toEqual([]);
    expect(lstatSync(join(dir, 'latest')).isSymbolicLink()).toBe(true);
    expect(readlinkSync(join(dir, 'latest'))).toBe(r.runId);
    expect(summary(r, writer.dir)).toMatch(
      /Verdict: CONFORMANT: 1 of 1 MUST check evaluated, all pass; none left out\n\s+2 checks: 1 pass, 0 fail, 1 warn/,
    );
  });

  it('writes transcript.har as harText would, in buffered pieces (one larger than the buffer), summed as written', () => {
    const dir = mkdtempSync(join(tmpdir(), 'osc-reports-'));
    const r = report([result('LIST-A', 'pass')]);
    const t = new Transcript();
    const body = `[{"id":1,"note":"${'é€'.repeat(3000)}"}]`;
    for (let i = 0; i < 300; i++)
      t.add({
        bucket: 'primary',
        startedAt: new Date(Date.UTC(2026, 10, 22, 10, 0, i)).toISOString(),
        durationMs: 3,
        request: {
          method: 'GET',
          url: 'https://api.example.com/v1/store/orders',
          headers: i === 7 ? { 'x-long': 'x'.repeat(1_200_000) } : {},
        },
        response: { status: 200, headers: {}, body, bodyBytes: body.length, bodyTruncated: false },
      });
    const writer = new ReportWriter(dir, r.runId);
    writer.start(r);
    writer.finish(r, t.all(), ['har']);
    const written = readFileSync(join(writer.dir, 'transcript.har'));
    expect(written.length).toBeGreaterThan(2 * 2 ** 20);
    expect(written.toString('utf8')).toBe(
      harText(t.all(), r.suite, `run ${r.runId} against ${r.target.baseUrl}`),
    );
    expect(readFileSync(join(writer.dir, 'SHA256SUMS'), 'utf8')).toContain(
      `${createHash('sha256').update(written).digest('hex')}  transcript.har`,
    );
  });

  it('spaces progress rewrites out, so a long run does not rewrite its whole report after every check', () => {
    const dir = mkdtempSync(join(tmpdir(), 'osc-reports-'));
    const r = report([result('LIST-A', 'pass')]);
    const writer = new ReportWriter(dir, r.runId);
    expect(writer.progressDue()).toBe(true);
    writer.start(r);
    const written = Date.now();
    expect(writer.progressDue(written + 1)).toBe(false);
    expect(writer.progressDue(written + PROGRESS_INTERVAL_MS + 1)).toBe(true);
  });

  it('spaces them further apart when a rewrite is costly (a large report, a slow scrub)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'osc-reports-'));
    const r = report([result('LIST-A', 'pass')]);
    let now = 1000;
    // Each scrub of report.json takes 100 ms on this clock.
    const slowScrub = (text: string) => {
      now += 100;
      return text;
    };
    const writer = new ReportWriter(dir, r.runId, slowScrub, () => now);
    writer.start(r);
    const written = now - 100;
    expect(writer.progressDue(written + PROGRESS_INTERVAL_MS + 1)).toBe(false);
    expect(writer.progressDue(written + PROGRESS_COST_FACTOR * 100)).toBe(true);
  });
});
