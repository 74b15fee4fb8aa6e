// An encoded slash (%2F) in a spelled path reaches most applications, which owe it their whole answer: only a
// refusal in a front's shape (400 or 404, no rate-limit fields, no JSON body: Tomcat's, Apache's) is left out of
// the API's requirements. An application's own wrong answer to it is still judged.
import { afterEach, describe, expect, it } from 'vitest';
import { checkOf } from '../support/cli.ts';
import type { Exchange } from './server.ts';
import { closeAll, runAgainst, said } from './support.ts';

afterEach(closeAll);

const slashed = (x: Exchange) => /%2F/i.test(x.req.target.replace(/\?.*$/, ''));
const CHECKS = ['--only', 'AUTH-PATH-SPELLING-401,ERR-BODY-SCHEMA,RL-HEADERS-PRESENT'];
const HTML = Buffer.from('<html><body><h1>HTTP Status 400 – Bad Request</h1></body></html>');

describe('an encoded slash in the path', () => {
  it("a front's HTML 400 without rate-limit fields is left out: every check stays silent", {
    timeout: 60_000,
  }, async () => {
    const run = await runAgainst(async (x) => {
      if (!slashed(x)) return x.reply(await x.upstream());
      x.reply({ status: 400, headers: { 'content-type': 'text/html;charset=utf-8' }, body: HTML });
    }, CHECKS);
    expect(
      run.server.requests.some((r) => /%2F/i.test(r.target)),
      said(run),
    ).toBe(true);
    for (const id of ['AUTH-PATH-SPELLING-401', 'ERR-BODY-SCHEMA', 'RL-HEADERS-PRESENT'])
      expect(checkOf(run, id).status, `${id}: ${said(run)}`).toBe('pass');
  });

  it("the application's Error without rate-limit fields fails RL-HEADERS-PRESENT", {
    timeout: 60_000,
  }, async () => {
    const run = await runAgainst(async (x) => {
      const a = await x.upstream();
      if (!slashed(x)) return x.reply(a);
      const headers = Object.fromEntries(Object.entries(a.headers).filter(([h]) => !/ratelimit/i.test(h)));
      x.reply({ ...a, headers });
    }, CHECKS);
    const c = checkOf(run, 'RL-HEADERS-PRESENT');
    expect(c.status, said(run)).toBe('fail');
    // The spelling goes out without the key: the application's 401 to it is the finding.
    expect(c.exchanges.map((e) => `${e.response?.status} ${e.request.url}`).join('\n')).toMatch(
      /^401 .*%2F/im,
    );
  });

  it("the application's HTML page with its rate-limit fields fails ERR-BODY-SCHEMA", {
    timeout: 60_000,
  }, async () => {
    const run = await runAgainst(async (x) => {
      const a = await x.upstream();
      if (!slashed(x)) return x.reply(a);
      x.reply({ ...a, headers: { ...a.headers, 'content-type': 'text/html' }, body: HTML });
    }, CHECKS);
    const c = checkOf(run, 'ERR-BODY-SCHEMA');
    expect(c.status, said(run)).toBe('fail');
    // The spelling goes out without the key: the application's 401 to it is the finding.
    expect(c.exchanges.map((e) => `${e.response?.status} ${e.request.url}`).join('\n')).toMatch(
      /^401 .*%2F/im,
    );
  });
});
