// The traffic.ts twins' entries, while areas still have them: how a check is judged from recorded traffic
// apart from its declaration. Goes once every area declares its judge and `recorded` (lib/check/model.ts).
import type { Ctx } from './context.ts';

/** How a check is judged from recorded traffic. */
export interface TrafficJudge {
  /**
   * 'run': its own run reads only what was received (the transcript, the shared facts a recording stands in
   * for), so it judges a recording as it judges a run. A function: a judge of its own over every recorded
   * exchange of its kind. Absent: a recording cannot show it (it needs what only the suite sends).
   */
  judge?: 'run' | ((ctx: Ctx) => Promise<void>);
  /** The traffic that would show it, for the report's "not observed" (e.g. "a 429 and the request after it"). */
  shows: string;
  /** It reads X-RateLimit-* per credential bucket: exchanges of a credential beyond the two keys stay out. */
  buckets?: true;
}

/** The traffic entries of an area's checks, by check id. */
export type TrafficJudges = Readonly<Record<string, TrafficJudge>>;
