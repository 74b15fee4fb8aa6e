// The vitest adapter's test names and how it reads -t: the check id and a short title, and a pattern that is
// the start of an id selects the checks whose id starts with it (vitest itself matches anywhere in a name).
import { describe, expect, it } from 'vitest';
import { listChecks } from './index.ts';
import { meantIds, shortTitle, testName } from './vitest.ts';

const ALL = listChecks();

/** What vitest's -t matches: the pattern anywhere in the full name (the describe block's name first). */
const matchedBy = (pattern: string) =>
  ALL.filter((c) => new RegExp(pattern).test(`conformance.test.ts order-store-conformance ${testName(c)}`));

describe('test names', () => {
  it('are the id and a short title, within a terminal line', () => {
    for (const c of ALL) {
      expect(testName(c).startsWith(`${c.id} `)).toBe(true);
      expect(testName(c).length, c.id).toBeLessThanOrEqual(c.id.length + 62);
    }
    expect(shortTitle('Sends DELETE /store/orders/{unknown} without credentials, twice')).toBe(
      'Sends DELETE /store/orders/{unknown} without credentials',
    );
  });

  it('are never cut inside quotes, parentheses or braces, nor at a colon inside them', () => {
    const balanced = (t: string) =>
      (t.match(/"/g) ?? []).length % 2 === 0 &&
      (t.match(/\(/g) ?? []).length === (t.match(/\)/g) ?? []).length &&
      (t.match(/\{/g) ?? []).length === (t.match(/\}/g) ?? []).length;
    expect(ALL.map((c) => testName(c)).filter((n) => !balanced(n))).toEqual([]);
    const accept = ALL.find((c) => c.id === 'LIST-JSON-ANY-ACCEPT')!;
    expect(testName(accept)).toMatch(/"Accept: \*\/\*"/);
    // A short title is kept whole; a long one keeps its last whole clause that fits, or ends in an ellipsis.
    expect(shortTitle('Sends GET /store/orders (no key)')).toBe('Sends GET /store/orders (no key)');
    expect(
      shortTitle(
        'Sends "Bearer <key>" with text before the token ("x ", "x", "Bearer ", no space after the scheme)',
      ),
    ).toBe('Sends "Bearer <key>" with text before the token');
  });
});

describe('-t by id', () => {
  it.each([
    ['LIST-', (id: string) => id.startsWith('LIST-')],
    ['LIST-IDS-', (id: string) => id.startsWith('LIST-IDS-')],
    ['ID-MALFORMED-4XX', (id: string) => id === 'ID-MALFORMED-4XX'],
    ['LIST-STATUS-200', (id: string) => id === 'LIST-STATUS-200'],
    ['STATE-LIST', (id: string) => id.startsWith('STATE-LIST')],
  ])('%s selects the ids that start with it', (pattern, meant) => {
    const matched = matchedBy(pattern);
    expect(meantIds(matched, ALL)).toEqual(ALL.filter((c) => meant(c.id)).map((c) => c.id));
  });

  it('a pattern that is no start of an id keeps what vitest matched', () => {
    for (const pattern of ['HEADERS', 'LIST-(STATUS|BODY)', '409']) {
      const matched = matchedBy(pattern);
      expect(matched.length, pattern).toBeGreaterThan(0);
      expect(meantIds(matched, ALL), pattern).toEqual(matched.map((c) => c.id));
    }
  });
});
