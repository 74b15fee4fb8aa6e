// Unknown ORDER_STORE_* variables are named with the closest setting; CI is read as CI systems set it.
import { describe, expect, it } from 'vitest';
import { inCi, unknownVariables } from './environment.ts';

describe('environment', () => {
  it('names the closest known setting of a misspelt variable, and ignores other variables', () => {
    expect(
      unknownVariables(
        { ORDER_STORE_BASEURL: 'x', ORDER_STORE_APIKEY: 'y', ORDER_STORE_BASE_URL: 'z', PATH: '/bin' },
        'environment',
      ),
    ).toEqual([
      'ORDER_STORE_BASEURL (environment) is not a setting and is ignored; did you mean ORDER_STORE_BASE_URL?',
      'ORDER_STORE_APIKEY (environment) is not a setting and is ignored; did you mean ORDER_STORE_API_KEY?',
    ]);
  });

  it('reads CI=true (GitHub Actions, GitLab CI) as CI, and an empty or false value as not', () => {
    expect(inCi({ CI: 'true' })).toBe(true);
    expect(inCi({ CI: '1' })).toBe(true);
    expect(inCi({ CI: '' })).toBe(false);
    expect(inCi({ CI: 'false' })).toBe(false);
    expect(inCi({})).toBe(false);
  });
});
