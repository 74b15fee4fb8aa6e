// What the probe's readings of a whole sequence read of each sample (when its answer arrived, its Date as the
// rate-limit readings take it, its exchange, its sane Reset moment): ready on a view (sample-views.ts), read
// there from numbers worked out once for the sequence; else from the sample's response. Pure.
import { rateLimitDateMs } from '../../../lib/formats/rate-limit-headers.ts';
import type { Exchange } from '../../../lib/http/transcript.ts';
import type { Sample } from './record.ts';

/** The readings a view holds ready, worked out once for its whole sequence. */
export interface Ready {
  readonly receivedAtMs: number;
  /** rateLimitDateMs of the answer: its Date, unless that Date is the clock that is off. */
  readonly dateMs: number | undefined;
  /** windows.ts saneResetAtMs of the sample. */
  readonly saneResetAtMs: number | undefined;
  readonly exchange: Exchange;
}

/** The key under which a view hands out its ready readings (itself). */
export const READY: unique symbol = Symbol('ready readings');

/** The sample's ready readings, when it is a view; undefined for a sample made by sampleOf. */
export const readyOf = (s: Sample): Ready | undefined => (s as { [READY]?: Ready })[READY];

/** When the sample's answer arrived (local ms). */
export function arrivedAtMs(s: Sample): number {
  const ready = readyOf(s);
  return ready ? ready.receivedAtMs : s.response.receivedAtMs;
}

/** The server's clock at the answer as the rate-limit readings take it (rateLimitDateMs); undefined without. */
export function rateLimitDateOf(s: Sample): number | undefined {
  const ready = readyOf(s);
  return ready ? ready.dateMs : rateLimitDateMs(s.response.headers, s.response.receivedAtMs);
}

/** The exchange the sample's answer came in. */
export function exchangeOfSample(s: Sample): Exchange {
  const ready = readyOf(s);
  return ready ? ready.exchange : s.response.exchange;
}
