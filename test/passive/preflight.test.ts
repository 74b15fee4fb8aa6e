// A recording's OPTIONS: a browser's CORS preflight is left out, a client's own OPTIONS (the request surface
// sends them) is judged like any other request.
import { describe, expect, it } from 'vitest';
import { chooseBase } from '../../engine/traffic-base.ts';
import type { RecordedEntry } from '../../lib/formats/har.ts';

const entry = (method: string, requestHeaders: Array<[string, string]> = []): RecordedEntry => ({
  source: method,
  startedMs: 0,
  durationMs: 1,
  method,
  url: 'https://api.example.com/v1/store/orders',
  requestHeaders,
  status: 405,
  responseHeaders: [],
  bodyBytes: 0,
  bodyWhole: true,
  ours: {},
});

describe('OPTIONS in a recording', () => {
  it('leaves out a CORS preflight and keeps a client OPTIONS', () => {
    const preflight = entry('OPTIONS', [['Access-Control-Request-Method', 'DELETE']]);
    const own = entry('OPTIONS', [['Authorization', 'Bearer x']]);
    const got = chooseBase([entry('GET'), preflight, own], 'https://api.example.com/v1');
    expect(got.entries).toEqual([entry('GET'), own]);
    expect(got.leftOut).toBe(1);
  });
});
