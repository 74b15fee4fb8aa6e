// Registers checks as vitest tests inside the conformance run's worker. Imported only by the run's entry
// file (suites/conformance.run.ts): vitest's test API exists only there, never in the command's process.
import { afterAll, describe, inject, test } from 'vitest';
import {
  type CheckDefinition,
  type CheckMeta,
  type CheckResult,
  type SuiteDefinition,
  selectChecks,
} from '../check/model.ts';
import { type BaseContext, runCheck } from '../check/run-check.ts';
import type { RunSettings } from '../config/run-config.ts';
import { resultLine } from '../report/console.ts';
import { createRuntime, type Runtime } from './runtime.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    conformance: RunSettings;
  }
  interface TaskMeta {
    check?: CheckResult;
    run?: { requestsSent: number; requestBudget: number };
  }
}

/** A safety net above the harness's own timeouts and waits: a check that outlives it is an error. */
const CHECK_TIMEOUT_MS = 15 * 60_000;

export interface SuiteEnvironment<C> {
  context(base: BaseContext): C;
  unmetNeed(check: CheckMeta): string | undefined;
}

export function registerConformanceRun<C>(
  suites: readonly SuiteDefinition<C>[],
  environment: (runtime: Runtime) => SuiteEnvironment<C>,
): void {
  const settings = inject('conformance');
  const runtime = createRuntime(settings, (line) => console.log(line));
  const env = environment(runtime);

  for (const suite of suites) {
    const checks = selectChecks(suite.checks, settings.only, settings.skip);
    if (checks.length === 0) continue;
    describe(suite.title, () => {
      for (const check of checks) registerCheck(suite, check, runtime, env);
    });
  }

  // vitest requires the first hook argument to be a destructuring pattern; the file task is the second.
  // biome-ignore lint/correctness/noEmptyPattern: see above
  afterAll(async ({}, file) => {
    file.meta.run = { requestsSent: runtime.pacer.requestsSent, requestBudget: settings.maxRequests };
    await runtime.http.close();
  });
}

function registerCheck<C>(
  suite: SuiteDefinition<C>,
  check: CheckDefinition<C>,
  runtime: Runtime,
  env: SuiteEnvironment<C>,
): void {
  test(
    check.id,
    async (ctx) => {
      const result = await runCheck(check, {
        suite: suite.title,
        transcript: runtime.transcript,
        redactor: runtime.redactor,
        unmetNeed: (c) => env.unmetNeed(c),
        context: (base) => env.context(base),
        setCurrent: (id) => {
          runtime.http.currentCheckId = id;
        },
      });
      ctx.task.meta.check = result;
      // Printed from here, on the same channel as the checks' own log lines, so the console keeps their order
      // (vitest batches results to the main process but forwards console output at once).
      runtime.log(resultLine(result));
      if (result.status === 'skip') ctx.skip(result.message);
      if (result.status === 'fail' || result.status === 'error')
        throw new Error(`${result.status}: ${result.message}`);
    },
    CHECK_TIMEOUT_MS,
  );
}
