// The fixtures of a run as report.json carries them, and a ledger entry: types only, shared by the report model
// and the ledger's reader and writer (ledger.ts).
import type { FixtureUse } from '../run/plan-checks.ts';

/** How a fixture was consumed: by which run and check, answered how. */
export interface LedgerEntry {
  runId: string;
  /** When the request that consumed it was sent (ISO 8601). */
  at: string;
  /** The check that sent the request. */
  check?: string;
  /** What the request got: its status (`204`), or `no response (CODE)`. */
  answer: string;
  /** The path segment sent, when not the id itself (a spelling of it the server accepted). */
  segment?: string;
}

/** What a run reports of its fixtures (report.json `fixtures`). */
export interface FixtureReport {
  /** The ledger file the run read and wrote, or null (the embedded target, or --fixtures-ledger off). */
  ledger: string | null;
  pending: {
    given: string[];
    /** Given, but consumed by an earlier run (the ledger): left aside. */
    usedBefore: string[];
    /** Taken by the checks planned to run, and by every check were as many given. */
    needed: number;
    neededForAll: number;
  };
  shipped: { given: string[]; readBy: string[] };
  /** Each pending fixture's planned use: the ids, in the order the run hands them out, and the checks served. */
  uses: Array<FixtureUse & { ids: string[] }>;
  /** The pending fixtures this run consumed, with how. */
  consumed: Array<LedgerEntry & { id: string }>;
  /**
   * The first DELETE of an id the run was not given (sent as absent or malformed) that was answered 2xx: it
   * proved the list is not the store, and no such DELETE was sent after it; absent when none was.
   */
  listDisproved?: ListDisproved;
}

export interface ListDisproved {
  /** The exchange's number in the transcript. */
  seq: number;
  /** The check that sent it. */
  check?: string;
  /** Its path as sent (cut to a readable length). */
  path: string;
  status: number;
  /** The sentence the run and the report say it with. */
  line: string;
  /** The checks left out for it (each would have sent such a DELETE). */
  leftOut: string[];
}
