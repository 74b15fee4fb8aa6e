// The pairs left out of the masking matrix are computed from each fault's own declaration: the declarations
// name real faults and parts, the rules read them both ways, and the families they describe come out whole.
import { describe, expect, it } from 'vitest';
import { FAULTS } from '../../reference/server.ts';
import { FAULT_PROOFS } from './index.ts';
import { type Masking, masked, maskedPairs, PARTS } from './masking.ts';
import { EXCLUDED } from './pairs.ts';

const declared = Object.entries(FAULT_PROOFS).filter(([, p]) => p.masking) as Array<
  [string, { masking: Masking }]
>;
const ids = new Set(FAULTS.map((f) => f.id as string));
const key = (a: string, b: string) => [a, b].sort().join(' + ');

describe('masking declarations', () => {
  it('name only catalogued faults and known parts', () => {
    expect(declared.length).toBeGreaterThan(40);
    for (const [id, { masking }] of declared) {
      for (const other of Object.keys(masking.hides ?? {}))
        expect(ids, `${id} hides ${other}`).toContain(other);
      for (const part of [...(masking.bends ?? []), ...(masking.removes ?? []), ...(masking.reads ?? [])])
        expect(Object.keys(PARTS), `${id}: ${part}`).toContain(part);
    }
  });

  it('every part is declared by a fault that removes or bends it and one that bends or reads it', () => {
    expect(Object.keys(PARTS).length).toBeGreaterThan(10);
    for (const part of Object.keys(PARTS)) {
      const by = (k: keyof Masking) =>
        declared.filter(([, { masking }]) => (masking[k] as string[] | undefined)?.includes(part));
      expect(by('removes').length + by('bends').length, part).toBeGreaterThan(0);
      expect(by('bends').length + by('reads').length, part).toBeGreaterThan(0);
    }
  });

  it('reads a pair the same in either order', () => {
    expect(declared.length).toBeGreaterThan(1);
    for (const [a, { masking: ma }] of declared)
      for (const [b, { masking: mb }] of declared)
        if (a !== b) expect(masked(a, ma, b, mb).length > 0, key(a, b)).toBe(masked(b, mb, a, ma).length > 0);
  });

  it('leaves out every pair of a family that bends one part, and a remover with every reader', () => {
    const left = new Set(EXCLUDED.map(([a, b]) => key(a, b)));
    const resets = ['ms', 'delta', 'rolling', 'frozen', 'window-start'].map((s) => `ratelimit-reset-${s}`);
    for (const a of resets) for (const b of resets) if (a < b) expect(left, key(a, b)).toContain(key(a, b));
    const readers = declared.filter(([, { masking }]) => masking.reads?.includes('x-ratelimit'));
    expect(readers.length).toBeGreaterThan(10);
    for (const [b] of readers) expect(left).toContain(key('ratelimit-draft-fields-only', b));
    // And nothing else: two faults that only read one part both show.
    expect(left).not.toContain(key('ratelimit-reset-ms', 'ratelimit-limit-fixed-100'));
    expect(
      maskedPairs({
        a: { masking: { reads: ['date'] } },
        b: { masking: { reads: ['date'] } },
      }),
    ).toEqual([]);
  });
});
