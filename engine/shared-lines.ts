// The header lines of recorded entries, one array for all the entries that carry the same: a long recording's
// requests carry a few sets of lines, its responses a few but for their Date and X-RateLimit-Remaining values.
// The judge's load then makes what it makes of each set once (lib/http/recorded.ts, suites/kit/traffic-load.ts).
// Bounded: past a budget of distinct text, lines not seen before are left as they are. Changes no value.
import type { RecordedEntry, ResponseShape } from '../lib/formats/har.ts';

type Lines = Array<[string, string]>;

/** Most characters of distinct lines kept: past them, lines not yet kept are left unshared. */
export const MAX_SHARED_CHARS = 4 * 2 ** 20;
/** How many sets of lines found last are compared before one is looked up by its text. */
const RECENT = 8;

const DATE = 'date';
const REMAINING = 'x-ratelimit-remaining';

/** The lines as one text no other lines give: each name and value preceded by its length. */
function linesKey(lines: Lines): string {
  let k = '';
  for (const [n, v] of lines) k += `${n.length}:${n}${v.length}:${v}`;
  return k;
}

/** Whether `kept` holds `lines`, those at `skipA` and `skipB` being '' in it (the values there aside). */
function holds(kept: Lines, lines: Lines, skipA: number, skipB: number): boolean {
  if (kept.length !== lines.length) return false;
  for (let i = 0; i < kept.length; i++) {
    const x = kept[i]!;
    const y = lines[i]!;
    if (x[0] !== y[0]) return false;
    if (i === skipA || i === skipB ? x[1] !== '' : x[1] !== y[1]) return false;
  }
  return true;
}

const indexOfLine = (lines: Lines, name: string): number => {
  for (let i = 0; i < lines.length; i++) if (lines[i]![0] === name) return i;
  return -1;
};

/** A set of lines kept, and the shape of a response that has them. */
interface Kept {
  lines: Lines;
  shape: ResponseShape;
}

export class LineSharer {
  readonly #byKey = new Map<string, Kept>();
  /** The sets found last, most recent first: most entries carry one of a few. */
  readonly #recent: Kept[] = [];
  #chars = 0;

  constructor(private readonly maxChars = MAX_SHARED_CHARS) {}

  /** The one copy of `lines`, with '' at `skipA` and `skipB` (-1: none); undefined past the budget. */
  #kept(lines: Lines, skipA: number, skipB: number): Kept | undefined {
    const recent = this.#recent;
    for (let i = 0; i < recent.length; i++) {
      const r = recent[i]!;
      if (r.shape.dateAt !== skipA || r.shape.remainingAt !== skipB) continue;
      if (!holds(r.lines, lines, skipA, skipB)) continue;
      if (i > 0) {
        recent.splice(i, 1);
        recent.unshift(r);
      }
      return r;
    }
    let template = lines;
    if (skipA >= 0 || skipB >= 0) {
      template = lines.slice();
      if (skipA >= 0) template[skipA] = [lines[skipA]![0], ''];
      if (skipB >= 0) template[skipB] = [lines[skipB]![0], ''];
    }
    const key = `${skipA},${skipB}|${linesKey(template)}`;
    let had = this.#byKey.get(key);
    if (had === undefined) {
      if (this.#chars + key.length > this.maxChars) return undefined;
      this.#chars += key.length;
      had = { lines: template, shape: { lines: template, dateAt: skipA, remainingAt: skipB } };
      this.#byKey.set(key, had);
    }
    recent.unshift(had);
    if (recent.length > RECENT) recent.pop();
    return had;
  }

  /**
   * `e` with its request's lines shared and the shape of its response's lines set (har.ts ResponseShape):
   * changed in place (an entry just read, no one else's), or left as it is past the budget.
   */
  share(e: RecordedEntry): RecordedEntry {
    const request = this.#kept(e.requestHeaders, -1, -1);
    const lines = e.responseHeaders;
    const response = this.#kept(lines, indexOfLine(lines, DATE), indexOfLine(lines, REMAINING));
    if (request === undefined || response === undefined) return e;
    e.requestHeaders = request.lines;
    e.responseShape = response.shape;
    return e;
  }
}
