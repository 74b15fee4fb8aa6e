// Where a run's connections go: straight to the target, or through the proxy the environment names for it
// (HTTP_PROXY, HTTPS_PROXY, NO_PROXY, read by lib/config as curl and undici's EnvHttpProxyAgent read them). A
// loopback target is never proxied. Decides only; transport.ts opens the connections.
import type { ProxySettings } from '../config/config.ts';
import { isLoopbackUrl } from './loopback.ts';

const DEFAULT_PORTS: Record<string, number> = { 'http:': 80, 'https:': 443 };

/** Whether NO_PROXY exempts `url` (entries by host or domain suffix, with an optional port; `*` exempts all). */
function exempt(url: URL, noProxy: string | undefined): boolean {
  const value = (noProxy ?? '').trim();
  if (value === '*') return true;
  const host = url.hostname.toLowerCase().replace(/^\[|\]$/g, '');
  const port = Number(url.port) || DEFAULT_PORTS[url.protocol] || 0;
  for (const raw of value.split(/[,\s]+/)) {
    if (raw === '') continue;
    const m = /^(.*?)(?::(\d+))?$/.exec(raw.replace(/^\*?\./, '').toLowerCase())!;
    const entry = m[1]!.replace(/^\[|\]$/g, '');
    if (m[2] !== undefined && Number(m[2]) !== port) continue;
    if (host === entry || host.endsWith(`.${entry}`)) return true;
  }
  return false;
}

/** The proxy the requests to `baseUrl` go through, or undefined when they go straight to it. */
export function proxyFor(baseUrl: string, proxy: ProxySettings | undefined): string | undefined {
  if (!proxy || isLoopbackUrl(baseUrl)) return undefined;
  const url = new URL(baseUrl);
  if (exempt(url, proxy.noProxy)) return undefined;
  return url.protocol === 'https:' ? (proxy.httpsProxy ?? proxy.httpProxy) : proxy.httpProxy;
}
