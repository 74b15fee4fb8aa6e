// `order-store-conformance proxy --target URL [--port N]`: sits in front of the server, forwards every request
// unchanged, shows findings as the traffic shows them, and at Ctrl-C (or --duration / --requests) writes the
// same reports as `judge`. Sends nothing of its own. An error nothing else caught stops it the same way: what
// was forwarded is judged and written, the report incomplete. Loaded by main.ts only when called.
import { conductProxy } from '../engine/proxy-run.ts';
import { loadTrafficConfig } from '../lib/config/traffic-config.ts';
import { EXIT, errorMessage, UsageError } from '../lib/errors.ts';
import { terminalLine } from '../lib/report/text/inert.ts';
import type { Subcommand } from './io.ts';
import { finishTraffic, trafficHelp } from './judge.ts';
import { listenForStop } from './signals.ts';

export const proxyCommand: Subcommand = async (args, io, options) => {
  const stop = new AbortController();
  const onSignal = (why: string) => {
    if (!stop.signal.aborted)
      io.err(`stopping (${why}): letting the requests under way end, then writing the reports`);
    stop.abort();
  };
  let unlisten = () => {};
  // Said by its code alone: a message may quote the traffic (a URL, a header) it met.
  const reasons: string[] = [];
  const onCrash = (e: unknown) => {
    const { code, name } = (e ?? {}) as { code?: unknown; name?: unknown };
    const what = typeof code === 'string' ? code : typeof name === 'string' ? name : 'E_INTERNAL';
    reasons.push(`the proxy stopped on an error of its own (${what}); what it forwarded before is judged`);
    io.err(`order-store-conformance proxy: an error of its own (${what}); stopping and writing the reports`);
    stop.abort();
  };
  try {
    const config = loadTrafficConfig(args, 'proxy', {
      env: options.env ?? process.env,
      ...(options.cwd ? { cwd: options.cwd } : {}),
    });
    if (config.help) {
      io.out(trafficHelp('proxy'));
      return EXIT.conformant;
    }
    unlisten = listenForStop(onSignal);
    process.on('uncaughtException', onCrash);
    process.on('unhandledRejection', onCrash);
    const done = await conductProxy(config, {
      io,
      signal: stop.signal,
      writeReports: true,
      reasons,
      ...(config.githubStepSummary !== undefined ? { stepSummary: config.githubStepSummary } : {}),
    });
    return finishTraffic(io, done.report, done.dir, config.githubActions);
  } catch (e) {
    io.err(terminalLine(`order-store-conformance proxy: ${errorMessage(e)}`));
    return e instanceof UsageError ? EXIT.usage : EXIT.incomplete;
  } finally {
    unlisten();
    process.removeListener('uncaughtException', onCrash);
    process.removeListener('unhandledRejection', onCrash);
  }
};
