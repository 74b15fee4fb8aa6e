import { describe, expect, it } from 'vitest';
import { runPattern } from './redact-patterns.ts';
import { absenceProof, runFinder } from './redact-runs.ts';

const NEEDLES = ['osk_live_key9', 'b3nr', '%', '\\u', '&#'];

describe('absenceProof', () => {
  const absent = absenceProof(NEEDLES)!;

  it('proves absent only a text holding no needle in any case', () => {
    expect(absent('{"a": "nothing to see", "b": [1, 2]}')).toBe(true);
    expect(absent('')).toBe(true);
    for (const text of [
      'x osk_live_key9 y',
      'x OSK_LIVE_KEY9 y',
      'x oSk_LiVe_KeY9 y',
      'B3NR',
      '50%',
      'a \\U00e9 b',
      'a \\u00e9 b',
      '&#47;',
    ])
      expect(absent(text), text).toBe(false);
  });

  it('sends on a text with a character toLowerCase makes ASCII (Kelvin sign, dotted capital I)', () => {
    // 'osk_live_\u212aey9'.toLowerCase() holds the needle; no case-insensitive expression sees it.
    expect('osk_live_\u212aey9'.toLowerCase()).toContain('osk_live_key9');
    expect(absent('osk_live_\u212aey9')).toBe(false);
    expect(absent('\u0130')).toBe(false);
    expect(absent('\u00e9\u2028\u212b')).toBe(true);
  });

  it('is not made for a needle beyond ASCII', () => {
    expect(absenceProof(['cl\u00e9s'])).toBeUndefined();
    expect(absenceProof([])!('anything')).toBe(true);
  });
});

describe('runFinder', () => {
  it('redacts the runs that hold a needle, as a replace over every run would', () => {
    const held = ['osk_live_key9'];
    const finder = runFinder(held, NEEDLES);
    const redactRun = (run: string) => {
      const lower = run.toLowerCase();
      return NEEDLES.some((n) => lower.includes(n)) ? `[${run.length}]` : run;
    };
    // Pieces of needles in both cases, the characters around them, separators; a fixed generator.
    const alphabet = [
      'osk_',
      'OSK_',
      'live_',
      'LiVe_',
      'key9',
      '\u212aey9',
      'b3',
      'nr',
      'B3NR',
      '%',
      '\\',
      'u',
      'U',
    ];
    alphabet.push('&', '#', ' ', '"', ',', '\n', 'x', '\u0130', '\u00e9', '\ud83d\ude00', ':');
    let state = 7;
    const next = () => {
      state = (state * 1103515245 + 12345) % 2 ** 31;
      return state;
    };
    for (let i = 0; i < 3000; i++) {
      let text = '';
      const length = next() % 40;
      for (let j = 0; j < length; j++) text += alphabet[next() % alphabet.length];
      expect(finder.replaceRuns(text, redactRun), JSON.stringify(text)).toBe(
        text.replace(runPattern(held), redactRun),
      );
    }
  });
});
