// The path spellings are safe and what they say: every spelling of a cancel, read the most lenient way a
// router could (decoded twice, path parameters dropped, dots resolved, slashes collapsed, case folded), is the
// cancel of the same absent id, never the collection nor another number; each differs from the path as
// written; and the sample meets what the issue asks (a trailing slash on every operation, each kind once).
import { describe, expect, it } from 'vitest';
import { ALL_KINDS, OTHER_KINDS, type PathParts } from './path-spellings.ts';
import { keyedSlots, refusalSlots } from './paths.ts';

/** The path a lenient router may read a spelling as. */
function lenientReading(path: string): string {
  let p = path;
  for (let i = 0; i < 2; i++)
    try {
      p = decodeURIComponent(p);
    } catch {
      break;
    }
  const out: string[] = [];
  for (const raw of p.split('/')) {
    const seg = raw.split(';')[0]!;
    if (seg === '' || seg === '.') continue;
    if (seg === '..') out.pop();
    else out.push(seg.toLowerCase());
  }
  return `/${out.join('/')}`;
}

const OPS: Record<string, PathParts> = {
  list: { fixed: ['store', 'orders'] },
  cancel: { fixed: ['store', 'orders'], id: '4611686018427387904' },
  pets: { fixed: ['pets'], id: '101' },
};
const CANONICAL: Record<string, string> = {
  list: '/store/orders',
  cancel: '/store/orders/4611686018427387904',
  pets: '/pets/101',
};

describe('path spellings', () => {
  it('are read, however leniently, as their own operation, and a cancel names only its absent id', () => {
    expect(ALL_KINDS.flatMap((k) => k.cases).length * Object.keys(OPS).length).toBeGreaterThan(0);
    for (const kind of ALL_KINDS)
      for (const spelling of kind.cases)
        for (const [op, parts] of Object.entries(OPS)) {
          const path = spelling.spell(parts);
          const what = `${op} ${spelling.name}: ${path}`;
          expect(path, what).not.toBe(CANONICAL[op]);
          expect(path.startsWith('/'), what).toBe(true);
          expect(lenientReading(path), what).toBe(CANONICAL[op]);
          if (op === 'cancel') {
            // No reading loses the id (the collection) or carries another number.
            expect(lenientReading(path).match(/\d+/g), what).toEqual([parts.id]);
          }
        }
  });

  it('send a trailing slash on every operation and each other kind once by default; everything with --exhaustive', () => {
    for (let seed = 0; seed < 30; seed++) {
      const sample = refusalSlots(seed, false);
      expect(sample.filter((s) => s.kind === 'a trailing slash').map((s) => s.op)).toEqual([
        'list',
        'cancel',
        'pets',
      ]);
      expect(sample.filter((s) => s.kind !== 'a trailing slash').map((s) => s.kind)).toEqual(
        OTHER_KINDS.map((k) => k.name),
      );
      expect(keyedSlots(seed, false)).toHaveLength(1);
    }
    const cases = ALL_KINDS.reduce((n, k) => n + k.cases.length, 0);
    expect(refusalSlots(1, true)).toHaveLength(cases * 3);
    expect(keyedSlots(1, true)).toHaveLength(cases * 3);
  });
});
