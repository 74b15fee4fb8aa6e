import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { curlCommand, curlOnOneConnection, curlUntil } from './curl.ts';
import { Redactor } from './redact.ts';

const KEY = 'osk_curl_test_key_123';
const redactor = new Redactor();
redactor.addKey(KEY, 'ORDER_STORE_API_KEY');
const request = {
  method: 'DELETE',
  url: 'http://127.0.0.1:1/v1/store/orders/5',
  headers: { authorization: redactor.redact(`Bearer ${KEY}`) },
};

describe('curl reproductions', () => {
  it('send requests one after the other on one connection with --next, the key as its variable', () => {
    const first = { ...request, method: 'GET', url: 'http://127.0.0.1:1/v1/store/orders' };
    const line = curlOnOneConnection([first, request], redactor.expressions());
    expect(line).toMatch(
      /^curl -sS -i --globoff --path-as-is -H "authorization: Bearer \$ORDER_STORE_API_KEY" "http:\/\/127\.0\.0\.1:1\/v1\/store\/orders" --next -sS -i --globoff --path-as-is -X DELETE /,
    );
    expect(line).not.toContain(KEY);
    execFileSync('sh', ['-n', '-c', line]);
  });

  it('send a request’s content with its method named, curl writing the Content-Length itself', () => {
    const first = {
      method: 'GET',
      url: 'http://127.0.0.1:1/v1/store/orders',
      headers: { ...request.headers, 'content-length': '2' },
      content: '{}',
    };
    const plain = { ...request, method: 'GET', url: first.url };
    const line = curlOnOneConnection([first, plain], redactor.expressions());
    expect(line).toBe(
      'curl -sS -i --globoff --path-as-is -X GET -H "authorization: Bearer $ORDER_STORE_API_KEY" --data-binary "{}" "http://127.0.0.1:1/v1/store/orders" --next -sS -i --globoff --path-as-is -H "authorization: Bearer $ORDER_STORE_API_KEY" "http://127.0.0.1:1/v1/store/orders"',
    );
    execFileSync('sh', ['-n', '-c', line]);
  });

  it('are POSIX sh: the probe loop parses under sh -n and is bounded; no GNU-only base64 -w0', () => {
    const loop = curlUntil(request, redactor.expressions(), 429, 63);
    expect(loop).toMatch(/^n=0; while \[ "\$n" -lt 63 \]; do/);
    expect(loop).toContain('"authorization: Bearer $ORDER_STORE_API_KEY"');
    expect(loop).toContain('if [ "$code" = 429 ]; then');
    execFileSync('sh', ['-n', '-c', loop]);
    const recovery = curlUntil(request, redactor.expressions(), 429, 63, 8.2);
    expect(recovery).toMatch(/; done ; sleep 9; curl -sS -i .*"authorization: Bearer \$ORDER_STORE_API_KEY"/);
    execFileSync('sh', ['-n', '-c', recovery]);
    const basic = redactor.redact(`Basic ${Buffer.from(`${KEY}:`).toString('base64')}`);
    const line = curlCommand({ ...request, headers: { authorization: basic } }, redactor.expressions());
    expect(line).not.toContain('-w0');
    expect(line).toContain(`$(printf '%s:' "$ORDER_STORE_API_KEY" | base64 | tr -d '\\n')`);
    execFileSync('sh', ['-n', '-c', line]);
    // The shell rebuilds the same credential the run sent.
    const rebuilt = execFileSync(
      'sh',
      ['-c', `printf '%s' "$(printf '%s:' "$ORDER_STORE_API_KEY" | base64 | tr -d '\\n')"`],
      {
        env: { PATH: process.env.PATH ?? '', ORDER_STORE_API_KEY: KEY },
        encoding: 'utf8',
      },
    );
    expect(rebuilt).toBe(Buffer.from(`${KEY}:`).toString('base64'));
  });
});
