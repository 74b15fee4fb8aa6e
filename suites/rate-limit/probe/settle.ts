// The probe's last step: waits out a Retry-After still running on a key, so the run never ends inside one.
// The wait goes through the pacer; it sends nothing.
import type { Tools } from '../../kit/context.ts';
import { seconds } from './record.ts';
import type { ProbeSender } from './sender.ts';

/**
 * Waits out a Retry-After still running on a key before the probe ends, so that whatever is sent right
 * after this run (another run, another job on the same key) cannot land inside it.
 */
export async function settle(env: Tools, key: 'primary' | 'secondary', sender: ProbeSender): Promise<void> {
  const { pacer } = env.http;
  const until = pacer.blockedUntil(key);
  if (until === undefined) return;
  const ms = until - Date.now();
  if (ms > env.config.maxWaitMs) {
    env.log(
      `warning: the ${key} key stays inside a Retry-After period until ${new Date(until).toISOString()}; send nothing with it before then`,
    );
    return;
  }
  env.log(`Rate-limit probe: waiting ${seconds(ms)} for the ${key} key's Retry-After to pass before ending`);
  sender.waitedMs += ms;
  await pacer.waitUntilFree(key, true);
}
