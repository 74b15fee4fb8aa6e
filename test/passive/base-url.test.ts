// The base URL a passive judge reads a recording under: found from the operations' paths, or given.
import { describe, expect, it } from 'vitest';
import { chooseBase } from '../../engine/traffic-base.ts';
import type { RecordedEntry } from '../../lib/formats/har.ts';

const at = (url: string, startedMs = 0): RecordedEntry => ({
  source: url,
  startedMs,
  durationMs: 1,
  method: 'GET',
  url,
  requestHeaders: [],
  status: 200,
  responseHeaders: [],
  bodyBytes: 0,
  bodyWhole: true,
  ours: {},
});

describe('the base URL of a recording', () => {
  it('is found from the paths of the operations, the spec’s /v1 one winning over spellings of it', () => {
    const got = chooseBase(
      [
        at('https://app.example.com/index.html'),
        at('https://api.example.com/v1/store/orders', 3),
        at('https://api.example.com/v1//store/orders', 2),
        at('https://api.example.com/v1/pets/7', 1),
      ],
      undefined,
    );
    expect(got.baseUrl).toBe('https://api.example.com/v1');
    expect(got.inferred).toBe(true);
    expect(got.leftOut).toBe(1);
    // In the order sent, whatever the recording's order.
    expect(got.entries.map((e) => e.startedMs)).toEqual([1, 2, 3]);
  });

  it('is the one given, checked as a run checks it', () => {
    const got = chooseBase([at('https://a.example/api/v1/store/orders')], 'https://a.example/api/v1/');
    expect(got).toMatchObject({ baseUrl: 'https://a.example/api/v1', inferred: false });
    expect(() => chooseBase([at('https://a.example/v1/store/orders')], 'https://a.example/v2')).toThrow(
      /\/v1/,
    );
  });

  it('is refused when the recording holds the API under several, or none, saying what it holds', () => {
    expect(() =>
      chooseBase(
        [at('https://a.example/v1/store/orders'), at('https://b.example/v1/store/orders')],
        undefined,
      ),
    ).toThrow(
      /under 2 base URLs: https:\/\/a\.example\/v1 \(1 requests\), https:\/\/b\.example\/v1 \(1 requests\); say which to judge with ⟦env:baseUrl⟧/,
    );
    expect(() => chooseBase([at('https://a.example/index.html')], undefined)).toThrow(
      /no request of the recording is one of the API's/,
    );
    expect(() => chooseBase([at('https://a.example/store/orders')], undefined)).toThrow(
      /whose path does not end in \/v1/,
    );
    expect(() => chooseBase([at('https://a.example/v1/store/orders')], 'https://b.example/v1')).toThrow(
      /no request of the recording is under https:\/\/b\.example\/v1/,
    );
  });
});
