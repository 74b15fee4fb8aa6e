// Sends the probe's requests one at a time with the key it is told, through the pacer (never inside a
// Retry-After), and numbers what comes back as the probe's samples. Judges nothing.
import type { Tools } from '../../kit/context.ts';
import { type ProbeRequest, type Sample, sampleOf } from './record.ts';

/** Sends the probe's requests, numbering the samples and adding up the waits the pacer imposes first. */
export class ProbeSender {
  count = 0;
  waitedMs = 0;
  constructor(private readonly env: Tools) {}

  async send(
    request: ProbeRequest,
    key: 'primary' | 'secondary',
    spendToLimit: boolean,
    headers?: Record<string, string>,
    scheme?: string,
  ): Promise<Sample> {
    const wait = this.env.http.pacer.requiredWait(key, spendToLimit)?.ms ?? 0;
    const res = await this.env.http.send({
      method: request.method,
      path: request.path,
      // Another spelling of the scheme goes only where the run saw it accepted (key-spelling.ts), and on a
      // connection of its own (lib/http/exchange.ts), where no cache of the connection's header values hides it.
      auth: { kind: 'key', key, ...(scheme !== undefined ? { scheme } : {}) },
      retryAfter429: false,
      spendToLimit,
      ...(headers ? { headers } : {}),
    });
    // Counted once sent: a wait the run refused (past --max-wait-seconds) was never waited.
    this.waitedMs += wait;
    return sampleOf(res, this.count++);
  }

  /** Makes `sample` the reading (#0): the probe's sequence starts again from it. */
  restart(sample: Sample): Sample {
    this.count = 1;
    return { ...sample, n: 0 };
  }
}
