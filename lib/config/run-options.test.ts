// The edge settings read from text: headers as "Name: value" lines (never the harness's own), the MUST floor,
// the report files, the proxies of the environment, and one warning for keys given as flags.
import { describe, expect, it } from 'vitest';
import { UsageError } from '../errors.ts';
import { headersOf, keyFlagWarning, mustFloorOf, proxyOf, reportsOf } from './run-options.ts';
import { renderSettings } from './setting-words.ts';

describe('run options', () => {
  it('headers: "Name: value" lines, each once, never Authorization, Host or framing', () => {
    expect(headersOf('X-Gateway: gw-1\nX-Tenant:  acme, eu \n')).toEqual([
      ['X-Gateway', 'gw-1'],
      ['X-Tenant', 'acme, eu'],
    ]);
    expect(headersOf(undefined)).toEqual([]);
    for (const bad of [
      'Authorization: Bearer x',
      'host: x',
      'Transfer-Encoding: chunked',
      'no colon',
      'Bad Name: x',
    ])
      expect(() => headersOf(bad), bad).toThrow(UsageError);
    expect(() => headersOf('X-A: 1\nx-a: 2')).toThrow(/given twice/);
    // A refused value is never quoted: it may be a secret.
    expect(() => headersOf('X-Token: s3cret\u0007')).toThrow(/^(?!.*s3cret)/);
  });

  it('the MUST floor: a count, a share, all or planned', () => {
    expect(mustFloorOf('40')).toEqual({ kind: 'count', value: 40 });
    expect(mustFloorOf('90%')).toEqual({ kind: 'percent', value: 90 });
    expect(mustFloorOf('ALL')).toEqual({ kind: 'all' });
    expect(mustFloorOf('planned')).toEqual({ kind: 'planned' });
    expect(mustFloorOf(undefined)).toBeUndefined();
    for (const bad of ['120%', '-1', 'most'])
      expect(() => mustFloorOf(bad), bad).toThrow(/⟦env:minMustEvaluated⟧/);
  });

  it('report files: report.json always among them, in the run folder order', () => {
    expect(reportsOf('md,junit')).toEqual(['json', 'junit', 'md']);
    expect(reportsOf(undefined)).toEqual(['json', 'junit', 'html', 'md', 'har']);
    expect(() => reportsOf('htm')).toThrow(/unknown report "htm" \(did you mean html\?\)/);
  });

  it('proxies as curl reads them, lower case first; none is none', () => {
    expect(proxyOf({})).toBeUndefined();
    expect(proxyOf({ NO_PROXY: 'x' })).toBeUndefined();
    expect(
      proxyOf({ HTTPS_PROXY: 'http://upper:1', https_proxy: 'http://lower:2', no_proxy: '.internal' }),
    ).toEqual({ httpsProxy: 'http://lower:2', noProxy: '.internal' });
    expect(() => proxyOf({ HTTP_PROXY: 'proxy.example:3128' })).toThrow(/HTTP_PROXY must be an http/);
  });

  it('keys given as flags: one warning naming both, no key in it', () => {
    expect(keyFlagWarning({})).toEqual([]);
    const [w] = keyFlagWarning({ apiKey: 'osk_a', secondApiKey: 'osk_b' });
    expect(renderSettings(w!, 'cli')).toMatch(
      /^a key given on the command line \(--api-key and --second-api-key\)/,
    );
    expect(w).not.toMatch(/osk_/);
  });
});
