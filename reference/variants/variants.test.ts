// Every variant in the catalogue really changes what a client observes, compared with the default server,
// and the catalogue is documented row for row. Whether the conformance suite stays silent on each is
// test/variants.test.ts.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { startReferenceServer } from '../server.ts';
import { fakeClock } from '../test-helpers.ts';
import { VARIANTS } from './catalogue.ts';
import { VARIANT_CASES, type VariantCase } from './variant-cases.ts';
import { VariantSet } from './variant-set.ts';

async function observe(c: VariantCase, variants: string[]): Promise<unknown> {
  const clock = fakeClock();
  const server = await startReferenceServer({ ...c.options, variants, clock: clock.read });
  try {
    return await c.probe(server, clock);
  } finally {
    await server.close();
  }
}

describe('variant catalogue', () => {
  it('has unique ids, each with an area, the clause that allows it and a description', () => {
    expect(new Set(VARIANTS.map((v) => v.id)).size).toBe(VARIANTS.length);
    for (const v of VARIANTS) {
      expect(v.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)+$/);
      expect(v.allows).toMatch(/spec §\d|RFC \d+ §/);
      expect(v.description.length).toBeGreaterThan(10);
    }
  });

  it('has exactly one test case per variant', () => {
    expect(VARIANT_CASES.map((c) => c.id).sort()).toEqual(VARIANTS.map((v) => v.id).sort());
  });

  it('is tabled in reference/README.md row for row', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    for (const v of VARIANTS) expect(readme).toContain(`| \`${v.id}\` | ${v.area} | ${v.allows} |`);
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

describe.each(VARIANT_CASES)('variant $id', (c) => {
  it('is absent from the default server', async () => {
    expect(await observe(c, [])).toEqual(c.standard);
  });

  it('changes the observed behaviour when switched on', async () => {
    expect(c.variant).not.toEqual(c.standard);
    expect(await observe(c, [c.id])).toEqual(c.variant);
  });
});
