// Setting tokens rendered in each face's words: every form, every declared setting, and nothing else.
import { describe, expect, it } from 'vitest';
import { commandRef, ref } from './setting-ref.ts';
import { renderDeep, renderSettings } from './setting-words.ts';
import { envAndFlag, envRef, flagAndEnv, flagRef, SETTINGS, settingRef, varRef } from './settings.ts';

describe('setting tokens', () => {
  it('the command names a setting by flag and variable, the API by key', () => {
    const text = `set ${settingRef('plan')}; fix ${envRef('baseUrl')}; ${flagRef('seed')} and ${varRef('apiKey')}`;
    expect(renderSettings(text, 'cli')).toBe(
      'set --plan / ORDER_STORE_PLAN; fix ORDER_STORE_BASE_URL (--base-url); --seed and ORDER_STORE_API_KEY',
    );
    expect(renderSettings(text, 'api')).toBe('set plan; fix baseUrl; seed and apiKey');
    expect(flagAndEnv('plan')).toBe(settingRef('plan'));
    expect(envAndFlag('plan')).toBe(envRef('plan'));
  });

  it('renders every form of every declared setting, and the command switches', () => {
    for (const s of SETTINGS)
      for (const form of ['setting', 'env', 'flag', 'var'] as const) {
        const token = ref(form, s.key);
        expect(renderSettings(token, 'cli')).not.toContain('⟦');
        expect(renderSettings(token, 'api')).toBe(s.key);
      }
    expect(renderSettings(`see ${commandRef('help')}, ${commandRef('list')}`, 'cli')).toBe(
      'see --help, --list',
    );
    expect(renderSettings(`see ${commandRef('list')}`, 'api')).toBe('see listChecks()');
  });

  it('leaves what names no setting as written: a server quoting brackets changes nothing', () => {
    const text = 'body ⟦setting:nope⟧ ⟦other:plan⟧ ⟦setting:plan ⟦command:exit⟧';
    expect(renderSettings(text, 'cli')).toBe(text);
    expect(renderSettings(text, 'api')).toBe(text);
  });

  it('every token in the settings help names a declared setting', () => {
    expect(SETTINGS.filter((s) => s.help.includes('⟦')).length).toBeGreaterThan(5);
    for (const s of SETTINGS) {
      expect(renderSettings(s.help, 'cli'), s.key).not.toContain('⟦');
      expect(renderSettings(s.help, 'cli'), s.key).not.toContain('⟧');
    }
  });

  it('renders inside plain objects and arrays, copying only what changes', () => {
    const date = new Date(0);
    const plain = { a: ['x', { b: 1 }], date };
    expect(renderDeep(plain, 'cli')).toBe(plain);
    const report = { checks: [{ message: `set ${settingRef('plan')}`, n: 3 }, { message: 'none' }], date };
    const shown = renderDeep(report, 'api');
    expect(shown).toEqual({ checks: [{ message: 'set plan', n: 3 }, { message: 'none' }], date });
    expect(shown.checks[1]).toBe(report.checks[1]);
    expect(shown.date).toBe(date);
    expect(report.checks[0]!.message).toBe(`set ${settingRef('plan')}`);
  });
});
