// The run's stop on DELETEs of ids it was not given. The first 2xx to a DELETE of an id sent as absent or
// malformed (a segment no reading of which names a fixture) proves the list is not the store, or that the
// server cancels ids no order has: from then on no such DELETE leaves, and a check that would send one is
// left out naming that exchange. Watches answers and refuses requests; judges nothing.
import { OUTCOME, type Skip, SkipSignal, skipOf } from '../../lib/check/skip.ts';
import type { BodyObserver, SendOptions } from '../../lib/http/client.ts';
import type { Exchange } from '../../lib/http/transcript.ts';
import { memoKey, type RunMemo } from '../../lib/run/memo.ts';
import { namedIds } from './id-readings.ts';
import { ORDERS } from './paths.ts';

/** The exchange that proved the list is not the store. */
export interface GateProof {
  /** Its number in the transcript. */
  seq: number;
  /** The check that sent it. */
  check?: string;
  /** The path sent (cut to a readable length). */
  path: string;
  status: number;
}

/** The segment a DELETE names its order by: the last non-empty one of the path, its query and parameters cut. */
export function deletedSegment(path: string): string | undefined {
  const segments = path
    .split(/[?#]/)[0]!
    .split('/')
    .filter((s) => s !== '' && s !== '.' && s !== '..');
  return segments.at(-1)?.split(';')[0];
}

/** Whether a DELETE of `path` may act on a fixture: some reading of its segment names one. */
export function namesFixture(path: string, fixtures: ReadonlySet<bigint>): boolean {
  const segment = deletedSegment(path);
  if (!segment) return false;
  return namedIds(segment).some((n) => fixtures.has(n));
}

/** Methods that could change an order where a server implements them on an order's path. */
const WRITES = new Set(['POST', 'PUT', 'PATCH']);

const short = (s: string) => (s.length > 60 ? `${s.slice(0, 60)}…` : s);

/**
 * The first exchange of `exchanges` that proves the list wrong: a 2xx to a DELETE naming no fixture. Its path
 * is shown below `basePath` (the base URL's), as the run sent it.
 */
export function proofIn(
  exchanges: readonly Exchange[],
  fixtures: readonly string[],
  basePath = '',
): GateProof | undefined {
  const ids = new Set(fixtures.map(BigInt));
  for (const x of exchanges) {
    const status = x.response?.status;
    if (x.request.method !== 'DELETE' || status === undefined || status < 200 || status > 299) continue;
    const full = new URL(x.request.url).pathname;
    const base = basePath.replace(/\/$/, '');
    const path = base !== '' && full.startsWith(`${base}/`) ? full.slice(base.length) : full;
    if (namesFixture(path, ids)) continue;
    return { seq: x.seq, ...(x.checkId ? { check: x.checkId } : {}), path: short(path), status };
  }
  return undefined;
}

/** The sentence that names the proof, for a skip, the console and the report. */
export function proofText(p: GateProof): string {
  return `exchange #${p.seq} (DELETE ${p.path}${p.check ? `, sent by ${p.check}` : ''}, an id no fixture has, sent as absent or malformed) was answered ${p.status}: the order list is not the store (it hides real orders) or the server cancels ids no order has`;
}

export class DeleteGate {
  private readonly fixtures: ReadonlySet<bigint>;
  #proof: GateProof | undefined;

  /** `fixtures`: the pending and shipped ids given; `told` hears the one line when the gate closes. */
  constructor(
    fixtures: Iterable<string>,
    private readonly told: (line: string) => void = () => {},
  ) {
    this.fixtures = new Set([...fixtures].map(BigInt));
  }

  /** The proof, once a 2xx to a DELETE of an id not given was seen. */
  get proof(): GateProof | undefined {
    return this.#proof;
  }

  /** Why a DELETE of an id not given may no longer be sent, or undefined while it may. */
  refusal(): Skip | undefined {
    const p = this.#proof;
    if (!p) return undefined;
    return skipOf(
      `left out: ${proofText(p)}, so no DELETE of an id not given is sent after it (the checks that judge that exchange carry the verdict)`,
      OUTCOME,
    );
  }

  /** Reads every answer: the first 2xx to a DELETE naming no fixture closes the gate. */
  readonly observe: BodyObserver = (exchange, _body, sent) => {
    if (this.#proof || sent.method !== 'DELETE') return;
    const status = exchange.response?.status;
    if (status === undefined || status < 200 || status > 299) return;
    if (namesFixture(sent.path, this.fixtures)) return;
    this.#proof = {
      seq: exchange.seq,
      ...(exchange.checkId ? { check: exchange.checkId } : {}),
      path: short(sent.path),
      status,
    };
    this.told(`stopped: ${proofText(this.#proof)}; no DELETE of an id not given is sent after it`);
  };

  /**
   * Refuses, once closed, a DELETE naming no fixture, and a POST, PUT or PATCH of any path but the list's (an
   * order it names could be one the list hides): the check is left out (SkipSignal).
   */
  readonly guard = (opts: SendOptions): void => {
    const write = WRITES.has(opts.method) && opts.path.split(/[?#]/)[0] !== ORDERS;
    if (!(opts.method === 'DELETE' || write) || !this.#proof || namesFixture(opts.path, this.fixtures))
      return;
    throw new SkipSignal(this.refusal()!);
  };
}

const GATE = memoKey<DeleteGate>('kit/delete-gate');

/**
 * The run's one gate; bindSuites makes it first, watching the client's answers and telling `told` when it
 * closes (a passive run's never closes: nothing is sent).
 */
export function deleteGate(
  memo: RunMemo,
  config: { cancellableOrderIds: readonly string[]; shippedOrderIds: readonly string[] },
  told?: (line: string) => void,
): DeleteGate {
  return memo.once(
    GATE,
    () => new DeleteGate([...config.cancellableOrderIds, ...config.shippedOrderIds], told),
  );
}
