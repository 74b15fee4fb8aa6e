// Unit tests of the reading of 401s between the key's answers (keyless-counted.ts), on synthetic exchanges:
// a limit per address takes one from the key's count for each 401; a limit per key takes none.
import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../../lib/http/transcript.ts';
import { keylessSteps, keylessWords } from './keyless-counted.ts';

const T0 = 1_800_000_000_000;

function x(seq: number, at: number, status: number, remaining: number, keyed: boolean): Exchange {
  return {
    seq,
    bucket: keyed ? 'primary' : 'anonymous',
    startedAt: new Date(at).toISOString(),
    durationMs: 5,
    request: { method: 'GET', url: 'http://127.0.0.1/v1/store/orders', headers: {} },
    response: {
      status,
      headers: {
        'x-ratelimit-limit': '60',
        'x-ratelimit-remaining': String(remaining),
        'x-ratelimit-reset': String(T0 / 1000 + 30),
      },
    },
  } as unknown as Exchange;
}

/** The key's list, `between` 401s, the key's list again, three times over; `shared`: one count for all. */
function run(between: number, shared: boolean): Exchange[] {
  const xs: Exchange[] = [];
  let left = 59;
  const send = (status: number, remaining: number, keyed: boolean) =>
    xs.push(x(xs.length + 1, T0 + 10 * (xs.length + 1), status, remaining, keyed));
  for (let round = 0; round < 3; round++) {
    send(200, left, true);
    for (let i = 0; i < between; i++) send(401, 59, false);
    left -= shared ? between + 1 : 1;
  }
  send(200, left, true);
  return xs;
}

describe('401s between the key’s answers', () => {
  it('read as taking from the key’s count under one limit per address', () => {
    const s = keylessSteps(run(2, true));
    expect(s).toMatchObject({ steps: 3, counted: 3, first: { refused: 2, fell: 3 } });
    expect(keylessWords(s)).toMatch(/on 3 of 3 steps across 401s/);
  });

  it('say nothing under a limit per key, or with no 401 between', () => {
    expect(keylessSteps(run(2, false))).toMatchObject({ steps: 3, counted: 0 });
    expect(keylessWords(keylessSteps(run(2, false)))).toBeUndefined();
    expect(keylessSteps(run(0, true)).steps).toBe(0);
  });
});
