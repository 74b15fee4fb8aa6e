// What one check records while it runs (problems, notes, evidence, its observation), kept within bounds
// whatever the target sends: a list of 200,000 bad ids is 200,000 problems, of which a report shows the first
// MAX_DETAILS, each cut to MAX_TEXT characters with its length. Collects only; verdict.ts makes the verdict.
import type { SchemaIssue } from '../formats/validation.ts';
import type { Exchange } from '../http/transcript.ts';
import type { PropertyRecord, RateLimitSeries } from './model.ts';
import type { Skip } from './skip.ts';

/** Most detail lines a result carries (problems, then notes); the rest are counted in one more line. */
export const MAX_DETAILS = 20;
/** Most characters of one message, detail, expected or actual; the rest is said by its length. */
export const MAX_TEXT = 2000;
/** Most schema issues a result carries as data. */
export const MAX_SCHEMA_ISSUES = 20;

/** `text` cut to `max` characters, saying how long it was: a million-digit id is not quoted whole. */
export function bounded(text: string, max = MAX_TEXT): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length} characters in all)`;
}

export interface Finding {
  expected?: string;
  actual?: string;
  /** The exchange that shows it; it leads the evidence and the reproduction. */
  exchange?: Exchange;
  /** The schema failures it stands for, as data. */
  schema?: SchemaIssue[];
}

/** A reproduction that repeats one request until the target answers `status` (the probe's 429). */
export interface RepeatUntil {
  exchange: Exchange;
  status: number;
  /** Most requests the loop sends. */
  max: number;
  /** Then wait this long (the Retry-After) and send once more, to reproduce the recovery. */
  thenAfterSeconds?: number;
}

/** A bounded list of lines: the first `max` kept, the rest only counted. */
class Lines {
  readonly kept: string[] = [];
  count = 0;
  constructor(private readonly max: number) {}
  push(line: string): void {
    this.count += 1;
    if (this.kept.length < this.max) this.kept.push(bounded(line));
  }
}

export class Findings {
  private readonly problemLines = new Lines(MAX_DETAILS);
  private readonly notes = new Lines(MAX_DETAILS);
  private firstProblem: string | undefined;
  /** The exchanges the findings cite, by seq, in the order first cited. */
  readonly cited = new Map<number, Exchange>();
  readonly attached: Exchange[] = [];
  readonly schemaIssues: SchemaIssue[] = [];
  expected: string | undefined;
  actual: string | undefined;
  observed: string | undefined;
  judged: number | undefined;
  /** The exchanges the observation rests on, when the check named them. */
  observedOn: readonly Exchange[] | undefined;
  skipped: Skip | undefined;
  property: PropertyRecord | undefined;
  series: RateLimitSeries | undefined;
  repeat: RepeatUntil | undefined;
  /** Exchanges to reproduce in one curl on one connection, in order (the answer of the last depends on the first). */
  oneConnection: readonly Exchange[] | undefined;

  get problems(): number {
    return this.problemLines.count;
  }

  problem(message: string, f: Finding = {}): void {
    if (this.problemLines.count === 0) {
      this.firstProblem = bounded(message);
      if (f.expected !== undefined) this.expected = bounded(f.expected);
      if (f.actual !== undefined) this.actual = bounded(f.actual);
    }
    this.problemLines.push(`problem: ${message}`);
    if (f.exchange && !this.cited.has(f.exchange.seq)) this.cited.set(f.exchange.seq, f.exchange);
    for (const issue of f.schema ?? []) {
      if (this.schemaIssues.length >= MAX_SCHEMA_ISSUES) break;
      const same = this.schemaIssues.some((i) => i.path === issue.path && i.expected === issue.expected);
      if (!same)
        this.schemaIssues.push({ ...issue, path: bounded(issue.path), actual: bounded(issue.actual) });
    }
  }

  note(message: string): void {
    this.notes.push(message);
  }

  attach(exchanges: readonly Exchange[]): void {
    // Bounded by the run's requests: every exchange is one the run sent.
    for (const x of exchanges) this.attached.push(x);
  }

  /** The message of a result with problems: the first, and how many more. */
  problemMessage(): string {
    const more = this.problems - 1;
    return more > 0 ? `${this.firstProblem} (and ${more} more)` : this.firstProblem!;
  }

  /**
   * The detail lines: every problem when there are several (the first MAX_DETAILS), then the notes, each kind
   * closed by a count of what was left out.
   */
  details(): string[] {
    const out: string[] = [];
    const close = (lines: Lines, what: string) => {
      if (lines.count > lines.kept.length)
        out.push(`… and ${lines.count - lines.kept.length} more ${what} (${lines.count} in all)`);
    };
    if (this.problems > 1) {
      out.push(...this.problemLines.kept);
      close(this.problemLines, 'problems');
    }
    out.push(...this.notes.kept);
    close(this.notes, 'notes');
    return out;
  }
}
