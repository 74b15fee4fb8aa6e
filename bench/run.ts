// npm run bench: every performance figure with its target and whether it holds, as medians, printed and
// written to docs/performance.md with the machine it ran on. Benchmarks only: no test depends on a timing.
// Flags: --quick (fewer rounds, no npm test), --no-npm-test, --no-million, --no-peers (no side by side).
import { writeFileSync } from 'node:fs';
import { cpus, freemem, loadavg, platform, release, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import { type Figure, listFigure, overCapFigure, runFigures, startupFigure, waitsFigure } from './figures.ts';
import { losslessFigure } from './lossless.ts';
import { npmTestFigure } from './npm-test.ts';
import { judgeHarFigure, proxyFigures } from './passive-scale.ts';
import { type SideBySide, sideBySide } from './peers/compare.ts';
import { sideBySideLines, sideBySideMarkdown } from './peers/report.ts';

const args = new Set(process.argv.slice(2));
const quick = args.has('--quick');
const rounds = quick ? 3 : 7;

const steps: Array<[string, () => Promise<Figure | Figure[]>]> = [
  ['--help', () => startupFigure('--help', rounds)],
  ['--list', () => startupFigure('--list', rounds)],
  ['default run', () => runFigures(quick ? 3 : 5)],
  ['default run with the probe', () => waitsFigure(quick ? 1 : 3)],
  ['100,000 orders', () => listFigure(100_000, quick ? 3 : 5, false)],
  ...(args.has('--no-million')
    ? []
    : ([['1,000,000 orders', () => listFigure(1_000_000, 3, true)]] as Array<
        [string, () => Promise<Figure>]
      >)),
  ['lossless parse', async () => losslessFigure(100_000, quick ? 5 : 15)],
  ['judge --har of 100,000 entries', () => judgeHarFigure(100_000, quick ? 1 : 3)],
  ...(args.has('--no-million')
    ? []
    : ([['judge --har of 1,000,000 entries', () => judgeHarFigure(1_000_000, 1)]] as Array<
        [string, () => Promise<Figure>]
      >)),
  ['proxy under 50 keep-alive clients', () => proxyFigures(50, 2000, quick ? 2 : 5)],
  ['over-cap body', () => overCapFigure()],
  ...(quick || args.has('--no-npm-test')
    ? []
    : ([['npm test', () => npmTestFigure(1)]] as Array<[string, () => Promise<Figure>]>)),
];

const figures: Figure[] = [];
for (const [label, step] of steps) {
  process.stderr.write(`measuring ${label} ...\n`);
  const got = await step();
  for (const f of Array.isArray(got) ? got : [got]) {
    figures.push(f);
    console.log(`${f.holds ? 'HOLDS ' : 'MISSES'} ${f.name}: ${f.value} (target ${f.target}; ${f.detail})`);
  }
}

// Side by side with the peers last: it installs them on first use (npm), which the figures above must not pay.
const peerRounds = quick ? 2 : 5;
let side: SideBySide | undefined;
if (!args.has('--no-peers')) {
  process.stderr.write('measuring side by side with peers ...\n');
  side = await sideBySide(peerRounds);
  for (const line of sideBySideLines(side)) console.log(line);
}

const cpu = cpus();
const machine = [
  `${cpu.length} × ${cpu[0]?.model.trim() ?? 'unknown CPU'}`,
  `${(totalmem() / 2 ** 30).toFixed(0)} GiB memory (${(freemem() / 2 ** 30).toFixed(0)} GiB free at the end)`,
  `${platform()} ${release()}, Node ${process.version}`,
  `load average at the end ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
].join('; ');
const rows = figures.map(
  (f) => `| ${f.name} | ${f.value} | ${f.target} | ${f.holds ? 'yes' : '**no**'} | ${f.detail} |`,
);
const doc = `# Performance

Written by \`npm run bench${args.size ? ` -- ${[...args].join(' ')}` : ''}\` on ${new Date().toISOString().slice(0, 10)}; do not edit by hand.
Every figure is a median over the rounds shown (the machines are shared and noisy: read the spread too).

Machine: ${machine}.

| Figure | Measured | Target | Holds | How |
|---|---|---|---|---|
${rows.join('\n')}

How: the command is run as users run it (\`node bin/order-store-conformance.js\`, the build in \`dist/\`), as a
child process with a preload that records its peak RSS and CPU at exit (\`bench/usage-at-exit.mjs\`; the peak is
VmHWM, the command's own: getrusage's maxRSS would carry the bench process's size across fork and exec). The target
is the reference server, served by the bench process behind a TCP relay that notes when the first request's
bytes arrive (the command's preflight only opens a connection). Large stores are the default seed plus shipped
orders; the list checks' time is the sum of the \`LIST-\` checks' durations in report.json of a whole default run
(without the probe; the peak RSS is the command's, not the server's). Default runs pass
\`--trust-order-list\`: the bench serves the list itself, and the reference seed's ids span all of int64.
Passive figures (\`bench/passive-scale.ts\`): \`judge --har\` over the deterministic recording of
\`bench/har-at-scale.ts\` (lists, cancels answered 204, 404 and 409, refusals, pets reads) with the peak RSS as above;
the proxy started as a command in front of the reference server, 50 keep-alive clients listing through it, rounds
alternating with the same clients going direct (the added latency is the difference of the medians; no peer
tool proxies, so no peer ratio). Where the CPU goes: \`npx tsx bench/profile.ts [--orders N]\` (a default run under \`node --cpu-prof\`, top functions
and modules by self time).
${side ? `\n${sideBySideMarkdown(side, peerRounds)}` : ''}`;
const out = fileURLToPath(new URL('../docs/performance.md', import.meta.url));
writeFileSync(out, doc);
console.log(
  `${figures.filter((f) => f.holds).length} of ${figures.length} figures hold; written to docs/performance.md`,
);
