// The per-run machinery the checks share: one pacer, one transcript, one redactor and one HTTP client, so
// budget, waits and redaction hold across every suite; and the switch that stops the run.

import { setTimeout as sleep } from 'node:timers/promises';
import type { RunConfig } from '../config/run-config.ts';
import type { BanEvent } from '../http/ban.ts';
import { HttpClient } from '../http/client.ts';
import { Pacer, type WaitInfo } from '../http/pacer.ts';
import { keyRedactor, type Redactor } from '../http/redact.ts';
import { Transcript } from '../http/transcript.ts';

/** How much of each body the transcript keeps for evidence. */
export const RECORD_BODY_BYTES = 16 * 1024;
/** A wait longer than this gets a visible countdown. */
const COUNTDOWN_FROM_MS = 2000;
const COUNTDOWN_TICK_MS = 5000;

export interface Runtime {
  config: RunConfig;
  http: HttpClient;
  pacer: Pacer;
  transcript: Transcript;
  redactor: Redactor;
  log(line: string): void;
  /** Aborted when the run is stopped: requests in flight and waits end at once. */
  signal: AbortSignal;
  abort(): void;
  /** How long the run has waited so far, by why (ms). */
  waits: Waits;
}

/**
 * The run's waits: those the target's limits made (a 429's Retry-After and the backoff after it, a spent
 * window's X-RateLimit-Reset) and those a check chose (a window let pass before it looks again).
 */
export interface Waits {
  limits: number;
  chosen: number;
}

/** The line that closes a run that waited: how long, and why (undefined when it never waited). */
export function waitsLine(waits: Waits): string | undefined {
  if (waits.limits + waits.chosen === 0) return undefined;
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  return `Waits: ${s(waits.limits + waits.chosen)} in all; ${s(waits.limits)} as the target's limits required (Retry-After and the backoff after a 429, X-RateLimit-Reset of a window spent or too near its end for the probe's walk), ${s(waits.chosen)} for a rate-limit window to pass before a look again (the STATE- checks)`;
}

/** Sleeps, printing a countdown for the long waits so a paused run never looks hung. */
export function countdownSleep(log: (line: string) => void, signal?: AbortSignal) {
  return async (ms: number, info: WaitInfo): Promise<void> => {
    if (ms >= COUNTDOWN_FROM_MS) {
      log(
        `  … waiting ${Math.ceil(ms / 1000)} s (${info.reason}, ${info.bucket} credential) before the next request`,
      );
    }
    let left = ms;
    while (left > 0) {
      const step = Math.min(left, COUNTDOWN_TICK_MS);
      await sleep(step, undefined, signal ? { signal } : undefined);
      left -= step;
      if (left >= 1000) log(`  … ${Math.ceil(left / 1000)} s left`);
    }
  };
}

/** The console line of a ban: loud, with how long and what to do. */
export function banLine(ban: BanEvent): string {
  const how = ban.seconds === null ? 'for a time it did not say (unbounded)' : `for ${ban.seconds} s`;
  return `!!! KEY BANNED: the target banned the ${ban.bucket} credential ${how} (${ban.evidence}; ${ban.request}). Send nothing with it before then; the run is incomplete.`;
}

/**
 * `redactor` is the run's (the caller also scrubs reports and console with it); every log line goes through it,
 * as a message may quote what a server echoed.
 */
export function createRuntime(
  config: RunConfig,
  rawLog: (line: string) => void,
  redactor: Redactor = keyRedactor(config.apiKey, config.secondApiKey),
): Runtime {
  const log = (line: string): void => rawLog(redactor.redact(line));
  const stop = new AbortController();
  const transcript = new Transcript();
  const waits: Waits = { limits: 0, chosen: 0 };
  const countdown = countdownSleep(log, stop.signal);
  const pacer = new Pacer({
    maxRequests: config.maxRequests,
    maxWaitMs: config.maxWaitMs,
    sleep: (ms, info) => {
      if (info.reason === 'a rate-limit window to pass') waits.chosen += ms;
      else waits.limits += ms;
      return countdown(ms, info);
    },
  });
  const http = new HttpClient({
    baseUrl: config.baseUrl,
    apiKey: config.apiKey,
    ...(config.secondApiKey ? { secondApiKey: config.secondApiKey } : {}),
    timeoutMs: config.timeoutMs,
    allowKeyInUrl: config.allowKeyInUrl,
    refusedKeyIsFailure: config.refusedKeyIsFailure,
    maxResponseBytes: config.maxResponseBytes,
    maxHeaderBytes: config.maxHeaderBytes,
    ...(config.caFile !== undefined ? { caFile: config.caFile } : {}),
    recordBodyBytes: RECORD_BODY_BYTES,
    pacer,
    transcript,
    redactor,
    signal: stop.signal,
    onBan: (ban) => log(banLine(ban)),
    onLongWait: (line) => log(`!!! ${line}`),
    ...(config.headers?.length ? { extraHeaders: config.headers } : {}),
    ...(config.proxy ? { proxy: config.proxy } : {}),
  });
  return {
    config,
    http,
    pacer,
    transcript,
    redactor,
    log,
    signal: stop.signal,
    abort: () => stop.abort(new Error('the run was stopped')),
    waits,
  };
}
