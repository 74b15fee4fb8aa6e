// A server that dies on a request is the server's failure, not the pipeline's: the reference command run as a
// child process with fault orderid-percent-ff-crash exits on the spelling run's %FF, as a polka app's uncaught
// URIError ends it, and the run blames that request (ID-MALFORMED-4XX, exit 1) while it still says incomplete.
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_PENDING_IDS, DEFAULT_SHIPPED_IDS, DEMO_KEY } from '../../reference/server.ts';
import { checkOf, ROOT, runCliInProcess } from '../support/cli.ts';

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

/** The reference command with the fault, on a free loopback port: its base URL, its stderr and its exit. */
async function crashingServer() {
  const child = spawn(
    process.execPath,
    [join(ROOT, 'bin', 'order-store-reference.js'), '--port', '0', '--faults', 'orderid-percent-ff-crash'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  children.push(child);
  let out = '';
  let err = '';
  child.stderr!.on('data', (d: Buffer) => {
    err += d.toString();
  });
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no base URL within 10 s: ${err}`)), 10_000);
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const url = /Base URL: (\S+)/.exec(out)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve(url);
      }
    });
  });
  return { baseUrl, exit, stderr: () => err };
}

describe('a server that dies on a request', () => {
  it('is blamed for that request by the check that binds it, with its curl line: exit 1', {
    timeout: 60_000,
  }, async () => {
    const server = await crashingServer();
    const run = await runCliInProcess(['--skip-rate-limit-probe', '--property-runs', '2', '--seed', '5'], {
      env: {
        ORDER_STORE_BASE_URL: server.baseUrl,
        ORDER_STORE_API_KEY: DEMO_KEY,
        ORDER_STORE_CANCELLABLE_ORDER_IDS: DEFAULT_PENDING_IDS.join(','),
        ORDER_STORE_SHIPPED_ORDER_IDS: DEFAULT_SHIPPED_IDS.join(','),
        ORDER_STORE_TRUST_ORDER_LIST: 'true',
      },
    });
    // The server process ended on the request, as an uncaught URIError ends it.
    expect(await server.exit).toBe(1);
    expect(server.stderr()).toMatch(/URIError: URI malformed/);
    const summary = `${run.stdout}\n${run.stderr}`;
    const blamed = checkOf(run, 'ID-MALFORMED-4XX');
    expect(blamed.status, summary).toBe('fail');
    expect(blamed.message).toMatch(
      /^no answer: the connection closed and the server stopped accepting connections \(the next \d+ connections? (was|were) refused\) after a cancel of the malformed orderId \S*%(FF|C0%B0)/,
    );
    expect(blamed.reproduction[0]).toMatch(/^curl .* -X DELETE .*\/store\/orders\/\S*%(FF|C0%B0)\S*"$/);
    // What could not run is left out because of it, never a harness error; the report still says incomplete.
    expect(run.report!.checks.filter((c) => c.status === 'error').map((c) => c.id)).toEqual([]);
    const left = run.report!.checks.filter((c) => c.cause?.check === 'ID-MALFORMED-4XX');
    expect(left.length, summary).toBeGreaterThan(0);
    for (const c of left) expect(c.message).toMatch(/^not judged: the server stopped accepting connections/);
    expect(run.report!.complete).toBe(false);
    expect(run.report!.incompleteReasons.join('\n')).toMatch(/stopped sending: .*ECONNREFUSED/);
    expect(run.report!.verdict).toBe('non-conformant');
    expect(run.code, summary).toBe(1);
    expect(run.stdout).toMatch(/^ {2}FAIL {2}ID-MALFORMED-4XX .* no answer: the connection closed/m);
  });
});
