// RL-HEADERS-PRESENT, -VALID and -RESET-UNIX-SECONDS and HTTP-DATE-UTC over a recording whose answers carry
// each header as a server may: all three once, one missing, a value that is no integer, a negative one, a
// fraction, Remaining above Limit, a field on two lines, a Reset in milliseconds, a Date hours off.
import { describe, expect, it } from 'vitest';
import { judgeTraffic, type TrafficExchange } from '../../api/index.ts';

const T0 = Date.UTC(2026, 10, 22, 10, 0, 0);
const RESET = T0 / 1000 + 60;
const KEY = 'osk_values_test_key_1234';

function answer(i: number, headers: Record<string, string | string[]>): TrafficExchange {
  const sent = T0 + i * 100;
  return {
    startedAt: new Date(sent),
    durationMs: 5,
    request: {
      method: 'GET',
      url: 'http://127.0.0.1:9/v1/store/orders',
      headers: { authorization: `Bearer ${KEY}` },
    },
    response: {
      status: 200,
      headers: { 'content-type': 'application/json', date: new Date(sent).toUTCString(), ...headers },
      body: '[]',
    },
  };
}

const three = (remaining: string, more: Record<string, string | string[]> = {}) => ({
  'x-ratelimit-limit': '60',
  'x-ratelimit-remaining': remaining,
  'x-ratelimit-reset': String(RESET),
  ...more,
});

async function judged(xs: TrafficExchange[]) {
  const report = await judgeTraffic(xs, { apiKey: KEY, only: ['RL-HEADERS', 'HTTP-DATE'] });
  // Each check's status, message and details: every offence grouped, with the exchanges it was seen on.
  return new Map(
    report.checks.map((c) => [c.id, `${c.status}: ${c.message} ${JSON.stringify(c.details ?? [])}`]),
  );
}

describe('the rate-limit header values, every response read', () => {
  it('passes answers that carry all three, whole, within Limit, with Dates on the run clock', async () => {
    const checks = await judged([answer(0, three('59')), answer(1, three('58')), answer(2, three('57'))]);
    expect(checks.get('RL-HEADERS-PRESENT')).toMatch(/^pass: all three headers on every response \(3 /);
    expect(checks.get('RL-HEADERS-VALID')).toMatch(/^pass: integers, Remaining within Limit/);
    expect(checks.get('RL-HEADERS-RESET-UNIX-SECONDS')).toMatch(/^pass: Unix seconds everywhere \(3 /);
    expect(checks.get('HTTP-DATE-UTC')).toMatch(/^pass: /);
  });

  it('finds each offence on the answer that carries it, a field on two lines judged line by line', async () => {
    const checks = await judged([
      answer(0, three('59')),
      answer(1, { 'x-ratelimit-limit': '60', 'x-ratelimit-reset': String(RESET) }),
      answer(2, three('many')),
      answer(3, three('-1')),
      answer(4, three('61')),
      answer(5, three('55', { 'x-ratelimit-limit': ['60', 'sixty'] })),
      answer(6, three('54', { 'x-ratelimit-reset': `${RESET}.5` })),
      answer(7, three('53', { 'x-ratelimit-reset': String(RESET * 1000) })),
    ]);
    expect(checks.get('RL-HEADERS-PRESENT')).toMatch(/^fail: .*X-RateLimit-Remaining missing/);
    const valid = checks.get('RL-HEADERS-VALID')!;
    expect(valid).toMatch(/^fail: /);
    // The two lines of Limit: each judged, and the two never compared with Remaining as one value.
    for (const problem of [
      'X-RateLimit-Remaining is not an integer',
      'X-RateLimit-Remaining is negative',
      'X-RateLimit-Remaining is above X-RateLimit-Limit',
      'X-RateLimit-Limit is not an integer',
    ])
      expect(valid).toContain(`${problem}: 1 of 8 responses`);
    expect(valid).toContain('X-RateLimit-Reset carries a fraction of a second on 1 responses');
    expect(checks.get('RL-HEADERS-RESET-UNIX-SECONDS')).toMatch(/^fail: .*Unix milliseconds/);
  });
});
