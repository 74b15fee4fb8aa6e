// One name per area of the spec in every tree: suites/ has a folder per area (and kit/, what every area uses);
// reference/faults/, reference/variants/, test/faults/ and test/variants/ name their area files after the same
// list, and each area file holds exactly that area's faults or variants. The reference server keeps its own
// copy of the list (it imports nothing of the harness): it must equal the suites'. test/ is shaped the same way:
// a folder per face, layer or area it tests end to end, beside the tests' own machinery.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FAULTS, AREAS as REFERENCE_AREAS, VARIANTS } from '../../reference/server.ts';
import { AREAS } from '../../suites/areas.ts';
import { ROOT } from '../support/cli.ts';

/** The entries of a folder that are not area files: what the tree's machinery is named. */
const MACHINERY: Record<string, readonly string[]> = {
  suites: ['kit', 'index.ts', 'areas.ts', 'spec-rules.ts', 'spec-rules.test.ts', 'basis.test.ts'],
  'reference/faults': ['catalogue.ts', 'fault-info.ts', 'fault-set.ts', 'faults.test.ts'],
  'reference/variants': ['catalogue.ts', 'variant-info.ts', 'variant-set.ts', 'variants.test.ts'],
  'test/faults': [
    'index.ts',
    'proof.ts',
    'run.ts',
    'pairs.ts',
    'masking.ts',
    'masking.test.ts',
    'probes.test.ts',
    'matrix.test.ts',
    'only-by.ts',
    'only-by.test.ts',
    'pairs.test.ts',
  ],
  'test/variants': [
    'index.ts',
    'proof.ts',
    'run.ts',
    'probes.test.ts',
    'matrix.test.ts',
    'rate-limit-matrix.test.ts',
  ],
};

const load = (file: string) => import(pathToFileURL(join(ROOT, file)).href);

/** An entry's area name: a folder's name, or a file's without `.ts`. */
const areaOf = (entry: string) => entry.replace(/\.ts$/, '');

function areaEntries(folder: string): string[] {
  return readdirSync(join(ROOT, folder)).filter((e) => !MACHINERY[folder]!.includes(e));
}

describe('the area names', () => {
  it('are one list: the reference server keeps the suites’ list', () => {
    expect([...REFERENCE_AREAS]).toEqual([...AREAS]);
  });

  it('name every folder of suites/, one per area', () => {
    expect(areaEntries('suites').sort()).toEqual([...AREAS].sort());
  });

  it.each(['reference/faults', 'reference/variants', 'test/faults', 'test/variants'])(
    'name every area file of %s',
    (folder) => {
      const strangers = areaEntries(folder).filter((e) => !(AREAS as readonly string[]).includes(areaOf(e)));
      expect(strangers).toEqual([]);
    },
  );

  it('shape test/ like the sources: no test sits flat in it, each folder names a face, a layer or an area', () => {
    // The faces and layers by their source folders' names (report/ is lib/report/), then the tests' own machinery.
    const named = ['cli', 'api', 'engine', 'report', ...AREAS];
    const machinery = [
      'support',
      'faults',
      'variants',
      'hostile',
      'passive',
      'zoo',
      'package',
      'architecture',
    ];
    const entries = readdirSync(join(ROOT, 'test'), { withFileTypes: true });
    expect(entries.filter((e) => e.isDirectory()).length).toBeGreaterThan(5);
    expect(entries.filter((e) => !e.isDirectory()).map((e) => e.name)).toEqual([]);
    const strangers = entries.filter((e) => e.isDirectory() && ![...named, ...machinery].includes(e.name));
    expect(strangers.map((e) => e.name)).toEqual([]);
  });

  it('put each fault and variant in the files of its area, in the catalogue and in its proofs', async () => {
    for (const [folder, items, suffix] of [
      ['faults', FAULTS, 'FAULTS'],
      ['variants', VARIANTS, 'VARIANTS'],
    ] as const) {
      const areas = new Set(items.map((f) => f.area));
      expect(areas.size, folder).toBeGreaterThan(3);
      for (const area of areas) {
        const ids = items.filter((f) => f.area === area).map((f) => f.id);
        const name = `${area.toUpperCase().replace(/-/g, '_')}_${suffix}`;
        const catalogue = await load(`reference/${folder}/${area}.ts`);
        expect(catalogue[name].map((f: { id: string }) => f.id)).toEqual(ids);
        const proofFile = areaEntries(`test/${folder}`).find((e) => areaOf(e) === area);
        expect(proofFile, `test/${folder}/ has no file for ${area}`).toBeDefined();
        const proofs = await load(
          `test/${folder}/${proofFile!.endsWith('.ts') ? proofFile : `${proofFile}/index.ts`}`,
        );
        expect(Object.keys(proofs[name]).sort()).toEqual([...ids].sort());
      }
    }
  });
});
