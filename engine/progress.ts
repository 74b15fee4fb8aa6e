// A progress line for a long passive run, on stderr: what it is doing, how many entries so far and how many
// a second. Counts only (nothing of the recording is quoted); at most one line every few seconds, and none
// for work that ends before the first is due, nor below BIG entries, so a small recording prints nothing.

/** Fewer entries than this never print a line, however long they take (a test's recording on a busy machine). */
export const BIG = 10_000;

export class Progress {
  readonly #write: (line: string) => void;
  readonly #everyMs: number;
  readonly #now: () => number;
  #phase = '';
  #phaseStarted = 0;
  #last: number;

  constructor(write: (line: string) => void, everyMs = 2000, now: () => number = () => performance.now()) {
    this.#write = write;
    this.#everyMs = everyMs;
    this.#now = now;
    this.#last = now();
  }

  /** `done` entries (or `unit`) of `phase` (of `total`, when known) so far; cheap enough for every entry. */
  tick(phase: string, done: number, total?: number, unit = 'entries'): void {
    if (phase !== this.#phase) {
      this.#phase = phase;
      this.#phaseStarted = this.#now();
    }
    if (unit === 'entries' && ((done & 1023) !== 0 || done < BIG)) return;
    const now = this.#now();
    if (now - this.#last < this.#everyMs) return;
    this.#last = now;
    const seconds = (now - this.#phaseStarted) / 1000;
    const rate = seconds > 0 ? Math.round(done / seconds) : 0;
    const of = total !== undefined ? ` of ${total.toLocaleString('en-US')}` : '';
    this.#write(
      `  … ${phase}: ${done.toLocaleString('en-US')}${of} ${unit} (${rate.toLocaleString('en-US')} a second)`,
    );
  }
}
