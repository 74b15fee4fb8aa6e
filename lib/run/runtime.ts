// The per-run machinery the checks share inside the vitest worker: one pacer, one transcript, one redactor
// and one HTTP client, so budget, waits and redaction hold across every suite.

import type { RunSettings } from '../config/run-config.ts';
import { HttpClient } from '../http/client.ts';
import { Pacer, type WaitInfo } from '../http/pacer.ts';
import { Redactor } from '../http/redact.ts';
import { Transcript } from '../http/transcript.ts';

/** How much of each body the transcript keeps for evidence. */
export const RECORD_BODY_BYTES = 16 * 1024;
/** A wait longer than this gets a visible countdown. */
const COUNTDOWN_FROM_MS = 2000;
const COUNTDOWN_TICK_MS = 5000;

export interface Runtime {
  settings: RunSettings;
  http: HttpClient;
  pacer: Pacer;
  transcript: Transcript;
  redactor: Redactor;
  log(line: string): void;
}

/** Sleeps, printing a countdown for the long waits so a paused run never looks hung. */
export function countdownSleep(log: (line: string) => void) {
  return async (ms: number, info: WaitInfo): Promise<void> => {
    if (ms >= COUNTDOWN_FROM_MS) {
      log(
        `  … waiting ${Math.ceil(ms / 1000)} s (${info.reason}, ${info.bucket} credential) before the next request`,
      );
    }
    let left = ms;
    while (left > 0) {
      const step = Math.min(left, COUNTDOWN_TICK_MS);
      await new Promise((r) => setTimeout(r, step));
      left -= step;
      if (left >= 1000) log(`  … ${Math.ceil(left / 1000)} s left`);
    }
  };
}

export function createRuntime(settings: RunSettings, log: (line: string) => void): Runtime {
  const transcript = new Transcript();
  const redactor = new Redactor();
  const pacer = new Pacer({
    maxRequests: settings.maxRequests,
    maxWaitMs: settings.maxWaitMs,
    sleep: countdownSleep(log),
  });
  const http = new HttpClient({
    baseUrl: settings.baseUrl,
    apiKey: settings.apiKey,
    ...(settings.secondApiKey ? { secondApiKey: settings.secondApiKey } : {}),
    timeoutMs: settings.timeoutMs,
    maxResponseBytes: settings.maxResponseBytes,
    recordBodyBytes: RECORD_BODY_BYTES,
    pacer,
    transcript,
    redactor,
  });
  return { settings, http, pacer, transcript, redactor, log };
}
