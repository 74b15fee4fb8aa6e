// Fault ratelimit-front-403: a reverse proxy before the application (HAProxy's stick table with
// http_req_rate over six key windows, and `http-request deny`) that refuses a client address past the key's
// limit + 1 requests in that period with its own 403 page, counting the requests it refuses too, so it goes
// on refusing after the application's Reset. Must not know keys or routes: it sees addresses only.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { WindowSpec } from './plans.ts';

/** HAProxy's own 403 page (its errorfile default), without any of the application's fields. */
const PAGE =
  '<html><body><h1>403 Forbidden</h1>\nRequest forbidden by administrative rules.\n</body></html>\n';

export class FrontLimiter {
  readonly #seen = new Map<string, number[]>();

  constructor(private readonly window: WindowSpec) {}

  /** Counts the request (refused ones too) and answers it with the 403 page when past the front's rate. */
  refused(req: IncomingMessage, res: ServerResponse, now: number): boolean {
    const address = req.socket.remoteAddress ?? 'unknown';
    const period = 6 * this.window.windowMs;
    const seen = (this.#seen.get(address) ?? []).filter((t) => t > now - period);
    seen.push(now);
    this.#seen.set(address, seen);
    if (seen.length <= this.window.limit + 1) return false;
    res.writeHead(403, {
      'Content-Type': 'text/html',
      'Content-Length': String(Buffer.byteLength(PAGE)),
      'Cache-Control': 'no-cache',
      Connection: 'close',
    });
    res.end(PAGE);
    return true;
  }
}
