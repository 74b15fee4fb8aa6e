// The cancel checks' texts say what their judges judge: a 204 with Content-Length: 0 fails
// CANCEL-204-NO-CONTENT (RFC 9110 §8.6 forbids the field on a 204), so its requirement allows no such field.
import { describe, expect, it } from 'vitest';
import { ALL_CHECKS } from '../index.ts';

describe('CANCEL-204-NO-CONTENT', () => {
  const c = ALL_CHECKS.find((x) => x.id === 'CANCEL-204-NO-CONTENT')!;

  it('requires no Content-Length at all on a 204, as its basis and its judge have it', () => {
    expect(c.requirement).not.toMatch(/other than 0/);
    expect(c.requirement).toMatch(/not even Content-Length: 0/);
    expect(c.basis?.map((b) => b.text).join(' ')).toMatch(/MUST NOT send a Content-Length header field/);
  });
});
