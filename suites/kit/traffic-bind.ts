// The context a check judging recorded traffic receives: the Ctx of a run, with the recording's transcript,
// facts that come from the recording (recorded-target.ts) and a client that refuses to send. A check's own run
// that reads only what was received judges a recording as it judges a run; one that would send is refused.

import { Random } from '../../lib/check/random.ts';
import type { CheckContext } from '../../lib/check/run-check.ts';
import { checkConfig } from '../../lib/config/check-config.ts';
import type { RunConfig } from '../../lib/config/run-config.ts';
import { curlCommand } from '../../lib/http/curl.ts';
import type { Redactor } from '../../lib/http/redact.ts';
import { RefusingClient } from '../../lib/http/refusing-client.ts';
import { type Exchange, Transcript } from '../../lib/http/transcript.ts';
import { RunMemo } from '../../lib/run/memo.ts';
import type { Ctx } from './context.ts';
import { LIST_BODIES } from './list-bodies.ts';
import { RecordedTarget } from './recorded-target.ts';
import { STORE_LISTS } from './store-lists.ts';
import { TRAFFIC } from './traffic.ts';
import type { LoadedTraffic } from './traffic-load.ts';

/** Some of a recording's exchanges, their numbers kept (evidence cites them by number). */
class TranscriptView extends Transcript {
  constructor(private readonly shown: readonly Exchange[]) {
    super();
  }

  override all(): readonly Exchange[] {
    return this.shown;
  }

  override get size(): number {
    return this.shown.length;
  }
}

export interface TrafficBind {
  /** The context of one check; `buckets` leaves out the exchanges of credentials beyond the two keys. */
  context(base: CheckContext, buckets: boolean): Ctx;
  /**
   * Lets go of every reading the judges made so far of the transcript (each kept by the array it read, as
   * long as that array is handed out): the next judge reads the same exchanges afresh. Between two areas, so
   * a long recording holds one area's readings at a time, not every area's at once.
   */
  renew(): void;
  /** Closes the refusing client (it never opened a connection). */
  close(): Promise<void>;
}

/**
 * Binds the judges to one recording. `config` is the judge's configuration as a run's (its base URL, the
 * fixtures it was told of, no key for sending).
 */
export function bindTraffic(
  loaded: LoadedTraffic,
  config: RunConfig,
  redactor: Redactor,
  log: (line: string) => void,
): TrafficBind {
  const memo = new RunMemo();
  memo.once(LIST_BODIES, () => loaded.listBodies);
  memo.once(STORE_LISTS, () => loaded.storeLists);
  memo.once(TRAFFIC, () => loaded.traffic);
  const http = new RefusingClient(config.baseUrl, loaded.transcript, redactor);
  const random = new Random(config.seed);
  const target = new RecordedTarget(http, config, random, memo, loaded.transcript);
  const checks = checkConfig(config);
  // A bearer token beyond the two keys is its own bucket, which the readings by bucket have no name for;
  // this suite's own transcripts say which bucket each request was sent with, and are read as they were.
  const keyedView = (): Transcript => {
    const all = loaded.transcript.all();
    const shown = all.filter((x) => {
      if (loaded.traffic.ownBuckets) return true;
      const form = loaded.traffic.facts.get(x.seq)?.offered.form;
      const foreign = form?.kind === 'bearer' && (form.role === 'other' || form.role === 'unverified');
      return !foreign || x.response?.status === 401;
    });
    // Nothing left out: the transcript itself, so the judges of both kinds share one reading of it (each
    // kept by the array it read) where a view of the same exchanges made them read it twice.
    return shown.length === all.length ? loaded.transcript : new TranscriptView(shown);
  };
  let keyed = keyedView();
  return {
    renew: () => {
      loaded.transcript.renew();
      keyed = keyedView();
    },
    context: (base, buckets) => ({
      ...base,
      http,
      target,
      transcript: buckets ? keyed : loaded.transcript,
      config: checks,
      random,
      memo,
      log,
      curl: (x) => curlCommand(x.request, redactor.expressions()),
    }),
    close: () => http.close(),
  };
}
