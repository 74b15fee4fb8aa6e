// The orderId case generators: edges of the absent-id property, malformed segments (never canonical, never
// naming a cancellable order under an independent lenient oracle), fixture spellings and the isolation pair.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isCanonicalInt64 } from '../../lib/formats/int64.ts';
import { namedIds } from '../kit/id-readings.ts';
import { isolationPair } from '../kit/isolation-pair.ts';
import { admissibleAbsent, KnownOrders } from '../kit/known-orders.ts';
import { absentArbitrary, absentEdges, MAX_NEIGHBOUR_BASES, MAX_NEIGHBOUR_EDGES } from './absent.ts';
import { ALL_VARIANTS, KIND_NAMES, kindOf, SPELLING_KINDS, spell } from './catalogue.ts';
import { FixturePool } from './fixtures.ts';
import {
  absentCase,
  admissibleMalformed,
  MALFORMED_KINDS,
  malformedArbitrary,
  malformedSegment,
} from './malformed.ts';
import { sampleVariant } from './spelling.ts';

const PENDING = ['1', '2', '3', '7', '9007199254740992', '9007199254740993'];
const SHIPPED = ['42', '9223372036854775807'];
const REFERENCE = new KnownOrders([...PENDING, ...SHIPPED], PENDING, SHIPPED);

/** Written apart from kit/id-readings.ts: the readings the issue names, as a server would apply them. */
function oracle(raw: string): bigint[] {
  const out: bigint[] = [];
  let text = raw;
  try {
    text = decodeURIComponent(raw);
  } catch {}
  for (const t of [raw, text]) {
    const n = Number(t);
    if (Number.isFinite(n)) out.push(BigInt(Math.trunc(n)));
    const p = parseInt(t, 10);
    if (Number.isFinite(p)) out.push(BigInt(p));
    try {
      out.push(BigInt(t.trim()));
    } catch {}
    const hex = /^\s*0x([0-9a-f]+)/i.exec(t);
    if (hex) out.push(BigInt(`0x${hex[1]}`));
    const atoi = /^\s*([+-]?)(\d+)/.exec(t);
    if (atoi) out.push((atoi[1] === '-' ? -1n : 1n) * BigInt(atoi[2]!));
  }
  return out;
}

const names = (raw: string, id: string) =>
  oracle(raw).some((n) => n === BigInt(id) || Number(n) === Number(id));

describe('absent-id edges', () => {
  it('tries the int edges first and the absent neighbours of ids beyond 2^53, never a known order', () => {
    const { edges, leftOut } = absentEdges(REFERENCE);
    expect(edges.map(String)).toEqual([
      '0',
      '-1',
      '2147483647',
      '2147483648',
      '4294967296',
      '9007199254740991',
      '-9223372036854775808',
      '9007199254740990',
      '9007199254740994',
      '9007199254740995',
      '9223372036854775805',
      '9223372036854775806',
    ]);
    expect(leftOut.join()).toContain('9007199254740993 (a known order)');
  });

  it('stops at the neighbour cap and counts the rest, however many ids a store lists beyond 2^53', () => {
    const listed = Array.from({ length: 10_000 }, (_, i) => String(2n ** 60n + 10n * BigInt(i)));
    const { edges, leftOut } = absentEdges(new KnownOrders(listed, [], []));
    expect(edges.filter((e) => e > 2n ** 60n - 5n).length).toBeLessThanOrEqual(MAX_NEIGHBOUR_EDGES);
    expect(leftOut.length).toBeLessThanOrEqual(4 * MAX_NEIGHBOUR_BASES + 1);
    expect(leftOut.at(-1)).toBe(
      `the neighbours of ${10_000 - MAX_NEIGHBOUR_BASES} more known ids beyond 2^53 (not looked at: at most ${MAX_NEIGHBOUR_EDGES} neighbour edges, from the first ${MAX_NEIGHBOUR_BASES} such ids)`,
    );
  });

  it('leaves out neighbours a JS number confuses with an order not known to have shipped', () => {
    const known = new KnownOrders(['9223372036854775807'], [], []);
    expect(absentEdges(known).edges).not.toContain(9223372036854775806n);
    expect(absentEdges(new KnownOrders([], [], [])).edges).toContain(2n ** 53n + 1n);
  });

  it('generates admissible absent ids that name no cancellable order', () => {
    fc.assert(
      fc.property(absentArbitrary, (id) => {
        fc.pre(admissibleAbsent(REFERENCE, id));
        for (const p of PENDING) expect(names(id.toString(), p)).toBe(false);
      }),
      { seed: 1, numRuns: 300 },
    );
  });
});

describe('malformed segments', () => {
  it('builds each kind around an absent id, admissibly', () => {
    expect(MALFORMED_KINDS.length).toBeGreaterThan(0);
    for (const kind of MALFORMED_KINDS) {
      const c = absentCase(REFERENCE, kind, 0, 1000);
      expect(c, kind).toBeDefined();
      expect(admissibleMalformed(REFERENCE, c!)).toBe(true);
    }
  });

  it('are never a canonical int64, even decoded once, and never name a cancellable order', () => {
    fc.assert(
      fc.property(malformedArbitrary, (c) => {
        const raw = malformedSegment(c);
        let once = raw;
        try {
          once = decodeURIComponent(raw);
        } catch {}
        expect(isCanonicalInt64(once), raw).toBe(false);
        if (!admissibleMalformed(REFERENCE, c)) return;
        for (const p of PENDING) expect(names(raw, p), `${raw} names ${p}`).toBe(false);
      }),
      { seed: 2, numRuns: 1000 },
    );
  });

  it('covers the classes the issue names', () => {
    const all = MALFORMED_KINDS.flatMap((kind) =>
      Array.from({ length: 12 }, (_, variant) => malformedSegment({ kind, absent: 5n, variant, size: 300 })),
    );
    for (const s of ['5.5', '5e0', '+5', '-0', '0x5', '%205', '9223372036854775808', '5%00', '%D9%A5', '0_5'])
      expect(all, s).toContain(s);
    expect(all.some((s) => s.length >= 300)).toBe(true);
    expect(all.some((s) => /^\d{30,}$/.test(s))).toBe(true);
  });
});

/** A segment percent-decoded once, or as it is when its escapes are invalid. */
function decodedOnce(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

describe('the spelling catalogue against a fixture', () => {
  const of7 = (kind: string) => kindOf(kind).variants.map((_, v) => spell(kindOf(kind), v, 7n, 300));

  it('spells 7 every way the issue names, each kind at the level accepting it breaks', () => {
    const expected: Record<string, string[]> = {
      'trailing-text': ['7abc', '7-'],
      'other-number': ['7.5', '7e3'],
      'nul-byte': ['7%00', '%007'],
      'percent-bytes': ['7%FF', '7%zz'],
      'too-big': ['18446744073709551623', '-18446744073709551609'],
      hex: ['0x7', '0X7'],
      octal: ['0o7'],
      binary: ['0b111'],
      float: ['7e0', '70e-1', '7.0', '7.'],
      'plus-sign': ['+7', '%2B7'],
      'not-a-number': ['id7', 'NaN', '--7', '-0'],
      'digit-separator': ['0_7'],
      whitespace: ['%207', '7%20', '%097', '7%0A'],
      'unicode-space': ['%C2%A07', '%E2%80%8B7'],
      'script-digits': ['%D9%A7'],
      'compat-digits': ['%EF%BC%97'],
      'leading-zeros': ['007'],
      'over-long': ['9'.repeat(6000)],
    };
    for (const [kind, segments] of Object.entries(expected))
      for (const s of segments) expect(of7(kind), kind).toContain(s);
    const level = (k: string) => kindOf(k).fixture;
    expect(['trailing-text', 'other-number', 'nul-byte', 'percent-bytes', 'too-big'].map(level)).toEqual(
      Array(5).fill('MUST'),
    );
    expect(kindOf('over-long').optIn).toBe(true);
    expect(level('leading-zeros')).toBe('INFO');
    expect(level('not-a-number')).toBeUndefined();
    expect(ALL_VARIANTS).toBe(SPELLING_KINDS.reduce((n, k) => n + k.variants.length, 0));
  });

  it('has, for every kind with a level, a variant that names a small fixture and no other order', () => {
    expect(SPELLING_KINDS.filter((x) => x.fixture).length).toBeGreaterThan(0);
    // A kind of canonical ids names the fixture only read as 32 bits (wraps-int32.test.ts).
    for (const k of SPELLING_KINDS.filter((x) => x.fixture && !x.fixtureOnly)) {
      const named = of7(k.kind).filter((s) => namedIds(s).includes(7n) && REFERENCE.safe(s, '7'));
      expect(named.length, k.kind).toBeGreaterThan(0);
      for (const s of named) expect(isCanonicalInt64(decodedOnce(s)), s).toBe(false);
    }
  });

  it('rotates the sample through every variant of a kind as the seed changes', () => {
    for (const [i, k] of SPELLING_KINDS.entries()) {
      const seen = new Set(Array.from({ length: k.variants.length }, (_, seed) => sampleVariant(seed, i, k)));
      expect(seen.size, k.kind).toBe(k.variants.length);
    }
    expect(KIND_NAMES.filter((k) => k !== 'over-long' && !kindOf(k).fixtureOnly)).toEqual(MALFORMED_KINDS);
  });
});

describe('the fixture pool', () => {
  const pool = (remaining: string[], given = true, back: string[] = []) => {
    const taken: string[] = [];
    const target = {
      get cancellableIds() {
        return remaining.filter((id) => !taken.includes(id));
      },
      takeCancellableId: (id: string) => {
        taken.push(id);
        return true;
      },
      reclaim: () => back.shift(),
    };
    return { pool: new FixturePool(target, REFERENCE, given), taken };
  };
  const hex = kindOf('hex');

  it('takes a fixture only when a spelling names it and no other order, and spells it again after', () => {
    const p = pool(['9007199254740993', '2', '3']);
    expect(p.pool.find(hex, [0], 300)).toEqual({ id: '2', variant: 0, segment: '0x2' });
    expect(p.pool.find(kindOf('plus-sign'), [0], 300)).toMatchObject({ id: '2', segment: '+2' });
    expect(p.taken).toEqual(['2']);
    p.pool.spend('2');
    expect(p.pool.find(hex, [0], 300)).toMatchObject({ id: '3' });
    expect(p.taken).toEqual(['2', '3']);
  });

  it('goes on with a fixture another check gave back once an accepted spelling spent the last', () => {
    const p = pool(['2'], true, ['3']);
    expect(p.pool.find(hex, [0], 300)).toMatchObject({ id: '2' });
    p.pool.spend('2');
    expect(p.pool.find(hex, [0], 300)).toEqual({ id: '3', variant: 0, segment: '0x3' });
    expect(p.pool.heldIds).toEqual(['3']);
    p.pool.spend('3');
    expect(p.pool.find(hex, [0], 300)).toBe('none left');
  });

  it('spells a leading zero as the octal digits of a fixture, its decimal reading proven absent', () => {
    // 015 names 13 read as octal, and 15, which the reference list does not hold, read as decimal.
    const p = pool(['13']);
    expect(p.pool.find(kindOf('leading-zeros'), [0, 1], 300)).toEqual({
      id: '13',
      variant: 0,
      segment: '015',
    });
  });

  it('says why no fixture was spelled: none given, none left, or none safe', () => {
    expect(pool([], false).pool.find(hex, [0], 300)).toBe('none given');
    expect(pool([]).pool.find(hex, [0], 300)).toBe('none left');
    // 0x20000000000001 reads as 2^53+1 but Number() makes it 2^53, another pending order.
    expect(pool(['9007199254740993']).pool.find(hex, [0], 300)).toBe('unsafe');
  });

  it('pairs the two ids one JS number cannot tell apart, the larger first', () => {
    expect(isolationPair(['2', '9007199254740992', '9007199254740993'])).toEqual({
      first: '9007199254740993',
      second: '9007199254740992',
    });
    expect(isolationPair(['2', '3'])).toEqual({ first: '2', second: '3' });
    expect(isolationPair(['2'])).toEqual({ first: '2' });
  });
});
