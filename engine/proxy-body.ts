// What the recording proxy keeps of the messages it forwards: the end-to-end header fields (never the
// hop-by-hop ones), and the response bodies as far as the checks read them, every byte of them drawn from one
// budget for all exchanges in flight. Past the budget a body is still forwarded whole, only no longer kept.

/**
 * Hop-by-hop fields (RFC 9110 §7.6.1), and the credentials of a proxy (RFC 9110 §11.7.1, §11.7.2: consumed
 * by the proxy they are addressed to, this one): they belong to one connection, never forwarded across it.
 */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authorization',
  'proxy-authenticate',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/** What any body but a list's is kept of: enough for every check that reads one (the transcript keeps 16 KiB). */
export const KEPT_BYTES = 64 * 1024;

/**
 * What the first KEPT_BYTES of the bodies in flight may take in all: one small body for each connection the
 * proxy holds at most (proxy.ts), so that no list, however large, leaves a small body nothing.
 */
export const SMALL_POOL_BYTES = 16 * 1024 * 1024;

/** Header pairs of raw headers, the hop-by-hop ones (and those Connection names) left out. */
export function endToEnd(raw: readonly string[]): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (let i = 0; i + 1 < raw.length; i += 2) pairs.push([raw[i]!, raw[i + 1]!]);
  const named = new Set(
    pairs
      .filter(([n]) => n.toLowerCase() === 'connection')
      .flatMap(([, v]) => v.split(',').map((t) => t.trim().toLowerCase())),
  );
  return pairs.filter(([n]) => !HOP_BY_HOP.has(n.toLowerCase()) && !named.has(n.toLowerCase()));
}

export const lower = (pairs: Array<[string, string]>): Array<[string, string]> =>
  pairs.map(([n, v]) => [n.toLowerCase(), v]);

/** Bytes the proxy may keep, drawn as they arrive and given back when no longer kept. */
export class Budget {
  private used = 0;
  constructor(private readonly capacity: number) {}
  /** As many of `n` bytes as there is room for. */
  draw(n: number): number {
    const granted = Math.max(0, Math.min(n, this.capacity - this.used));
    this.used += granted;
    return granted;
  }
  give(n: number): void {
    this.used = Math.max(0, this.used - n);
  }
  get inUse(): number {
    return this.used;
  }
}

/** The proxy's two budgets: the first bytes of every body in flight, and list bodies beyond them. */
export interface Budgets {
  small: Budget;
  /** --max-response-bytes: lists kept whole, in flight and kept for the judge alike. */
  lists: Budget;
}

/**
 * A body kept as it is forwarded: its first KEPT_BYTES from the small pool, a list's further bytes from the
 * lists' budget; once either has no room, what is kept stops there (our cap: the body is not whole).
 */
export class Tap {
  private readonly chunks: Buffer[] = [];
  private small = 0;
  private large = 0;
  /** Drawn ahead for a list whose length its headers give, so that it is kept whole or not at all. */
  private reserved = 0;
  private done = false;
  bytes = 0;
  /** Set when a budget had no room for what arrived. */
  capped = false;
  /** No room for the list's announced length: kept no further than its first bytes. */
  private noRoom = false;

  constructor(
    private readonly budgets: Budgets,
    private readonly isList: boolean,
  ) {}

  /**
   * A list's length from its Content-Length: its bytes past the first KEPT_BYTES are drawn at once, all or
   * none (lists in flight together then keep whole those that fit, not each a useless part).
   */
  expect(length: number): void {
    if (!this.isList || !Number.isSafeInteger(length) || length <= KEPT_BYTES) return;
    const need = length - KEPT_BYTES;
    const got = this.budgets.lists.draw(need);
    if (got === need) this.reserved = need;
    else {
      this.budgets.lists.give(got);
      this.noRoom = true;
    }
  }

  add(chunk: Buffer): void {
    this.bytes += chunk.length;
    if (this.capped || this.done) return;
    let part = chunk;
    const smallWanted = Math.min(part.length, Math.max(0, KEPT_BYTES - this.small));
    if (smallWanted > 0) {
      const got = this.budgets.small.draw(smallWanted);
      this.small += got;
      this.chunks.push(part.subarray(0, got));
      if (got < smallWanted) {
        this.capped = true;
        return;
      }
      part = part.subarray(got);
    }
    if (part.length === 0) return;
    if (!this.isList) {
      // Not a list: kept no further, as always (the checks read no more of it).
      this.done = true;
      return;
    }
    if (this.noRoom) {
      this.capped = true;
      return;
    }
    const fromReserve = Math.min(part.length, this.reserved);
    this.reserved -= fromReserve;
    const got = fromReserve + this.budgets.lists.draw(part.length - fromReserve);
    this.large += got;
    this.chunks.push(part.subarray(0, got));
    if (got < part.length) this.capped = true;
  }

  get whole(): boolean {
    return this.bytes === this.small + this.large;
  }

  /**
   * The body kept for the recording, the budgets given back: a whole list keeps its draw (the judge reads it
   * later, as it always counted against --max-response-bytes), a body not kept whole keeps its first bytes.
   */
  finish(kept: boolean): Buffer {
    const whole = kept && this.whole;
    // Whatever still arrives (a chunk already on its way) is forwarded, never kept: nothing more is drawn.
    this.done = true;
    this.budgets.small.give(this.small);
    this.budgets.lists.give(this.reserved);
    this.reserved = 0;
    if (!whole) this.budgets.lists.give(this.large);
    // Concatenated to the length kept, so nothing beyond it stays referenced.
    const body = Buffer.concat(this.chunks, whole ? this.small + this.large : this.small);
    this.chunks.length = 0;
    this.small = 0;
    if (!whole) this.large = 0;
    return body;
  }
}
