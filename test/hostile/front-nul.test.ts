// A conformant API behind a front that refuses a NUL byte in the path itself (lighttpd's own HTML 400, with no
// rate-limit fields): ID-MALFORMED-4XX judges that refusal by its status, as ERR-BODY-SCHEMA does, while a
// JSON answer of the API itself that is no Error still fails it.
import { afterEach, describe, expect, it } from 'vitest';
import { checkOf } from '../support/cli.ts';
import type { Exchange } from './server.ts';
import { closeAll, RUN_ARGS, runAgainst, said } from './support.ts';

afterEach(closeAll);

const nulCancel = (x: Exchange) =>
  x.req.method === 'DELETE' && /\/store\/orders\/[^/]*%00/i.test(x.req.target);

/** Enough generated cases that the malformed-id property draws NUL-byte ones around absent ids too. */
const ARGS = [...RUN_ARGS.filter((a, i) => a !== '--property-runs' && RUN_ARGS[i - 1] !== '--property-runs')];
const CHECKS = ['--only', 'ID-MALFORMED-4XX,ERR-BODY-SCHEMA', '--property-runs', '60'];

describe('a front that refuses a NUL byte in the path', () => {
  it('its HTML 400 without rate-limit fields is judged by its status: ID-MALFORMED-4XX passes', {
    timeout: 60_000,
  }, async () => {
    const run = await runAgainst(
      async (x) => {
        if (!nulCancel(x)) return x.reply(await x.upstream());
        x.reply({
          status: 400,
          headers: { 'content-type': 'text/html' },
          body: Buffer.from('<?xml version="1.0"?>\n<html><body><h1>400 Bad Request</h1></body></html>\n'),
        });
      },
      CHECKS,
      {},
      { runArgs: ARGS },
    );
    // NUL-byte segments went out both as a fixture's spelling and around absent ids (the property).
    const nul = run.server.requests.filter((r) => r.method === 'DELETE' && /%00/i.test(r.target));
    expect(nul.length, said(run)).toBeGreaterThan(1);
    expect(checkOf(run, 'ID-MALFORMED-4XX').status, said(run)).toBe('pass');
    expect(checkOf(run, 'ERR-BODY-SCHEMA').status, said(run)).toBe('pass');
  });

  it('a JSON answer of the API (rate-limit fields and all) that is no Error still fails', {
    timeout: 60_000,
  }, async () => {
    const run = await runAgainst(
      async (x) => {
        const a = await x.upstream();
        if (!nulCancel(x)) return x.reply(a);
        x.reply({ ...a, status: 400, body: Buffer.from('{"error":"bad id"}') });
      },
      CHECKS,
      {},
      { runArgs: ARGS },
    );
    const c = checkOf(run, 'ID-MALFORMED-4XX');
    expect(c.status, said(run)).toBe('fail');
    expect(c.message).toMatch(/invalid Error body on malformed id: DELETE \/store\/orders\/[^ ]*%00/);
  });
});
