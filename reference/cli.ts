// The reference command: parse settings, start the server, print where it is, serve until a signal.
// Must not hold server logic; bad input is one line on stderr and exit code 2.

import { parseCli, USAGE, UsageError } from './cli-options.ts';
import { FAULTS } from './faults/catalogue.ts';
import { loadOrdersFile } from './orders-file.ts';
import { startReferenceServer } from './server.ts';
import { VARIANTS } from './variants/catalogue.ts';

const NAME = 'order-store-reference';

function fail(message: string): never {
  process.stderr.write(`${NAME}: ${message}\n`);
  process.exit(2);
}

async function main(): Promise<void> {
  let command: ReturnType<typeof parseCli>;
  try {
    command = parseCli(process.argv.slice(2), process.env);
  } catch (error) {
    if (error instanceof UsageError) fail(error.message);
    throw error;
  }
  if (command.kind === 'help') {
    process.stdout.write(USAGE);
    return;
  }
  if (command.kind === 'list-faults') {
    process.stdout.write(FAULTS.map((f) => `${f.id}\t${f.breaks}\n`).join(''));
    return;
  }
  if (command.kind === 'list-variants') {
    process.stdout.write(VARIANTS.map((v) => `${v.id}\t${v.allows}\n`).join(''));
    return;
  }
  const options = {
    ...command.options,
    log: (line: string) => process.stdout.write(`${line}\n`),
    // Fault orderid-percent-ff-crash: the process ends as an uncaught URIError would end it.
    onCrash: () => {
      process.stderr.write('URIError: URI malformed\n');
      process.exit(1);
    },
  };
  let server: Awaited<ReturnType<typeof startReferenceServer>>;
  try {
    if (command.ordersFile !== undefined) options.orders = loadOrdersFile(command.ordersFile);
    server = await startReferenceServer(options);
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    if (code === 'EADDRINUSE')
      fail(`port ${options.port} on ${options.host} is in use; pass --port 0 or a free port`);
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND')
      fail(`cannot listen on host ${options.host}; check --host`);
    fail(message);
  }
  // Handlers first: whoever reads the banner may signal at once.
  const stop = (signal: string) => {
    process.stdout.write(`${signal}: closing\n`);
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.stdout.write(
    [
      `Order Store reference server listening`,
      `Base URL: ${server.baseUrl}`,
      `Demo key: ${server.demoKey}`,
      `Pending orders: ${someIds(server.fixtures.pending)}`,
      `Shipped orders: ${someIds(server.fixtures.shipped)}`,
      `Faults: ${options.faults?.length ? options.faults.join(',') : 'none'}`,
      `Variants: ${options.variants?.length ? options.variants.join(',') : 'none'}`,
      '',
    ].join('\n'),
  );
}

/** The banner names at most BANNER_IDS ids of each kind: a store of a million orders must not flood it. */
const BANNER_IDS = 20;

function someIds(ids: readonly string[]): string {
  const shown = ids.slice(0, BANNER_IDS).join(',');
  return ids.length > BANNER_IDS ? `${shown} and ${ids.length - BANNER_IDS} more` : shown;
}

await main();
