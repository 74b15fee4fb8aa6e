// What the spelling run sent and learnt, as the ID-MALFORMED- and ID-CANCEL- checks read it: each answer with
// the kind and fixture it spelled, the kinds left off a fixture and why. Types only.
import type { Skip } from '../../lib/check/skip.ts';
import type { Response } from '../../lib/http/client.ts';
import type { SaturationPlan } from '../kit/saturation.ts';
import type { SpellingLevel } from './catalogue.ts';
import type { NotOnFixture } from './fixtures.ts';

export interface SpellingAnswer {
  kind: string;
  variant: number;
  /**
   * The pending fixture it spelled (or, `shipped`, the shipped order spelled once none was left), and what
   * reading it as that order breaks; absent when built around an absent id.
   */
  fixture?: { id: string; level: SpellingLevel; shipped?: true };
  segment: string;
  /** Why the request is not valid HTTP, when the segment makes it so on purpose. */
  invalid?: string;
  response: Response;
}

export interface SpellingRun {
  /** In the order sent. */
  answers: SpellingAnswer[];
  /**
   * The kinds with a fixture level that were not tried against a pending fixture, and why; `shipped`: the
   * shipped order spelled instead (shipped-spelling.ts), else it was spelled around an absent id.
   */
  offFixture: Array<{
    kind: string;
    level: SpellingLevel;
    why: NotOnFixture;
    detail?: string;
    shipped?: string;
  }>;
  /**
   * Kinds the sample tried against a fixture, none accepted: the spellings of the kind's sample it had no room
   * for (each around that fixture, in the order they would have gone), and how many variants lie past the
   * sample. --exhaustive sends them all.
   */
  leftOut: Array<{ kind: string; level: SpellingLevel; segments: string[]; more: number }>;
  /** Kinds no safe case could be built for at all. */
  unsent: string[];
  /** Saturating spellings (saturation.ts) not sent, each with the order it would name and why. */
  withheld: SaturationPlan['withheld'];
  exhaustive: boolean;
  /** Set when the target answered 429 even after waiting: nothing more was sent. */
  limited?: string;
  /**
   * Set when a DELETE of an id not given was answered 2xx (delete-gate.ts): no spelling around an absent id
   * was sent after it, only a fixture's.
   */
  stopped?: Skip;
  /** The accepted spellings that cancelled a fixture, in the order sent: what left a later kind none. */
  spent: SpellingAnswer[];
  /** Readers the answers showed the server does not use, each with its evidence (reader-evidence.ts). */
  setAside: string[];
}
