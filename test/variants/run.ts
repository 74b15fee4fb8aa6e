// Runs one entry of the variant matrix through the whole command (in process) against a reference server
// with those variants, and asserts the run stayed silent: no fail, warn or error, every proven check ran.
import { expect } from 'vitest';
import { startReferenceServer } from '../../reference/server.ts';
import { checkOf, runCliInProcess, skipCauseGaps, targetEnv } from '../support/cli.ts';
import { disagreements, judgeRun, loud as loudPassive } from '../support/passive.ts';
import { ROOMY_RATE_LIMIT } from '../support/reference.ts';
import { provenChecks } from './index.ts';
import type { VariantRun } from './proof.ts';

/**
 * Skips any run may give, by timing alone: HTTP-HEAD-CONTENT-LENGTH judges a HEAD only between GETs with no
 * unsafe request of the run in flight around it, which the run's concurrent checks may never leave (CI met
 * one HEAD, with a cancel beside it, on variant empty-store). When it runs it must stay silent like the rest.
 */
const TIMING_SKIPS: Record<string, RegExp> = {
  'HTTP-HEAD-CONTENT-LENGTH': /none had GETs of the same URL and Accept on both sides/,
};

export async function expectSilentRun(run: VariantRun): Promise<void> {
  // Closed here, not by the shared after-each close, so runs may go side by side.
  const server = await startReferenceServer({
    rateLimit: ROOMY_RATE_LIMIT,
    ...run.reference,
    variants: run.variants,
  });
  const env = targetEnv(server);
  if (run.untrusted) env.ORDER_STORE_TRUST_ORDER_LIST = 'false';
  const result = await runCliInProcess(['--seed', '9', ...run.args], { env }).finally(() => server.close());
  const summary = `${result.stdout}\n${result.stderr}`;
  const loud = result
    .report!.checks.filter((c) => c.status === 'fail' || c.status === 'warn' || c.status === 'error')
    .map((c) => `${c.id} ${c.status}: ${c.message}`);
  expect(loud, summary).toEqual([]);
  for (const id of provenChecks(run)) {
    const c = checkOf(result, id);
    const reason = run.maySkip?.[id] ?? TIMING_SKIPS[id];
    const excused = c.status === 'skip' && (reason?.test(c.message) ?? false);
    if (!excused) expect(['pass', 'info'], `${id} ${c.status}: ${c.message}`).toContain(c.status);
  }
  for (const [id, reason] of Object.entries(run.skips ?? {})) {
    expect(checkOf(result, id).status, id).toBe('skip');
    expect(checkOf(result, id).message, id).toMatch(reason);
  }
  for (const [id, choice] of Object.entries(run.records ?? {})) {
    const c = checkOf(result, id);
    expect(`${c.message}\n${c.details.join('\n')}`, id).toMatch(choice);
  }
  expect(skipCauseGaps(result), summary).toEqual([]);
  expect(result.code, summary).toBe(0);
  expect(result.report!.verdict).toBe('conformant');
  // The probe never sent inside a Retry-After: the server bans on the first early request.
  expect(server.stats().early).toBe(0);
  expect(server.stats().bans).toBe(0);
  // Its transcript.har, judged passively, is silent too, and agrees on every check both judge.
  const passive = await judgeRun(result, { trustOrderList: true });
  expect(loudPassive(passive), summary).toEqual([]);
  expect(disagreements(result.report!, passive), summary).toEqual([]);
  expect(passive.verdict).toBe('conformant');
}
