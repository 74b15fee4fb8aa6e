// Which requests go through the proxy the environment names: by scheme, never to a loopback target, never to a
// host NO_PROXY names (exactly, as a domain suffix, with or without a port, or `*`).
import { describe, expect, it } from 'vitest';
import { proxyFor } from './dispatcher.ts';

const PROXY = { httpProxy: 'http://proxy:3128', httpsProxy: 'http://secure-proxy:3128' };

describe('proxyFor', () => {
  it('picks the proxy by the scheme of the target', () => {
    expect(proxyFor('http://api.example.com/v1', PROXY)).toBe('http://proxy:3128');
    expect(proxyFor('https://api.example.com/v1', PROXY)).toBe('http://secure-proxy:3128');
    expect(proxyFor('https://api.example.com/v1', { httpProxy: 'http://proxy:3128' })).toBe(
      'http://proxy:3128',
    );
    expect(proxyFor('https://api.example.com/v1', undefined)).toBeUndefined();
  });

  it('never proxies a loopback target, nor a host NO_PROXY names', () => {
    expect(proxyFor('http://127.0.0.1:8080/v1', PROXY)).toBeUndefined();
    expect(proxyFor('http://localhost:8080/v1', PROXY)).toBeUndefined();
    for (const noProxy of ['example.com', '.example.com', '*.example.com', 'other, api.example.com', '*'])
      expect(proxyFor('https://api.example.com/v1', { ...PROXY, noProxy }), noProxy).toBeUndefined();
    expect(proxyFor('https://api.example.com/v1', { ...PROXY, noProxy: 'api.example.com:8443' })).toBe(
      'http://secure-proxy:3128',
    );
    expect(
      proxyFor('https://api.example.com:8443/v1', { ...PROXY, noProxy: 'api.example.com:8443' }),
    ).toBeUndefined();
    expect(proxyFor('https://notexample.com/v1', { ...PROXY, noProxy: 'example.com' })).toBe(
      'http://secure-proxy:3128',
    );
  });
});
