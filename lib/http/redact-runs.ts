// Finds the runs of a long text that redaction must try: those holding a needle (a secret, a base64 core, the
// start of an escape), found with indexOf over the whole text. Finds only; redact.ts says what a run becomes.
import { escapeRegex, MIN_SECRET_LENGTH, runPattern, runSeparators } from './redact-patterns.ts';

export interface RunFinder {
  /**
   * `text` with `redactRun` applied to each of its runs (runPattern) that holds a needle: the same text as
   * `text.replace(runPattern(held), redactRun)` when redactRun leaves every run without a needle as it is.
   */
  replaceRuns(text: string, redactRun: (run: string) => string): string;
}

/**
 * `held`: the strings whose characters never end a run (every secret); `needles`: lower-case strings one of
 * which each run that may change holds (undefined: any run may, so each is tried).
 */
export function runFinder(held: readonly string[], needles: readonly string[] | undefined): RunFinder {
  const runs = runPattern(held);
  const separators = new Uint8Array(128);
  for (const c of runSeparators(held)) separators[c.charCodeAt(0)] = 1;
  const kept = needles && minimalNeedles(needles);
  const absent = kept && absenceProof(kept);
  return {
    replaceRuns(text, redactRun) {
      // Most long texts (a transcript's pieces) hold no needle in any case: proven so without the lower-cased
      // copy and one search of it per needle, which were a third of writing a long transcript.
      if (absent?.(text)) return text;
      const lower = text.toLowerCase();
      // A character whose lower case is longer (U+0130) would shift every index after it.
      if (kept === undefined || lower.length !== text.length) return text.replace(runs, redactRun);
      const hits: number[] = [];
      for (const needle of kept)
        for (let at = lower.indexOf(needle); at >= 0; at = lower.indexOf(needle, at + 1)) hits.push(at);
      if (hits.length === 0) return text;
      hits.sort((a, b) => a - b);
      const ends = (i: number) => {
        const c = text.charCodeAt(i);
        return c < 128 && separators[c] === 1;
      };
      let out = '';
      let written = 0;
      for (const hit of hits) {
        if (hit < written) continue; // inside the run just redacted
        let start = hit;
        while (start > written && !ends(start - 1)) start--;
        let end = hit;
        while (end < text.length && !ends(end)) end++;
        if (end - start < MIN_SECRET_LENGTH) continue;
        out += text.slice(written, start) + redactRun(text.slice(start, end));
        written = end;
      }
      return out + text.slice(written);
    },
  };
}

/**
 * A test that is true only of a text in which no needle occurs whatever the case of its letters, as the search
 * of replaceRuns (in text.toLowerCase()) finds them; undefined when a needle is not ASCII. Needles without a
 * letter are looked for as they are, the others by one case-insensitive expression. The only characters
 * beyond ASCII that toLowerCase makes ASCII (U+0130, U+212A: checked over every code point) send a text on.
 */
export function absenceProof(needles: readonly string[]): ((text: string) => boolean) | undefined {
  if (needles.some((n) => /[\u0080-\uffff]/.test(n))) return undefined;
  const plain = needles.filter((n) => !/[a-z]/i.test(n));
  const lettered = needles.filter((n) => /[a-z]/i.test(n));
  const anyCase = lettered.length === 0 ? undefined : new RegExp(lettered.map(escapeRegex).join('|'), 'i');
  return (text) => {
    for (const n of plain) if (text.includes(n)) return false;
    if (anyCase?.test(text)) return false;
    return !text.includes('\u0130') && !text.includes('\u212a');
  };
}

/** `needles` less every one that holds another (finding the shorter finds the run of the longer). */
function minimalNeedles(needles: readonly string[]): string[] {
  const kept: string[] = [];
  for (const n of [...new Set(needles)].sort((a, b) => a.length - b.length))
    if (n.length > 0 && !kept.some((k) => n.includes(k))) kept.push(n);
  return kept;
}
