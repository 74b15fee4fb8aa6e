import { execFileSync } from 'node:child_process';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { keyLeaks } from '../../test/support/base64-leaks.ts';
import { curlCommand } from './curl.ts';
import { base64Cores, KEY_VARIABLE, REDACTED, Redactor } from './redact.ts';
import { runPattern } from './redact-patterns.ts';

const KEY = 'osk_live_AbC/12+x=yz';

describe('Redactor', () => {
  it('replaces the key, its URL-encoded form and derived secrets by shell expressions', () => {
    const r = new Redactor();
    r.addKey(KEY, KEY_VARIABLE);

    expect(r.redact(`Bearer ${KEY}`)).toBe('Bearer $ORDER_STORE_API_KEY');
    expect(r.redact(`?api_key=${encodeURIComponent(KEY)}`)).toBe('?api_key=$ORDER_STORE_API_KEY');
    expect(r.redact(`Basic ${Buffer.from(`${KEY}:`).toString('base64')}`)).toBe(
      `Basic $(printf '%s:' "$${KEY_VARIABLE}" | base64 | tr -d '\\n')`,
    );
    expect(r.redactHeaders({ 'x-echo': [KEY, 'ok'], skip: undefined })).toEqual({
      'x-echo': ['$ORDER_STORE_API_KEY', 'ok'],
    });
  });

  it('finds the key in every form a server or a writer may give it back', () => {
    const r = new Redactor();
    r.addKey(KEY, KEY_VARIABLE);
    const b64 = (s: string) => Buffer.from(s).toString('base64');
    const forms = [
      KEY,
      JSON.stringify(KEY).slice(1, -1),
      KEY.replace(/\//g, '\\/'), // JSON with escaped solidus
      JSON.stringify(JSON.stringify(KEY.replace(/\//g, '\\/'))), // a JSON body inside a JSON string
      [...KEY].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join(''),
      encodeURIComponent(KEY),
      encodeURIComponent(KEY).toLowerCase(),
      encodeURIComponent(encodeURIComponent(KEY)),
      KEY.replace(/\//g, '&#47;').replace(/\+/g, '&#x2B;'),
      KEY.toUpperCase(),
      b64(KEY),
      b64(`Bearer ${KEY}`),
      b64(`user:${KEY}`),
      b64(`x${KEY}yz`),
      b64(`${KEY}:`),
      b64(`Bearer ${KEY}`).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''),
    ];
    for (const form of forms) {
      const out = r.redact(`before ${form} after`);
      expect(out, form).not.toContain(form);
      expect(out.startsWith('before ') && out.endsWith(' after'), form).toBe(true);
    }
    expect(r.redact(`{"token":"${KEY}"}`)).toBe('{"token":"$ORDER_STORE_API_KEY"}');
    // A long text (a report, a transcript) is redacted run by run: each form, among noise and other forms in
    // one JSON document far over the run-by-run length, is replaced exactly as it is alone.
    const noise = JSON.stringify({ ids: Array.from({ length: 400 }, (_, i) => i), url: '/v1/a%20b' });
    const alone = forms.map((f) => r.redact(`"${f}"`));
    const long = forms.map((f) => `${noise}, "${f}"`).join(',\n');
    expect(long.length).toBeGreaterThan(10 * 2048);
    expect(r.redact(long)).toBe(forms.map((_, i) => `${noise}, ${alone[i]}`).join(',\n'));
  });

  it('registers extra secrets (altered forms a check sends) with their own expression or a placeholder', () => {
    const r = new Redactor();
    r.addKey(KEY, KEY_VARIABLE);
    const truncated = `\${${KEY_VARIABLE}%?}`;
    r.addSecret(KEY.slice(0, -1), truncated);
    r.addSecret(`${KEY}Z`);
    expect(r.redact(`a ${KEY.slice(0, -1)} b`)).toBe(`a ${truncated} b`);
    expect(r.redact(`a ${KEY}Z b`)).toBe(`a ${REDACTED} b`);
    expect(r.redact(`a ${KEY} b`)).toBe('a $ORDER_STORE_API_KEY b');
    expect(r.expressions()).toContain(truncated);
  });

  it('never cuts a recorded body through a secret, nor leaves a body ending partway into one', () => {
    const r = new Redactor();
    r.addKey(KEY, KEY_VARIABLE);
    const body = `xxxx${KEY}yyyy`;
    expect(body.length).toBeGreaterThan(KEY.length);
    for (let n = 0; n <= body.length; n++) {
      const out = r.redactCut(body, n);
      expect(out.length).toBeLessThanOrEqual(n + '$ORDER_STORE_API_KEY'.length);
      for (let k = 4; k < KEY.length; k++) expect(out, `cut ${n}`).not.toContain(KEY.slice(0, k));
    }
  });

  it('base64 cores match the key at every alignment', () => {
    for (const prefix of ['', 'a', 'ab', 'Bearer ', 'user:'])
      expect(
        base64Cores(KEY).some((c) => Buffer.from(`${prefix}${KEY}!`).toString('base64').includes(c)),
      ).toBe(true);
  });

  it('passes over only texts that hold no form of a secret (the cheap test before the large expression)', () => {
    const hex = (n: number, width: number) => n.toString(16).padStart(width, '0');
    // One character of a secret in one of the ways a form may write it.
    const writes = (c: string): string[] => {
      const code = c.charCodeAt(0);
      return [
        c,
        c.toUpperCase(),
        c.toLowerCase(),
        `%${hex(code, 2).toUpperCase()}`,
        `%25${hex(code, 2)}`,
        `\\u${hex(code, 4)}`,
        `\\\\\\u${hex(code, 4).toUpperCase()}`,
        `&#x${hex(code, 1)};`,
        `&#${code};`,
        ...('/"\\'.includes(c) ? [`\\${c}`] : []),
      ];
    };
    const token68 = fc.stringMatching(/^[A-Za-z0-9._~+/-]{8,40}$/);
    const encoded = token68.chain((key) =>
      fc.tuple(
        fc.constant(key),
        fc.oneof(
          fc.tuple(...[...key].map((c) => fc.constantFrom(...writes(c)))).map((parts) => parts.join('')),
          fc
            .tuple(fc.string({ maxLength: 3 }), fc.string({ maxLength: 3 }))
            .map(([a, b]) => Buffer.from(`${a}${key}${b}`).toString('base64')),
        ),
      ),
    );
    fc.assert(
      fc.property(
        encoded,
        fc.string({ maxLength: 20 }),
        fc.string({ maxLength: 20 }),
        ([key, form], a, b) => {
          const r = new Redactor();
          r.addKey(key, KEY_VARIABLE);
          const text = `${a}${form}${b}`;
          expect(r.mayHold(text)).toBe(true);
          expect(r.redact(text)).not.toContain(form);
        },
      ),
      { numRuns: 300, seed: 7 },
    );
    const r = new Redactor();
    r.addKey(KEY, KEY_VARIABLE);
    expect(r.mayHold('{"id":9007199254740993,"status":"pending","shipDate":"2026-01-01T00:00:00Z"}')).toBe(
      false,
    );
    expect(r.mayHold(`x-ratelimit-remaining: 59, ${KEY.slice(0, -1)}`)).toBe(false);
    expect(r.mayHold(`x ${KEY.toUpperCase()} x`)).toBe(true);
    expect(r.mayHold('100%25 sure')).toBe(true);
  });

  it('redacts a long text exactly as run by run, though it tries only the runs that hold a needle', () => {
    const b64 = (s: string) => Buffer.from(s).toString('base64');
    const token68 = fc.stringMatching(/^[A-Za-z0-9._~+/-]{8,40}$/);
    // Records as a report or a transcript holds them: a form of the key (escaped, cased, in base64), or noise.
    const record = (key: string) =>
      fc.oneof(
        fc.constantFrom(
          key,
          key.toUpperCase(),
          encodeURIComponent(key),
          encodeURIComponent(encodeURIComponent(key)).toLowerCase(),
          [...key].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join(''),
          [...key].map((c) => `&#${c.charCodeAt(0)};`).join(''),
          b64(`Bearer ${key}`),
          b64(`:${key}`).toLowerCase(),
          encodeURIComponent(b64(`x${key}`)),
          key.slice(1, -1),
        ),
        fc.string({ maxLength: 60 }),
        fc.constantFrom('&#34;code&#34;:&#34;UNAUTHORIZED&#34;', '/v1/a%20b'),
      );
    const long = token68.chain((key) =>
      fc.tuple(fc.constant(key), fc.array(record(key), { minLength: 120, maxLength: 200 })),
    );
    fc.assert(
      // A character longer in lower case (U+0130) takes the slow way.
      fc.property(long, fc.constantFrom(' ', '\n', '","', '&'), fc.boolean(), ([key, records], glue, dot) => {
        const r = new Redactor();
        r.addKey(key, KEY_VARIABLE);
        const text = `${records.join(glue).padEnd(4096, '.')}${dot ? 'İ' : ''}`;
        const alone = new Redactor();
        alone.addKey(key, KEY_VARIABLE);
        const runs = runPattern([key, b64(`${key}:`), b64(`:${key}`)]);
        const out = r.redact(text);
        expect(out).toBe(text.replace(runs, (run) => alone.redact(run)));
        expect(out.toLowerCase()).not.toContain(key.toLowerCase());
      }),
      { numRuns: 60, seed: 11 },
    );
  });

  it('reads escapes of other characters as no reason to look for escaped forms, and still finds them', () => {
    const r = new Redactor();
    r.addKey(KEY, KEY_VARIABLE);
    const one = (c: string, i: number) => (i % 3 === 0 ? `&#x${c.charCodeAt(0).toString(16)};` : c);
    const partly = [...KEY].map(one).join('');
    for (const form of [KEY, partly, encodeURIComponent(KEY), KEY.replace('k', '\\u006b')]) {
      const html = `&#34;token&#34;:&#34;${form}&#34; %20 \\u003c`;
      expect(r.redact(html), form).toBe('&#34;token&#34;:&#34;$ORDER_STORE_API_KEY&#34; %20 \\u003c');
      expect(r.redact(`${html} ${'&#34;x&#34; '.repeat(40)}`), form).not.toContain(form);
    }
  });

  it('forgets what it redacted when a secret is added', () => {
    const r = new Redactor();
    r.addKey(KEY, KEY_VARIABLE);
    const text = `a osk_other_Secret b ${'x '.repeat(2000)} osk_other_Secret`;
    expect(r.redact(text)).toBe(text);
    r.addSecret('osk_other_Secret', '$OTHER');
    expect(r.redact(text)).not.toContain('osk_other_Secret');
    expect(r.redact('a osk_other_Secret b')).toBe('a $OTHER b');
  });

  it('ignores secrets too short to redact safely', () => {
    const r = new Redactor([{ value: 'ab', expression: '$X' }]);
    expect(r.redact('abab')).toBe('abab');
  });
});

describe('curlCommand', () => {
  it('leaves the key expression for the shell to expand and escapes everything else', () => {
    const r = new Redactor();
    r.addKey(KEY, KEY_VARIABLE);
    const basic = Buffer.from(`${KEY}:`).toString('base64');
    r.add({ value: basic, expression: `$(printf '%s:' "$${KEY_VARIABLE}" | base64 | tr -d '\\n')` });
    const cmd = curlCommand(
      {
        method: 'DELETE',
        url: r.redact('http://127.0.0.1:1/v1/store/orders/$(touch pwned)`x`"q"'),
        headers: { authorization: r.redact(`Basic ${basic}`), 'x-other': r.redact(`Bearer ${KEY}`) },
      },
      r.expressions(),
    );
    expect(cmd).not.toContain(KEY);
    expect(cmd.startsWith('curl -sS -i --globoff --path-as-is -X DELETE ')).toBe(true);
    // Let a real shell expand the arguments (echo instead of curl) and compare with what was sent.
    const echoed = execFileSync('bash', ['-c', `printf '%s\\n' ${cmd.replace(/^curl /, '')}`], {
      env: { PATH: process.env.PATH ?? '', [KEY_VARIABLE]: KEY },
    }).toString();
    expect(echoed).toContain(`authorization: Basic ${basic}\n`);
    expect(echoed).toContain(`x-other: Bearer ${KEY}\n`);
    expect(echoed).toContain('http://127.0.0.1:1/v1/store/orders/$(touch pwned)`x`"q"\n');
  });
});

describe('Redactor and base64', () => {
  const b64 = (s: string) => Buffer.from(s).toString('base64');
  const urlSafe = (s: string) => b64(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  const keys = [KEY, 'osk_live_H0stile+Key/AbCdEf-0123456789.xyz~==', 'abcdefgh', 'Zz9-_.~+/Zz9-_.~+/Q'];

  it('leaves no two consecutive characters of a key in any base64 that holds it, at any alignment', () => {
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      const r = new Redactor();
      r.addKey(key, KEY_VARIABLE);
      const wrap = [
        (k: string) => `:${k}`,
        (k: string) => `${k}:`,
        (k: string) => `user:${k}`,
        (k: string) => `Bearer ${k}`,
        (k: string) => `x${k}`,
        (k: string) => `xy${k}`,
        (k: string) => `${k}x`,
        (k: string) => `${k}xy`,
        (k: string) => `{"authorization":"Bearer ${k}","n":1}`,
      ];
      for (const w of wrap)
        for (const encoded of [
          b64(w(key)),
          urlSafe(w(key)),
          encodeURIComponent(b64(w(key))),
          b64(w(key)).toUpperCase(),
          b64(w(key)).toLowerCase(),
        ])
          for (const shown of [encoded, JSON.stringify(encoded).replace(/\//g, '\\/'), `Basic ${encoded}`]) {
            const out = r.redact(`echo ${shown} end`);
            expect(keyLeaks(out, key), `${w('K')} as ${shown}: ${out}`).toEqual([]);
            expect(out, shown).toMatch(/^echo .* end$/);
          }
    }
  });

  it('redacts both Basic credentials whole, with the expression that rebuilds each', () => {
    const r = new Redactor();
    r.addKey(KEY, KEY_VARIABLE);
    expect(r.redact(`Basic ${b64(`:${KEY}`)}`)).toBe(
      `Basic $(printf ':%s' "$${KEY_VARIABLE}" | base64 | tr -d '\\n')`,
    );
  });

  it('the leak finder finds what redaction before this fix left: the last quantum of base64(:key)', () => {
    // 1 + 43 bytes: the last quantum holds the key's last two characters, "zw".
    const key = 'osk_live_H0stile+Key/AbCdEf-0123456789.xyzw';
    const encoded = b64(`:${key}`);
    const core = base64Cores(key).find((c) => encoded.includes(c))!;
    const leftover = encoded.replace(core, '[base64 of ORDER_STORE_API_KEY]');
    const tail = leftover.split(']')[1]!;
    expect(Buffer.from(tail, 'base64').toString()).toBe('zw');
    expect(keyLeaks(`Basic ${leftover}`, key)).toEqual([`"${tail}" decodes to "zw"`]);
  });
});
