// A server that echoes the credentials it receives, in every encoding it can, into headers and bodies: no form
// of either key reaches any file of the run folder or the console, and the echoed bodies are still judged as
// the valid Error objects they are (checks judge what was sent, only what is written is redacted).
import { afterEach, describe, expect, it } from 'vitest';
import { base64Cores } from '../../lib/http/redact.ts';
import { keyLeaks } from '../support/base64-leaks.ts';
import { closeAll, KEY, reportProblems, runAgainst, SECOND_KEY, said } from './support.ts';

afterEach(closeAll);

/** Every form of a secret a server may echo, as the issue lists them and more. */
function forms(key: string): Record<string, string> {
  const b64 = (s: string) => Buffer.from(s).toString('base64');
  return {
    verbatim: key,
    'JSON-escaped': JSON.stringify(key).slice(1, -1).replace(/\//g, '\\/'),
    'percent-encoded': encodeURIComponent(key),
    'percent-encoded, lower case': encodeURIComponent(key).toLowerCase(),
    'base64(key)': b64(key),
    'base64(Bearer key)': b64(`Bearer ${key}`),
    'base64(user:key)': b64(`user:${key}`),
    'base64(key:)': b64(`${key}:`),
    'case-flipped': key.replace(/[a-z]/gi, (c) =>
      c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase(),
    ),
    'truncated by one': key.slice(0, -1),
  };
}

/** The echo a careless server puts in its errors: the credential in each form. */
function echo(authorization: string): string {
  const token = authorization.replace(/^\S+\s+/, '');
  return [
    `invalid token '${token}'`,
    encodeURIComponent(token),
    Buffer.from(authorization).toString('base64'),
    Buffer.from(`user:${token}`).toString('base64'),
    Buffer.from(`${token}:`).toString('base64'),
    token.toUpperCase(),
  ].join(' | ');
}

describe('a server that echoes credentials', () => {
  it('leaves no form of either key in any file of the run or on the console, and is judged on what it sent', async () => {
    const run = await runAgainst(
      async (x) => {
        const a = await x.upstream();
        const auth = x.req.headers.authorization ?? '';
        const headers = { ...a.headers, 'x-echo': echo(auth) };
        if (a.status >= 400 && a.body.length > 0) {
          const body = JSON.parse(a.body.toString()) as Record<string, unknown>;
          body.message = `${String(body.message)}: ${echo(auth)}`;
          body.detail = { authorization: auth, url: x.req.target };
          return x.reply({ ...a, headers, body: Buffer.from(JSON.stringify(body)) });
        }
        x.reply({ ...a, headers });
      },
      // The key in a query string too, so every place a key can travel is echoed back.
      ['--allow-key-in-url'],
      { ORDER_STORE_SECOND_API_KEY: SECOND_KEY },
    );
    expect(reportProblems(run)).toEqual([]);
    // The echoed Error bodies are valid Errors: judged as received, not as their redacted copies.
    expect(run.report?.verdict, said(run)).toBe('conformant');
    expect(run.files.map((f) => f.path.split('/').pop()).sort()).toEqual(
      expect.arrayContaining(['report.json', 'junit.xml', 'report.html', 'transcript.har']),
    );
    const places = [{ path: 'stdout', text: run.stdout }, { path: 'stderr', text: run.stderr }, ...run.files];
    const found: string[] = [];
    for (const key of [KEY, SECOND_KEY]) {
      const all = {
        ...forms(key),
        ...Object.fromEntries(base64Cores(key).map((c, i) => [`base64 core ${i}`, c])),
      };
      for (const [name, form] of Object.entries(all))
        for (const p of places) if (p.text.includes(form)) found.push(`${name} of a key in ${p.path}`);
    }
    expect(found).toEqual([]);
    // Decoding every base64 run of every output gives back no two consecutive characters of either key.
    const leaks = [KEY, SECOND_KEY].flatMap((key) =>
      places.flatMap((p) => keyLeaks(p.text, key).map((l) => `${p.path.split('/').pop()}: ${l}`)),
    );
    expect(leaks).toEqual([]);
    expect(run.server.requests.some((r) => r.target.includes('api_key='))).toBe(true);
    // The reproductions still rebuild the key from the environment.
    expect(run.files.find((f) => f.path.endsWith('report.json'))?.text).toContain('$ORDER_STORE_API_KEY');
  }, 120_000);

  it('puts the live key in no URL without --allow-key-in-url, a loopback target included', async () => {
    const run = await runAgainst(async (x) => x.reply(await x.upstream()));
    expect(reportProblems(run)).toEqual([]);
    const inUrl = run.server.requests.filter((r) =>
      [KEY, encodeURIComponent(KEY), KEY.slice(0, 20)].some((f) => r.target.includes(f)),
    );
    expect(inUrl.map((r) => r.target)).toEqual([]);
    expect(run.report!.evaluation.notEvaluated.find((n) => n.id === 'AUTH-QUERY-KEY-401')).toMatchObject({
      setting: 'allowKeyInUrl',
      reason: expect.stringMatching(/live key in a URL.*--allow-key-in-url/),
    });
    expect(run.stdout).toMatch(/left out: .*AUTH-QUERY-KEY-401.*--allow-key-in-url/);
  });
});
