// The vitest adapter's progress: one line per spec area as its checks complete, with their tally, so a
// minute-long run is not a minute of silence; nothing for the other lines of the run.
import { describe, expect, it } from 'vitest';
import { areaProgress } from './vitest.ts';

describe('areaProgress', () => {
  it('writes one line per area, once its checks are done', () => {
    const out: string[] = [];
    const p = areaProgress((l) => out.push(l));
    for (const line of [
      'order-store-conformance 0.1.0: 5 checks against http://x/v1',
      '  PASS  LIST-STATUS-200                    MUST   200',
      '  SKIP  LIST-HOLDS-FIXTURES                MUST   no order was given',
      '  … waiting 3 s (Retry-After, primary credential) before the next request',
      '  PASS  LIST-BODY-ARRAY                    MUST   a JSON array',
      '  FAIL  AUTH-MISSING-401                   MUST   200',
    ])
      p.onLog(line);
    expect(out).toEqual(['order-store-conformance: LIST done, 3 checks (2 pass, 1 skip)']);
    p.end();
    p.end();
    expect(out).toEqual([
      'order-store-conformance: LIST done, 3 checks (2 pass, 1 skip)',
      'order-store-conformance: AUTH done, 1 check (1 fail)',
    ]);
  });
});
