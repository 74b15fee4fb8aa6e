// A long Retry-After is honoured, not misnamed: nothing goes out with the key, in any form, after
// a 429 asks for longer than the run may wait; it is no ban unless the target says so; the checks the
// recorded exchanges can judge still judge, and the checks that need no key still run.
import { afterEach, describe, expect, it } from 'vitest';
import { checkOf } from '../support/cli.ts';
import type { RawRequest } from './server.ts';
import { closeAll, KEY, reportProblems, runAgainst, said } from './support.ts';

afterEach(closeAll);

const PROBE_ARGS = ['--timeout-ms', '400', '--property-runs', '1', '--seed', '5', '--max-wait-seconds', '12'];

/** Whether a request carries the key in any form a check sends it in: bearer, altered, Basic, query, twice. */
function carriesKey(r: RawRequest): boolean {
  const core = KEY.slice(4, -4).toLowerCase();
  const auth = (r.headers.authorization ?? '').toLowerCase();
  const basic = /^basic\s+(\S+)/.exec(auth);
  const decoded = basic ? Buffer.from(basic[1]!, 'base64').toString().toLowerCase() : '';
  const target = decodeURIComponent(r.target).toLowerCase();
  return auth.includes(core) || decoded.includes(core) || target.includes(core);
}

describe('a Retry-After longer than the run may wait', () => {
  it('is honoured for the key in every form, is no ban, and the recorded exchanges are still judged', async () => {
    let limitedAt: number | undefined;
    const run = await runAgainst(
      async (x) => {
        const a = await x.upstream();
        const headers = { ...a.headers };
        // A limiter that writes Retry-After in the wrong unit, and a different Limit on 404s.
        if (a.status === 429) {
          headers['retry-after'] = '342';
          limitedAt ??= x.n;
        }
        if (a.status === 404) headers['x-ratelimit-limit'] = String(Number(headers['x-ratelimit-limit']) + 1);
        x.reply({ ...a, headers });
      },
      [],
      {},
      { runArgs: PROBE_ARGS, rateLimit: { limit: 70, windowSeconds: 10 } },
    );
    expect(reportProblems(run), said(run)).toEqual([]);
    expect(limitedAt, said(run)).toBeDefined();
    const after = run.server.requests.slice(limitedAt!);
    expect(after.filter(carriesKey).map((r) => `${r.method} ${r.target}`)).toEqual([]);
    expect(run.report!.bans).toEqual([]);
    expect(said(run)).not.toMatch(/KEY BANNED|Infinity/);
    // What the responses already received show is still reported.
    expect(checkOf(run, 'RL-HEADERS-LIMIT-BY-STATUS').status).toBe('fail');
    expect(run.code).toBe(1);
  });

  it.each([
    ['342', /wait: Retry-After 342 s, far beyond/],
    ['9'.repeat(400), /wait: Retry-After unbounded, far beyond/],
  ])(
    'met early (Retry-After %s): no form of the key goes out after it, and checks that need no key still run',
    async (ra, said429) => {
      let limitedAt: number | undefined;
      let keyed = 0;
      const run = await runAgainst(
        async (x) => {
          const a = await x.upstream();
          if (x.req.headers.authorization === `Bearer ${KEY}` && ++keyed === 6) {
            limitedAt = x.n;
            const body = Buffer.from(
              JSON.stringify({ code: 'RATE_LIMITED', message: 'slow down', status: 429 }),
            );
            return x.reply({
              status: 429,
              headers: { ...a.headers, 'retry-after': ra, 'content-type': 'application/json' },
              body,
            });
          }
          x.reply(a);
        },
        [],
        {},
        { runArgs: PROBE_ARGS },
      );
      expect(reportProblems(run), said(run)).toEqual([]);
      expect(limitedAt).toBeDefined();
      const after = run.server.requests.slice(limitedAt!);
      expect(after.filter(carriesKey).map((r) => `${r.method} ${r.target}`)).toEqual([]);
      expect(run.report!.bans).toEqual([]);
      expect(said(run)).toMatch(said429);
      expect(said(run)).not.toMatch(/KEY BANNED|Infinity/);
      for (const id of ['AUTH-MISSING-401', 'AUTH-UNKNOWN-KEY-401', 'AUTH-EMPTY-BEARER-401'])
        expect(checkOf(run, id).status, `${id}: ${checkOf(run, id).message}`).toBe('pass');
      expect(checkOf(run, 'AUTH-OTHER-SCHEME-401').message).toMatch(/no form of it is sent/);
      expect(run.code).toBe(3);
    },
  );
});
