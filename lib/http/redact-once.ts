// A redactor's work done once per distinct text: a long recording repeats its header values, URLs and bodies
// on thousands of exchanges, and every secret is registered before the first is recorded, so each text's
// redaction never changes. Bounded: at its cap it forgets all and starts over, so what recurs later is kept.
import type { Redactor } from './redact.ts';

/** Most texts remembered, and the longest (a body the transcript keeps is at most 16 KiB of text). */
const MAX_TEXTS = 200_000;
const MAX_CHARS = 64 * 1024;

export type RedactText = Pick<Redactor, 'redact' | 'redactHeaders' | 'redactCut'>;

/** `redactor` with its answers remembered; only for use once every secret is registered with it. */
export function redactOnce(redactor: Redactor): RedactText {
  const texts = new Map<string, string>();
  const cuts = new Map<string, string>();
  let cutLength = -1;
  const redact = (text: string): string => {
    const had = texts.get(text);
    if (had !== undefined) return had;
    const out = redactor.redact(text);
    if (text.length <= MAX_CHARS) {
      if (texts.size >= MAX_TEXTS) texts.clear();
      texts.set(text, out === text ? text : out);
    }
    return out;
  };
  return {
    redact,
    redactHeaders(headers) {
      const out: Record<string, string | string[]> = {};
      // Where nothing changes (most answers), the record itself is handed back: an interned one stays so.
      let same = true;
      for (const [k, v] of Object.entries(headers)) {
        if (v === undefined) {
          same = false;
          continue;
        }
        if (Array.isArray(v)) {
          const r = v.map(redact);
          if (r.some((x, i) => x !== v[i])) same = false;
          out[k] = r;
        } else {
          const r = redact(v);
          if (r !== v) same = false;
          out[k] = r;
        }
      }
      return same ? (headers as Record<string, string | string[]>) : out;
    },
    redactCut(text, length) {
      if (length !== cutLength) {
        cuts.clear();
        cutLength = length;
      }
      const had = cuts.get(text);
      if (had !== undefined) return had;
      const out = redactor.redactCut(text, length);
      if (text.length <= MAX_CHARS) {
        if (cuts.size >= MAX_TEXTS) cuts.clear();
        cuts.set(text, out);
      }
      return out;
    },
  };
}
