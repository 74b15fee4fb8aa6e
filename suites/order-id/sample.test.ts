// The default spelling sample: what each kind tries first, and how the spare tries are granted and paid for.
import { describe, expect, it } from 'vitest';
import { DEFAULT_KINDS, kindOf, spell } from './catalogue.ts';
import {
  DEFAULT_PAID_SPELLINGS,
  DEFAULT_SPARE_TRIES,
  DEFAULT_SPELLINGS,
  DEFAULT_TRIES,
  ISOLATION_LIST,
} from './sample.ts';

describe('the default spelling sample', () => {
  it('tries first what the measured stacks took: a final newline, Arabic-Indic digits', () => {
    expect(spell(kindOf('whitespace'), 0, 7n, 256)).toBe('7%0A');
    expect(spell(kindOf('script-digits'), 0, 7n, 256)).toBe(encodeURIComponent('\u0667'));
    expect(spell(kindOf('compat-digits'), 0, 7n, 256)).toBe(encodeURIComponent('\uff17'));
    expect(spell(kindOf('plus-sign'), 0, 7n, 256)).toBe('+7');
  });

  it('grants the spare tries rank by rank, in catalogue order, within each kind sample', () => {
    const spare = [...DEFAULT_TRIES.values()].reduce((n, t) => n + t - 1, 0);
    expect(spare).toBe(DEFAULT_SPARE_TRIES);
    expect(DEFAULT_SPELLINGS).toBe(DEFAULT_KINDS.length + DEFAULT_SPARE_TRIES);
    for (const [kind, tries] of DEFAULT_TRIES) {
      const k = kindOf(kind);
      expect(k.fixture, kind).toBeDefined();
      expect(tries, kind).toBeLessThanOrEqual(Math.max(1, Math.min(k.sample ?? 1, k.variants.length)));
    }
    // No kind gets a third try while another with a sample of two or more has only one.
    const most = Math.max(...DEFAULT_TRIES.values());
    if (most > 2)
      for (const k of DEFAULT_KINDS)
        if ((k.sample ?? 1) > 1) expect(DEFAULT_TRIES.get(k.kind), k.kind).toBeGreaterThanOrEqual(2);
    // The first kind in catalogue order with a sample past one gets it: whitespace (script digits would be next).
    expect(DEFAULT_TRIES.get('whitespace')).toBe(2);
    expect(DEFAULT_TRIES.get('script-digits')).toBe(1);
    expect(DEFAULT_TRIES.get('compat-digits')).toBe(1);
  });

  it('pays for the spare tries, each fixture-only kind and the isolation list with generated malformed cases', () => {
    expect(DEFAULT_PAID_SPELLINGS).toBe(DEFAULT_SPARE_TRIES + 1 + ISOLATION_LIST);
    expect(ISOLATION_LIST).toBe(1);
    expect(DEFAULT_TRIES.get('wraps-int32')).toBe(1);
  });

  it('tries against a fixture every kind with a level, and none without one', () => {
    expect([...DEFAULT_TRIES.keys()]).toEqual(DEFAULT_KINDS.filter((k) => k.fixture).map((k) => k.kind));
  });
});
