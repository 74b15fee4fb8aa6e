// A server that writes terminal controls, bidi overrides and Markdown and HTML into everything a report
// quotes (Error codes and messages, a Content-Type, a WWW-Authenticate challenge, list ids): the console, the
// GitHub annotations, report.md (and the job summary it is appended to) and report.html carry all of it as
// inert text, and the run is judged as before.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ALL_HOSTILE, liveInHtml, liveInMarkdown, liveInTerminal } from '../support/hostile-strings.ts';
import type { Exchange } from './server.ts';
import { closeAll, KEY, reportProblems, runAgainst, said } from './support.ts';

afterEach(closeAll);

/** What can travel in a header value: visible ASCII, and bytes 0x80-0xFF (C1 controls, read as Latin-1). */
const IN_HEADER =
  '\u009b2J\u009d0;pwned\u009c <img src=x onerror=alert(1)> [Rotate your key here](https://evil.example/rotate) ![x](https://evil.example/p.png)';

const isKeyedList = (x: Exchange) =>
  x.req.method === 'GET' &&
  /\/store\/orders$/.test(x.req.target) &&
  x.req.headers.authorization === `Bearer ${KEY}`;

async function steering(x: Exchange): Promise<void> {
  const a = await x.upstream();
  const headers = { ...a.headers };
  if (a.status === 401) headers['www-authenticate'] = `Basic realm="${IN_HEADER}"`;
  if (isKeyedList(x) && a.status === 200) {
    headers['content-type'] = `text/html; x="${IN_HEADER}"`;
    // One order whose id is the whole catalogue, as a JSON string.
    const items = JSON.parse(a.body.toString()) as Array<Record<string, unknown>>;
    items.push({ ...items[0], id: ALL_HOSTILE });
    return x.reply({ ...a, headers, body: Buffer.from(JSON.stringify(items)) });
  }
  if (a.status >= 400 && a.body.length > 0) {
    const error = JSON.parse(a.body.toString()) as Record<string, unknown>;
    const body = { ...error, code: `X${ALL_HOSTILE}`, message: ALL_HOSTILE };
    return x.reply({ ...a, headers, body: Buffer.from(JSON.stringify(body)) });
  }
  x.reply({ ...a, headers });
}

describe('a server that tries to steer what people and CI read', () => {
  it('reaches the console, annotations, report.md, the job summary and report.html only as inert text', async () => {
    const summary = join(mkdtempSync(join(tmpdir(), 'osc-summary-')), 'step-summary.md');
    const run = await runAgainst(steering, [], { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summary });
    expect(reportProblems(run), said(run)).toEqual([]);
    // Judged as before: a list labelled text/html and ids that are no integers are MUST failures.
    expect(run.code, said(run)).toBe(1);
    expect(liveInTerminal(run.stdout)).toEqual([]);
    expect(liveInTerminal(run.stderr)).toEqual([]);
    expect(run.stdout).toMatch(/::error title=/);
    const file = (name: string) => run.files.find((f) => f.path.endsWith(name))?.text ?? '';
    expect(liveInMarkdown(file('report.md'))).toEqual([]);
    expect(liveInMarkdown(readFileSync(summary, 'utf8'))).toEqual([]);
    expect(liveInHtml(file('report.html'))).toEqual([]);
    // The hostile text is there to read, written out.
    for (const text of [run.stdout, file('report.html')]) {
      expect(text).toContain('\\x1b]52;c;');
      expect(text).toContain('\\u202e');
    }
    expect(run.stdout).toContain('\\x9b2J');
  });
});
