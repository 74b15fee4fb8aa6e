// Which route a probe answer came from (GET /store/orders, DELETE /store/orders/{orderId}): a limiter may keep
// a count per route, or spare one, so an answer's counts describe its own route only. Pure; never sends.
import type { Sample } from './record.ts';

/** The route of the request a sample answered, its orderId generalised: `DELETE /store/orders/{orderId}`. */
export function routeOf(s: Sample): string {
  // A hand-made sample may carry no request: one route for all of them.
  const request = s.response.exchange.request as Sample['response']['exchange']['request'] | undefined;
  if (!request) return 'the walk';
  const { method, url } = request;
  const path = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '').replace(/[?#].*$/, '');
  const tail = path
    .replace(/^.*?(\/store\/orders)/, '$1')
    .replace(/^(\/store\/orders)\/[^/]+$/, '$1/{orderId}');
  return `${method} ${tail}`;
}

/** The last of `samples` before `s` on the same route as `s`, in the order they were counted. */
export function lastOnRoute(samples: readonly Sample[], s: Sample): Sample | undefined {
  const route = routeOf(s);
  const at = samples.indexOf(s);
  for (let i = (at < 0 ? samples.length : at) - 1; i >= 0; i--)
    if (routeOf(samples[i]!) === route) return samples[i];
  return undefined;
}
