// The passive run: recorded exchanges (HAR files, or what the proxy forwarded) judged by every check that can
// judge traffic it did not send (suites' traffic.ts entries), each other check "not observed" with the
// traffic that would show it; the conductor (conduct.ts) reports it as it reports a run that sends. Sends
// nothing: the checks get a client that refuses to.
import type { CheckDefinition, CheckResult } from '../lib/check/model.ts';
import type { CheckContext } from '../lib/check/run-check.ts';
import { runCheck } from '../lib/check/run-check.ts';
import type { Skip } from '../lib/check/skip.ts';
import type { RunConfig } from '../lib/config/run-config.ts';
import type { SettingKey } from '../lib/config/settings.ts';
import type { TrafficConfig } from '../lib/config/traffic-config.ts';
import type { RecordedEntry } from '../lib/formats/har.ts';
import { Redactor } from '../lib/http/redact.ts';
import type { TrafficFacts } from '../lib/report/model.ts';
import type { RunPlan } from '../lib/run/plan-checks.ts';
import {
  bindTraffic,
  type Ctx,
  type LoadedTraffic,
  loadTraffic,
  NOT_OBSERVED,
  NotObserved,
  type Recording,
  recordingOf,
  refusalOf,
  SUITES,
} from '../suites/index.ts';
import { type CatalogueRow, selection } from './catalogue.ts';
import { heapSettler, SETTLE_FROM } from './heap-settle.ts';
import { BIG, type Progress } from './progress.ts';
import { heldSet, type RecordedSet } from './recorded-set.ts';
import { type BaseChoice, chooseBase } from './traffic-base.ts';

/** The settings a passive judge reads: a skip naming another (the budget, the probe) is "not observed". */
const JUDGE_SETTINGS: readonly SettingKey[] = [
  'apiKey',
  'secondApiKey',
  'cancellableOrderIds',
  'shippedOrderIds',
  'trustOrderList',
  'plan',
];

/** The configuration of a run, as the checks read it, for a judge that sends nothing. */
export function passiveRunConfig(config: TrafficConfig, baseUrl: string): RunConfig {
  return {
    baseUrl,
    apiKey: '',
    cancellableOrderIds: config.cancellableOrderIds,
    shippedOrderIds: config.shippedOrderIds,
    // The pending fixtures named for a recording are the user's word on that traffic, which began with them
    // pending: no run of ours used them before it.
    shownPending: config.cancellableOrderIds,
    only: config.only,
    skip: config.skip,
    timeoutMs: 1,
    maxRequests: 0,
    maxWaitMs: 0,
    maxResponseBytes: config.maxResponseBytes,
    // Nothing is sent, so no response headers are read against a cap and no certificate is checked.
    maxHeaderBytes: Number.MAX_SAFE_INTEGER,
    seed: 0,
    propertyRuns: 0,
    exhaustive: false,
    surfaceWindows: 1,
    skipRateLimitProbe: false,
    ...(config.plan ? { plan: config.plan } : {}),
    burst: false,
    trustOrderList: config.trustOrderList,
    allowKeyInUrl: false,
    refusedKeyIsFailure: false,
    consistencySeconds: config.consistencySeconds,
  };
}

/** The plan of a passive run: every selected check judged, nothing sent, no wait. */
export function passivePlan(selected: readonly CatalogueRow[]): RunPlan {
  return {
    checks: selected.map((c) => ({ id: c.id, level: c.level, run: true })),
    // A passive run cancels nothing: no fixture is used up.
    fixtures: { uses: [], pending: 0, pendingForAll: 0, shippedBy: [] },
    requests: 0,
    longestWaitSeconds: 0,
    probe: 'not run: judged from recorded traffic, nothing sent',
    budgetForAll: 0,
    exhaustive: false,
    sampled: [],
    exhaustiveRequests: 0,
  };
}

/** A skip a passive run reports as not observed, with the traffic that would show it. */
function notObserved(r: CheckResult, entry: Recording): CheckResult {
  if (r.status !== 'skip' || !r.cause) return r;
  const foreign = r.cause.kind === 'input' && !JUDGE_SETTINGS.includes(r.cause.setting!);
  if (r.cause.kind !== 'traffic' && !foreign) return r;
  const shows = entry.shows;
  // A reason written for a run that sends names a setting of its own: what it saw is kept, not the advice.
  const reason = (foreign ? r.message.split(';')[0]! : r.message)
    .replace(/^nothing to judge: /, '')
    .replace(/ of the run\b/g, ' of the recording');
  const message = entry.judge
    ? `not observed: ${reason}; ${shows} would show it`
    : `not observed: only what this suite sends shows it: ${shows}`;
  return { ...r, cause: NOT_OBSERVED, message };
}

/** One check judged over the recording: its own run, a judge of its own, or not observed. */
async function judgeCheck(
  check: CheckDefinition<Ctx>,
  suite: string,
  loaded: LoadedTraffic,
  bind: ReturnType<typeof bindTraffic>,
  redactor: Redactor,
): Promise<CheckResult> {
  const entry = recordingOf(check);
  const judge = entry.judge;
  const run = async (ctx: Ctx) => {
    if (!judge) ctx.skip('only what this suite sends shows it', NOT_OBSERVED);
    try {
      await judge(ctx);
    } catch (e) {
      if (e instanceof NotObserved) ctx.skip(e.reason, NOT_OBSERVED);
      throw e;
    }
  };
  const result = await runCheck<Ctx>(
    { ...check, run },
    {
      suite,
      transcript: loaded.transcript,
      redactor,
      unmetNeed: (): Skip | undefined => undefined,
      context: (base: CheckContext) => bind.context(base, entry.buckets === true),
      setCurrent: () => {},
      refusal: refusalOf,
    },
  );
  return notObserved(result, entry);
}

/** Recorded entries read for judging: the base URL, the transcript and facts, every credential registered. */
export interface Reading {
  /** The base URL judged below, and how many entries were under it (their heads are let go once read). */
  base: Omit<BaseChoice, 'entries'> & { entries: { length: number } };
  loaded: LoadedTraffic;
  redactor: Redactor;
  selected: CatalogueRow[];
  /** The configuration of a run, as the checks read it. */
  runConfig: RunConfig;
}

export interface Judgement extends Reading {
  results: CheckResult[];
}

/** The base URL and the positions of the entries under it, in the order sent; the heads are let go here. */
function chosen(set: RecordedSet, given: string | undefined) {
  const { entries, ...base } = chooseBase(set.heads(), given);
  const positions = Int32Array.from(entries, (h) => h.at);
  return { positions, judged: { ...base, entries: { length: positions.length } } };
}

export interface JudgeOptions {
  /** Where a long judgement says how far it is. */
  progress?: Progress;
  /** Awaited between two checks: the proxy lets the requests it forwards through there. */
  between?: () => Promise<void>;
}

/**
 * Reads recorded entries for judging: the base URL (given or found), then the entries under it twice (the
 * credentials, registered as secrets; then the transcript), each dropped once read. Nothing is read from the
 * set afterwards. Sends nothing; writes nothing.
 */
export function readTraffic(
  recorded: readonly RecordedEntry[] | RecordedSet,
  config: TrafficConfig,
  progress?: Progress,
): Reading {
  const selected = selection(config.only, config.skip);
  const set = 'read' in recorded ? recorded : heldSet(recorded);
  const { positions, judged: base } = chosen(set, config.baseUrl);
  const redactor = new Redactor();
  const loaded = loadTraffic({
    entries: {
      size: positions.length,
      read: (withBody) => set.read(positions, withBody),
      ...(set.credentials ? { credentials: () => set.credentials!(positions) } : {}),
    },
    baseUrl: base.baseUrl,
    ...(config.apiKey ? { apiKey: config.apiKey } : {}),
    ...(config.secondApiKey ? { secondApiKey: config.secondApiKey } : {}),
    redactor,
    ...(progress
      ? { progress: (phase: string, done: number) => progress.tick(phase, done, positions.length) }
      : {}),
  });
  return { base, loaded, redactor, selected, runConfig: passiveRunConfig(config, base.baseUrl) };
}

/**
 * Judges what was read: every selected check in run order, `onResult` hearing each verdict as it lands.
 * Sends nothing; writes nothing.
 */
export async function judgeReading(
  reading: Reading,
  onResult: (r: CheckResult) => void = () => {},
  { progress, between }: JudgeOptions = {},
): Promise<CheckResult[]> {
  const { loaded, redactor, base } = reading;
  const bind = bindTraffic(loaded, reading.runConfig, redactor, () => {});
  const wanted = new Set(reading.selected.map((c) => c.id));
  const results: CheckResult[] = [];
  // A long recording's heap collected between checks, so no check inherits a limit set by another's peak.
  const settle = base.entries.length >= SETTLE_FROM ? heapSettler() : undefined;
  try {
    for (const suite of SUITES) {
      // What the areas before made of the transcript is let go: a long recording's peak is then one
      // area's readings on top of the transcript, not the sum of every area's.
      if (suite !== SUITES[0]) {
        bind.renew();
        settle?.(true);
      }
      for (const check of suite.checks) {
        if (!wanted.has(check.id)) continue;
        const r = await judgeCheck(check, suite.title, loaded, bind, redactor);
        results.push(r);
        onResult(r);
        if (base.entries.length >= BIG) progress?.tick('judging', results.length, wanted.size, 'checks');
        settle?.();
        await between?.();
      }
    }
  } finally {
    await bind.close();
  }
  // What the checks read is let go before the report is written from the results.
  settle?.(true);
  return results;
}

/** Reads recorded entries and judges them (readTraffic, then judgeReading). */
export async function judgeEntries(
  recorded: readonly RecordedEntry[] | RecordedSet,
  config: TrafficConfig,
  onResult: (r: CheckResult) => void = () => {},
  options: JudgeOptions = {},
): Promise<Judgement> {
  const reading = readTraffic(recorded, config, options.progress);
  return { ...reading, results: await judgeReading(reading, onResult, options) };
}

/** What the report records of a passive run's reading. */
export function trafficFacts(
  mode: TrafficConfig['mode'],
  sources: TrafficFacts['sources'],
  j: Reading,
): TrafficFacts {
  return {
    mode,
    sources,
    baseUrlInferred: j.base.inferred,
    exchanges: j.base.entries.length,
    leftOut: j.base.leftOut,
    keys: j.loaded.traffic.keys,
    credentials: j.loaded.credentials,
  };
}
