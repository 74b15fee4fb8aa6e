// Every check's basis stands verbatim where it says: a spec sentence in the section, part, rule or table it
// names (spec/), an RFC sentence under its RFC and section in docs/rfc-excerpts.md; and that file
// quotes nothing no check rests on. Every MUST and SHOULD names one.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { basisProblems } from '../lib/check/basis.ts';
import { packagePath } from '../lib/files.ts';
import { SPEC_FILE } from '../lib/report/provenance.ts';
import { ALL_CHECKS } from './index.ts';

const spec = readFileSync(packagePath(SPEC_FILE), 'utf8');
const excerpts = readFileSync(packagePath('docs/rfc-excerpts.md'), 'utf8');

describe('the basis of every check', () => {
  it('stands verbatim where its source says, and every excerpt is some check’s basis', () => {
    expect(basisProblems(ALL_CHECKS, spec, excerpts)).toEqual([]);
  });

  it('is named by every MUST and SHOULD', () => {
    const bare = ALL_CHECKS.filter((c) => c.level !== 'INFO' && (c.basis?.length ?? 0) === 0);
    expect(bare.map((c) => c.id)).toEqual([]);
    expect(ALL_CHECKS.filter((c) => c.basis).length).toBeGreaterThan(50);
  });
});
