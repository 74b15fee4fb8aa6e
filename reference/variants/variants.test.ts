// The variant catalogue as data: unique ids, each with its area, the clause that allows it and a description;
// VariantSet refuses what it does not know or cannot combine. Each variant's proof is in test/variants/.

import { describe, expect, it } from 'vitest';
import { VARIANTS } from './catalogue.ts';
import { VariantSet } from './variant-set.ts';

describe('variant catalogue', () => {
  it('has unique ids, each with an area, the clause that allows it and a description', () => {
    expect(new Set(VARIANTS.map((v) => v.id)).size).toBe(VARIANTS.length);
    for (const v of VARIANTS) {
      expect(v.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)+$/);
      expect(v.allows).toMatch(/spec §\d|RFC \d+ §/);
      expect(v.description.length).toBeGreaterThan(10);
    }
  });

  it('VariantSet refuses unknown ids and rival choices, and ignores blanks', () => {
    expect(() => new VariantSet(['json-charset', 'json-charsets'])).toThrow(
      /"json-charsets".*--list-variants/,
    );
    expect(() => new VariantSet(['limiter-token-bucket', 'limiter-sliding-log'])).toThrow(/rival limiters/);
    expect(() => new VariantSet(['empty-store', 'large-store'])).toThrow(/exclude each other/);
    expect(new VariantSet([' json-charset ', '']).list()).toEqual(['json-charset']);
  });
});
