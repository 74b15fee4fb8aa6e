// What the 429s of a run say about its credentials: a ban the target announced (spec §8 rule 5), or a wait far
// beyond the window that was announced (honoured, not a ban, until the credential is still refused once it has
// passed). Reads responses (ban.ts reads one); the client refuses a locked key from what it holds. Never sends.

import { flagRef } from '../config/settings.ts';
import { type BanEvent, banOf, type LongWait, longWaitOf, refusedAfter } from './ban.ts';
import type { Redactor } from './redact.ts';
import type { Bucket } from './transcript.ts';

export interface KeyWatchOptions {
  redactor: Redactor;
  /** The longest wait the run may make (--max-wait-seconds), for the long wait's line. */
  maxWaitMs: () => number;
  onBan?: (ban: BanEvent) => void;
  onLongWait?: (line: string) => void;
}

export class KeyWatch {
  /** Every ban the target announced in this run, in order. */
  readonly bans: BanEvent[] = [];
  /** The long wait each bucket was last asked for (a ban if the target still refuses once it has passed). */
  private readonly longWaits = new Map<Bucket, LongWait & { untilMs: number }>();

  constructor(private readonly options: KeyWatchOptions) {}

  /** The ban of `bucket`, if the target announced one. */
  banOf(bucket: Bucket): BanEvent | undefined {
    return this.bans.find((b) => b.bucket === bucket);
  }

  /**
   * Reads a 429 to `bucket` (charged as `paced`): a long wait it asks for, a ban it names or shows.
   * `windowEndsAtMs` is when the window announced before it ended; `request` names it, redacted.
   */
  after429(
    paced: Bucket,
    headers: Record<string, string | string[] | undefined>,
    bodyStart: string,
    receivedAtMs: number,
    windowEndsAtMs: number | undefined,
    request: string,
  ): void {
    const before = this.longWaits.get(paced);
    const ban =
      banOf(429, headers, bodyStart, receivedAtMs) ??
      (before && receivedAtMs >= before.untilMs ? refusedAfter(before, receivedAtMs) : undefined);
    const long = longWaitOf(headers, receivedAtMs, windowEndsAtMs);
    if (long) {
      this.longWaits.set(paced, { ...long, untilMs: receivedAtMs + long.delayMs });
      const max = this.options.maxWaitMs();
      this.options.onLongWait?.(
        `the target asks the ${paced} credential to wait: ${long.text}. Honoured: nothing is sent with it, in any form, before then${long.delayMs > max ? `, which is past ${flagRef('maxWaitSeconds')} (${Math.round(max / 1000)} s): the checks that need it are not evaluated` : ''}`,
      );
    }
    if (!ban) return;
    const event: BanEvent = {
      ...ban,
      evidence: this.options.redactor.redact(ban.evidence),
      bucket: paced,
      request,
    };
    this.bans.push(event);
    this.options.onBan?.(event);
  }
}
