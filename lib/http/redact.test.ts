import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { curlCommand } from './curl.ts';
import { KEY_VARIABLE, Redactor } from './redact.ts';

const KEY = 'osk_live_AbC/12+x=yz';

describe('Redactor', () => {
  it('replaces the key, its URL-encoded form and derived secrets by shell expressions', () => {
    const r = new Redactor();
    r.addKey(KEY, KEY_VARIABLE);
    r.add({ value: Buffer.from(`${KEY}:`).toString('base64'), expression: '$(basic)' });
    expect(r.redact(`Bearer ${KEY}`)).toBe('Bearer $ORDER_STORE_API_KEY');
    expect(r.redact(`?api_key=${encodeURIComponent(KEY)}`)).toBe('?api_key=$ORDER_STORE_API_KEY');
    expect(r.redact(`Basic ${Buffer.from(`${KEY}:`).toString('base64')}`)).toBe('Basic $(basic)');
    expect(r.redactHeaders({ 'x-echo': [KEY, 'ok'], skip: undefined })).toEqual({
      'x-echo': ['$ORDER_STORE_API_KEY', 'ok'],
    });
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
    r.add({ value: basic, expression: `$(printf '%s:' "$${KEY_VARIABLE}" | base64 -w0)` });
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
