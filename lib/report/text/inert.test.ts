// Every medium a report leaves in (the console, report.md, report.html, junit.xml, GitHub annotations, the
// comparison), fed a catalogue of hostile strings in every field a server can fill: none survives live.
import { describe, expect, it } from 'vitest';
import {
  ALL_HOSTILE,
  HOSTILE_STRINGS,
  liveInHtml,
  liveInMarkdown,
  liveInTerminal,
} from '../../../test/support/hostile-strings.ts';
import { PLAN, reportOf, result } from '../../../test/support/report-fixture.ts';
import type { Exchange } from '../../http/transcript.ts';
import { annotations } from '../annotations.ts';
import { compareReports, comparisonMarkdown } from '../compare.ts';
import { planLines, resultLine, summary } from '../console.ts';
import { htmlReport } from '../html.ts';
import { junitXml } from '../junit.ts';
import { reportMarkdown } from '../markdown.ts';
import { CONSOLE_MESSAGE_CHARS, consoleMessage, mdData, terminalLine, visible } from './inert.ts';

function exchange(seq: number, text: string): Exchange {
  return {
    seq,
    bucket: 'primary',
    startedAt: '2026-11-22T10:00:00.000Z',
    durationMs: 3,
    request: {
      method: 'GET',
      url: `http://127.0.0.1:1/v1/store/orders?q=${text}`,
      headers: { accept: text },
    },
    response: {
      status: 401,
      headers: { 'www-authenticate': text, 'content-type': text, 'x-list': [text, text] },
      body: JSON.stringify({ code: text, message: text, status: 401 }),
      bodyBytes: 100,
      bodyTruncated: false,
      bodyError: { code: text, message: text },
    },
  };
}

/** A report whose every field a server can fill carries every hostile string. */
function hostileReport() {
  const text = ALL_HOSTILE;
  const x = exchange(1, text);
  const fields = {
    message: text,
    details: [text, `problem: ${text}`],
    expected: text,
    actual: text,
    schemaIssues: [{ path: `/0/${text}`, expected: 'type integer', actual: text }],
    exchanges: [x],
    cited: [1],
    reproduction: [`curl '${text}'`],
  };
  const checks = [
    result('LIST-FAILS', 'fail', fields),
    result('CANCEL-WARNS', 'warn', fields),
    result('CANCEL-ERRS', 'error', fields),
    result('CANCEL-INFO', 'info', { ...fields, level: 'INFO' }),
    result('CANCEL-SKIPS', 'skip', { ...fields, cause: { kind: 'outcome' } }),
  ];
  return reportOf(checks, [`the run stopped sending: ${text}`]);
}

describe('a hostile catalogue through every report', () => {
  const report = hostileReport();

  it('the console: the line of each check and the summary keep no control, and no line is forged', () => {
    const lines = [...report.checks.map(resultLine), summary(report, '/tmp/reports/r1')];
    expect(liveInTerminal(lines.join('\n'))).toEqual([]);
    const skip = { reason: ALL_HOSTILE, cause: { kind: 'outcome' as const } };
    const plan = planLines({ ...PLAN, checks: [{ id: 'X', level: 'MUST', run: false, skip }] }, 10);
    expect(liveInTerminal(plan.join('\n'))).toEqual([]);
  });

  it('report.md: server text only inside code spans nothing closes, no control anywhere', () => {
    const md = reportMarkdown(report);
    expect(liveInMarkdown(md)).toEqual([]);
    // Still there to read, as data.
    expect(md).toContain('Rotate your key here');
  });

  it('report.html: inert, under a strict Content-Security-Policy, with every control written out', () => {
    const html = htmlReport(report);
    expect(liveInHtml(html)).toEqual([]);
    expect(html).toContain('\\u202e');
    expect(html).toContain('\\x1b]52;c;');
  });

  it('junit.xml: as before, every character XML 1.0 forbids replaced, markup escaped', () => {
    const xml = junitXml(report);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it looks for
    expect(xml).not.toMatch(/[\x00-\x08\x0b\x0c\x0e-\x1f]/);
    expect(xml).not.toMatch(/<(img|script|a) /);
  });

  it('GitHub annotations and the comparison: one inert line each, no live Markdown', () => {
    expect(liveInTerminal(annotations(report).join('\n'))).toEqual([]);
    const other = {
      ...report,
      runId: 'other',
      checks: report.checks.map((c) => ({ ...c, status: 'pass' as const })),
    };
    const md = comparisonMarkdown(compareReports(other, report), other, report);
    expect(liveInMarkdown(md)).toEqual([]);
  });

  it('each string of the catalogue alone, through each medium', () => {
    for (const [name, s] of Object.entries(HOSTILE_STRINGS)) {
      expect(liveInTerminal(terminalLine(`x ${s} y`)), name).toEqual([]);
      expect(liveInMarkdown(`| ${mdData(s)} |`), name).toEqual([]);
    }
    expect(visible('\x1b\u009b\u202e\u{e0041}\x7f')).toBe('\\x1b\\x9b\\u202e\\u{e0041}\\x7f');
    expect(visible('a\tb\nc', true)).toBe('a\tb\nc');
  });
});

describe('consoleMessage', () => {
  it('cuts an id the target sent whole to its start, an ellipsis and its length', () => {
    const id = '9'.repeat(1176);
    const line = consoleMessage(`the list holds id ${id}, which is no int64`);
    expect(line).toBe(`the list holds id ${'9'.repeat(40)}…(1177 chars) which is no int64`);
    expect(line.length).toBeLessThan(120);
  });

  it('leaves an ordinary message as it is, and bounds a long one', () => {
    expect(consoleMessage('200 with 809 bytes')).toBe('200 with 809 bytes');
    const long = consoleMessage('word '.repeat(200));
    expect(long).toMatch(/… \(1000 chars; the report has it whole\)$/);
    expect(long.length).toBeLessThan(CONSOLE_MESSAGE_CHARS + 60);
  });
});
