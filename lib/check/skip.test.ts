// A skip's cause is data: the unmet needs name their setting from the settings table, a quoted reason keeps
// the weightiest cause, and an error forces a limit only when it is the budget or the wait limit.
import { describe, expect, it } from 'vitest';
import { LimitError } from '../config/limits.ts';
import { renderSettings } from '../config/setting-words.ts';
import { type SettingKey, settingOf, settingRef } from '../config/settings.ts';
import { HarnessError } from '../errors.ts';
import { UNMET } from './needs.ts';
import { causeOfError, input, limit, OUTCOME, type Skip, strongest } from './skip.ts';

describe('skip causes', () => {
  it('each unmet need names the setting its cause holds, as a token each face words its own way', () => {
    const skips: Skip[] = [
      UNMET.probeOff,
      UNMET.shipped,
      UNMET.secondKey,
      UNMET.keyPlan,
      UNMET.burst,
      UNMET.cancellable(2, 1),
      UNMET.budget(30, 4),
    ];
    for (const s of skips) {
      const setting = settingOf(s.cause.setting!);
      expect(s.reason).toContain(settingRef(setting.key as SettingKey));
      expect(renderSettings(s.reason, 'cli')).toContain(`${setting.flag} / ${setting.env}`);
    }
    expect(UNMET.budget(30, 4)).toEqual({
      reason: 'needs up to 30 requests and 4 remain of the budget: raise ⟦setting:maxRequests⟧',
      cause: { kind: 'limit', setting: 'maxRequests' },
    });
    expect(UNMET.keyPlan).toEqual({
      reason: "needs the key's plan: set ⟦setting:plan⟧",
      cause: { kind: 'input', setting: 'plan' },
    });
  });

  it('a reason that quotes another keeps the weightiest cause: limit, then input, then outcome', () => {
    expect(strongest(input('shippedOrderIds'), limit('maxRequests'))).toEqual(limit('maxRequests'));
    expect(strongest(OUTCOME, input('trustOrderList'))).toEqual(input('trustOrderList'));
    expect(strongest(input('shippedOrderIds'), input('trustOrderList'))).toEqual(input('shippedOrderIds'));
    expect(strongest()).toEqual(OUTCOME);
  });

  it('an error forces a limit only when it is the request budget or the wait limit', () => {
    expect(causeOfError(new LimitError('E_BUDGET', 'spent', 'maxRequests'))).toEqual(limit('maxRequests'));
    expect(causeOfError(new LimitError('E_RATE_LIMIT_WAIT', 'too long', 'maxWaitSeconds'))).toEqual(
      limit('maxWaitSeconds'),
    );
    expect(causeOfError(new LimitError('E_TIMEOUT', 'slow', 'timeoutMs'))).toEqual(OUTCOME);
    expect(causeOfError(new HarnessError('E_HTTP', 'reset'))).toEqual(OUTCOME);
    expect(causeOfError(new Error('anything'))).toEqual(OUTCOME);
  });
});
