// The connections to the target (one undici Agent) and what undici tells of them: bytes the target sent where
// no response was due. Opens connections only: it never sends, retries or reads a request itself.
import { Agent } from 'undici';

export interface ConnectionSettings {
  timeoutMs: number;
  maxResponseBytes: number;
  /** Told of bytes the target sent where no response was due, as undici reports them when it drops a connection. */
  onStray: (message: string) => void;
}

export class Connections {
  private readonly agent: Agent;

  constructor(settings: ConnectionSettings) {
    const { timeoutMs, maxResponseBytes, onStray } = settings;
    this.agent = new Agent({
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      connect: { timeout: timeoutMs },
      maxResponseSize: maxResponseBytes,
    });
    this.agent.on('disconnect', (_origin, _targets, error) => {
      if (error && /bad response/i.test(error.message))
        onStray(`${error.message} (${(error as { code?: string }).code ?? 'E_HTTP'})`);
    });
  }

  /** The dispatcher for one exchange; pair with end(). */
  begin(): Agent {
    return this.agent;
  }

  /** An exchange ended (its body read, or it failed); `headers` are its response's, when one came. */
  end(_headers?: Record<string, string | string[] | undefined>): void {}

  async close(): Promise<void> {
    await this.agent.close();
  }
}
