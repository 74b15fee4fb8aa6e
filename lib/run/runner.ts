// Runs the selected checks through vitest in one worker, one file, in order (no parallel hammering of the
// target), and hands each verdict back as it lands. Started by the command; it writes nothing itself.
import { fileURLToPath } from 'node:url';
import { createVitest, type Reporter, type TestCase, type TestModule } from 'vitest/node';
import type { CheckResult } from '../check/model.ts';
import type { RunSettings } from '../config/run-config.ts';
import { errorMessage } from '../errors.ts';

export const PACKAGE_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const ENTRY = 'suites/conformance.run.ts';

export interface RunHooks {
  onResult(result: CheckResult): void;
  onLog(line: string): void;
}

export interface RunOutcome {
  results: CheckResult[];
  requestsSent?: number;
  /** Why the run could not finish, when it could not. */
  problems: string[];
}

export interface ActiveRun {
  outcome: Promise<RunOutcome>;
  /** Stops the run (Ctrl-C): the checks in flight end, the rest never start. */
  cancel(): Promise<void>;
}

export async function startRun(settings: RunSettings, hooks: RunHooks): Promise<ActiveRun> {
  const results: CheckResult[] = [];
  const problems: string[] = [];
  let requestsSent: number | undefined;
  const reporter: Reporter = {
    onTestCaseResult(testCase: TestCase) {
      const r = testCase.meta().check;
      if (r) {
        results.push(r);
        hooks.onResult(r);
      } else if (testCase.result().state === 'failed') {
        const errors = testCase.result().errors ?? [];
        problems.push(
          `${testCase.name}: ${errors.map((e) => e.message).join('; ') || 'failed before recording a verdict'}`,
        );
      }
    },
    onTestModuleEnd(testModule: TestModule) {
      requestsSent = testModule.meta().run?.requestsSent;
      for (const e of testModule.errors()) problems.push(`the run's worker failed: ${e.message}`);
    },
    onUserConsoleLog(log) {
      for (const line of log.content.replace(/\n$/, '').split('\n')) hooks.onLog(line);
    },
    onTestRunEnd(_modules, unhandledErrors, reason) {
      for (const e of unhandledErrors) problems.push(`unhandled error in the run: ${errorMessage(e)}`);
      if (reason === 'interrupted') problems.push('the run was interrupted');
    },
  };
  const signals = ['SIGINT', 'SIGTERM'] as const;
  const ours = new Map(signals.map((sig) => [sig, process.listeners(sig)]));
  const vitest = await createVitest(
    'test',
    {
      config: false,
      root: PACKAGE_ROOT,
      include: [ENTRY],
      watch: false,
      reporters: [reporter],
      isolate: false,
      fileParallelism: false,
      maxWorkers: 1,
      pool: 'forks',
      passWithNoTests: true,
      // A conformance run writes its reports and nothing else (no results cache inside node_modules).
      cache: false,
      provide: { conformance: settings },
    },
    { logLevel: 'silent' },
  );
  // vitest's logger exits the process on SIGINT/SIGTERM; the command handles signals itself so that an
  // interrupted run still writes its report.
  for (const sig of signals) {
    for (const listener of process.listeners(sig))
      if (!ours.get(sig)!.includes(listener)) process.off(sig, listener);
  }
  const outcome = (async (): Promise<RunOutcome> => {
    try {
      await vitest.start();
    } catch (e) {
      problems.push(`the test runner failed: ${errorMessage(e)}`);
    } finally {
      await vitest.close();
    }
    return { results, ...(requestsSent !== undefined ? { requestsSent } : {}), problems };
  })();
  return {
    outcome,
    cancel: () => vitest.cancelCurrentRun('keyboard-input'),
  };
}
