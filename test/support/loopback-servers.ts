// Plain node:http servers on 127.0.0.1 for the client's tests, each closed after every test of the file that
// registers the hook: `serve(handler)` resolves the base URL (…/v1) of a fresh one.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach } from 'vitest';

/** The servers of one test file; `serve` starts one, closed after each test. */
export function loopbackServers(): {
  serve: (handler: (req: IncomingMessage, res: ServerResponse) => void) => Promise<string>;
} {
  const servers: Server[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
  });
  return {
    async serve(handler) {
      const server = createServer(handler);
      servers.push(server);
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
    },
  };
}
