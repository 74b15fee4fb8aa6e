// Keys and base URLs refused before anything is sent: each mistake names its problem, never the key.
import { describe, expect, it } from 'vitest';
import { UsageError } from '../errors.ts';
import { loadConfig } from './load.ts';
import { renderSettings } from './setting-words.ts';

const BASE = 'https://api.example.com/v1';
const SECRET = 'sk_live_Zq81';

function refusal(env: Record<string, string>): string {
  try {
    loadConfig([], { env, cwd: '/nonexistent-osc' });
  } catch (e) {
    expect(e).toBeInstanceOf(UsageError);
    // In the command's words, as it prints them.
    return renderSettings((e as Error).message, 'cli');
  }
  throw new Error(`expected a UsageError for ${JSON.stringify(env)}`);
}

describe('refused up front', () => {
  it.each([
    [`${SECRET}\nX-Injected: 1`, 'control character at position 13'],
    [`sk_live\rZq81`, 'control character at position 8'],
    [`${SECRET} more`, 'whitespace at position 13'],
    [`${SECRET}\u00e9`, 'non-ASCII character'],
    [`${SECRET}"`, 'a character a bearer token may not have'],
    [`${SECRET}==x`, 'an "=" that is not trailing padding'],
    [`Bearer ${SECRET}`, 'whitespace at position 7'],
  ])('an API key with %j', (key, problem) => {
    const message = refusal({ ORDER_STORE_BASE_URL: BASE, ORDER_STORE_API_KEY: key });
    expect(message).toContain('ORDER_STORE_API_KEY');
    expect(message).toContain(problem);
    expect(message).not.toContain(SECRET);
    expect(message.split('\n')).toHaveLength(1);
  });

  it('the second key too', () => {
    const message = refusal({
      ORDER_STORE_BASE_URL: BASE,
      ORDER_STORE_API_KEY: SECRET,
      ORDER_STORE_SECOND_API_KEY: 'sk_two\tx',
    });
    expect(message).toContain('ORDER_STORE_SECOND_API_KEY');
    expect(message).not.toContain('sk_two');
  });

  it('accepts every token68 key, padding included', () => {
    const key = 'AZaz09-._~+/abc==';
    const c = loadConfig([], { env: { ORDER_STORE_BASE_URL: BASE, ORDER_STORE_API_KEY: key }, cwd: '/x' });
    expect(c.target).toEqual({ kind: 'url', baseUrl: BASE, apiKey: key });
  });

  it.each([
    ['https://api.example.com/my shop/v1', 'whitespace inside'],
    ['api.example.com/v1', 'not an absolute URL with http or https'],
    ['ftp://api.example.com/v1', 'not an absolute URL with http or https'],
    ['/v1', 'not an absolute'],
    ['https://user:pass@api.example.com/v1', 'credentials'],
    ['https://@api.example.com/v1', 'credentials'],
    ['https://api.example.com/v1?', 'query'],
    ['https://api.example.com/v1?x=1', 'query'],
    ['https://api.example.com/v1#', 'fragment'],
  ])('a base URL %j', (url, problem) => {
    const message = refusal({ ORDER_STORE_BASE_URL: url, ORDER_STORE_API_KEY: SECRET });
    expect(message).toContain('ORDER_STORE_BASE_URL');
    expect(message).toContain(problem);
    expect(message.split('\n')).toHaveLength(1);
  });
});
