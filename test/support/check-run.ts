// A check to run and the run around it, for the tests of lib/check/ (runCheck, its results and definitions):
// a real Transcript and Redactor, one MUST/SHOULD/INFO check with a basis, and exchanges to cite.

import { type CheckDefinition, defineCheck, type Level } from '../../lib/check/model.ts';
import type { CheckContext } from '../../lib/check/run-check.ts';
import type { Skip } from '../../lib/check/skip.ts';
import { KEY_VARIABLE, Redactor } from '../../lib/http/redact.ts';
import { Transcript } from '../../lib/http/transcript.ts';

export function env(unmet?: Skip) {
  const transcript = new Transcript();
  const redactor = new Redactor();
  redactor.addKey('osk_runner_key_1234', KEY_VARIABLE);
  let current: string | undefined;
  return {
    transcript,
    current: () => current,
    env: {
      suite: 'Test suite',
      transcript,
      redactor,
      unmetNeed: () => unmet,
      context: (base: CheckContext) => base,
      setCurrent: (id: string | undefined) => {
        current = id;
      },
    },
  };
}

export function make(level: Level, run: (ctx: CheckContext) => Promise<void>): CheckDefinition<CheckContext> {
  return defineCheck({
    id: 'T-ONE',
    spec: 'spec §0',
    level,
    rules: ['4.cancel.r3'],
    requirement: 'r',
    basis: [
      {
        source: 'spec §4 cancelOrder rule 3',
        text: 'When no order has the given `orderId`, then the response is 404.',
      },
    ],
    title: 't',
    needs: { requests: 0 },
    run,
    recorded: { only: 'a test check' },
  });
}

export function exchange(transcript: Transcript, status: number) {
  return transcript.add({
    checkId: 'T-ONE',
    bucket: 'primary',
    startedAt: new Date(0).toISOString(),
    durationMs: 1,
    request: {
      method: 'GET',
      url: 'http://h/v1/store/orders',
      headers: { authorization: 'Bearer $ORDER_STORE_API_KEY' },
    },
    response: { status, headers: {}, body: '', bodyBytes: 0, bodyTruncated: false },
  });
}
