// The responses every whole-run check reads (whole-run.ts): those with an answer, less the requests made
// invalid on purpose and a front's refusals, in the order recorded, whichever of them a run holds.
import { describe, expect, it } from 'vitest';
import { type Exchange, Transcript } from '../../lib/http/transcript.ts';
import type { Ctx } from './context.ts';
import { responses } from './whole-run.ts';

const HTML = { 'content-type': 'text/html' };
const API = { 'content-type': 'application/json', 'x-ratelimit-remaining': '5' };

/** A transcript of these answers (status 0: no answer), and a context that reads it and keeps its notes. */
function run(answers: Array<{ status: number; headers: Record<string, string>; extra?: Partial<Exchange> }>) {
  const transcript = new Transcript();
  const xs = answers.map(({ status, headers, extra }) =>
    transcript.add({
      bucket: 'primary',
      startedAt: new Date(0).toISOString(),
      durationMs: 1,
      request: { method: 'POST', url: 'http://127.0.0.1:9/v1/store/orders', headers: {} },
      ...(status > 0 ? { response: { status, headers, body: '', bodyBytes: 0, bodyTruncated: false } } : {}),
      ...extra,
    }),
  );
  const notes: string[] = [];
  // Only what responses() reads of a check's context: the run's transcript, and where its notes go.
  const ctx = { transcript, note: (n: string) => notes.push(n) } as unknown as Ctx;
  return { xs, ctx, notes };
}

describe('whole-run responses', () => {
  it('are every answered exchange when nothing is left out', () => {
    const { xs, ctx, notes } = run([
      { status: 200, headers: API },
      { status: 0, headers: {} },
      { status: 404, headers: API },
    ]);
    expect(responses(ctx)).toEqual([xs[0], xs[2]]);
    expect(responses(ctx, true)).toEqual([xs[0], xs[2]]);
    expect(notes).toEqual([]);
  });

  it("leave out requests made invalid on purpose and a front's refusals, in the order recorded", () => {
    const refused = { lengthOmitted: true as const };
    const { xs, ctx, notes } = run([
      { status: 200, headers: API },
      { status: 411, headers: HTML, extra: refused },
      { status: 400, headers: API, extra: { invalidRequest: 'an invalid percent-encoding' } },
      { status: 201, headers: API },
      { status: 411, headers: HTML, extra: refused },
      { status: 204, headers: API },
    ]);
    expect(responses(ctx)).toEqual([xs[0], xs[3], xs[5]]);
    expect(responses(ctx, true)).toEqual(xs);
    expect(notes.join('\n')).toMatch(/^1 answers to requests that were not valid HTTP/);
    expect(notes.join('\n')).toMatch(/2 answers are an HTTP front's refusal .*e\.g\. 411/);
  });

  it("leave out a front's refusal that comes first", () => {
    const { xs, ctx } = run([
      { status: 411, headers: HTML, extra: { lengthOmitted: true } },
      { status: 200, headers: API },
    ]);
    expect(responses(ctx)).toEqual([xs[1]]);
  });
});
