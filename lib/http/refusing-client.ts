// The HTTP client of a passive run (judging recorded traffic): the client's shape for the checks that read it,
// and a refusal for every request, so a judge that would send ends in a harness error instead of touching the
// target. It never opens a connection.
import { HarnessError } from '../errors.ts';
import { HttpClient, type Response, type SendOptions } from './client.ts';
import { Pacer } from './pacer.ts';
import type { Redactor } from './redact.ts';
import type { Transcript } from './transcript.ts';

export class RefusingClient extends HttpClient {
  constructor(baseUrl: string, transcript: Transcript, redactor: Redactor) {
    super({
      baseUrl,
      // No key: a passive run holds none for sending (the recording's are only fingerprinted and redacted).
      apiKey: '',
      timeoutMs: 1,
      maxResponseBytes: 1,
      recordBodyBytes: 0,
      pacer: new Pacer({ maxRequests: 0, maxWaitMs: 0 }),
      transcript,
      redactor,
    });
  }

  private refuse(opts: SendOptions): never {
    throw new HarnessError(
      'E_PASSIVE',
      `${opts.method} ${opts.path} not sent: a judge of recorded traffic sends nothing (this check has no passive judge)`,
    );
  }

  override async send(opts: SendOptions): Promise<Response> {
    return this.refuse(opts);
  }

  override async burst(opts: SendOptions): Promise<Array<Response | HarnessError>> {
    return this.refuse(opts);
  }
}
