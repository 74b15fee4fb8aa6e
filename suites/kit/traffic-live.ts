// The traffic facts of a live run: what each exchange of the run's own transcript offered and asked for, read
// as a recording of that run would read (the key as its variable), so one judge reads a run and a recording
// alike. Computed when first asked for, once per exchange.
import { createHmac, randomBytes } from 'node:crypto';
import type { Exchange, Transcript } from '../../lib/http/transcript.ts';
import { KEY_TEXT, type KnownKeys, offeredBy, SECOND_KEY_TEXT } from './offered.ts';
import { relativeTo, routeOf } from './routes.ts';
import type { ExchangeFacts, Traffic } from './traffic.ts';

/** A request's header lines as a recording keeps them: names in lower case, a line per value. */
function linesOf(x: Exchange): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const [name, value] of Object.entries(x.request.headers))
    for (const v of Array.isArray(value) ? value : [value]) out.push([name.toLowerCase(), v]);
  return out;
}

/** Facts by exchange number, each worked out from the transcript the first time a judge asks for it. */
class LiveFacts extends Map<number, ExchangeFacts> {
  readonly #keys: KnownKeys = { key: [KEY_TEXT], second: [SECOND_KEY_TEXT], known: true };
  readonly #salt = randomBytes(16);

  constructor(
    private readonly transcript: Transcript,
    private readonly baseUrl: string,
  ) {
    super();
  }

  override get(seq: number): ExchangeFacts | undefined {
    const known = super.get(seq);
    if (known) return known;
    const x = this.transcript.all()[seq - 1];
    if (!x || x.seq !== seq) return undefined;
    const fingerprint = (v: string) => createHmac('sha256', this.#salt).update(v).digest('hex').slice(0, 8);
    const relative = relativeTo(x.request.url, this.baseUrl) ?? '/';
    const facts: ExchangeFacts = {
      offered: offeredBy(linesOf(x), x.request.url, this.#keys, fingerprint),
      route: routeOf(x.request.method, relative),
    };
    this.set(seq, facts);
    return facts;
  }

  override has(seq: number): boolean {
    return this.get(seq) !== undefined;
  }
}

/** The live run's traffic: its own transcript, the keys known, framing and buckets recorded as sent. */
export function liveTraffic(transcript: Transcript, baseUrl: string): Traffic {
  return {
    facts: new LiveFacts(transcript, baseUrl),
    keys: 'known',
    live: true,
    framing: true,
    ownBuckets: true,
    binary: new Map(),
  };
}
