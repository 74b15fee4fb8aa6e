// Spec §8 rule 5 for the Koa target: notices requests sent inside a 429's Retry-After (`ZOO early`) and bans
// the client after ZOO_BAN_AFTER of them (`ZOO ban`). It only keeps the book; the limiter answers.
// A client is named by a label ("key1", or the address): never by the key itself.

interface ClientState {
  /** Until when (ms since the epoch) the last 429 told this client to wait. */
  retryUntil: number;
  /** Requests sent before retryUntil since the client last waited as told. */
  early: number;
  bannedUntil: number;
}

export class BanWatch {
  readonly #clients = new Map<string, ClientState>();

  constructor(
    private readonly banAfter: number,
    private readonly banSeconds: number,
  ) {}

  /** A request from `client` arrives. */
  arrive(client: string, now = Date.now()): void {
    const s = this.#clients.get(client);
    if (!s) return;
    if (now >= s.retryUntil) {
      s.early = 0;
      return;
    }
    console.log(`ZOO early ${client}`);
    s.early++;
    if (s.early >= this.banAfter && now >= s.bannedUntil) {
      s.bannedUntil = now + this.banSeconds * 1000;
      s.early = 0;
      console.log(`ZOO ban ${client} ${this.banSeconds}`);
    }
  }

  /** Whole seconds `client` stays banned (0: not banned). */
  bannedFor(client: string, now = Date.now()): number {
    const until = this.#clients.get(client)?.bannedUntil ?? 0;
    return until > now ? Math.ceil((until - now) / 1000) : 0;
  }

  /** `client` was just answered 429 with `Retry-After: seconds`. */
  refused(client: string, seconds: number, now = Date.now()): void {
    const s = this.#clients.get(client) ?? { retryUntil: 0, early: 0, bannedUntil: 0 };
    s.retryUntil = Math.max(s.retryUntil, now + seconds * 1000);
    this.#clients.set(client, s);
  }
}
