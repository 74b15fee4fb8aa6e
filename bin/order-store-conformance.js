#!/usr/bin/env -S node --
// `node --` ends Node's own options: Node 20 otherwise takes our --env-file for its own and exits 9.
// Runs the command as built into dist/ (npm ci builds it through the prepare script): no TypeScript is
// compiled at run time. Must stay a shim: the command lives in cli/main.ts.
import { loadBuilt } from './load-built.js';

const { main } = await loadBuilt('cli/main.js', 'main.js');
const code = await main(process.argv.slice(2), undefined, { exitsAfter: true });
// Exit now: the report is written, and a run stopped by a signal must not wait for sockets to wind down.
// Only what is already written to stdout and stderr is let out first: process.exit drops what a pipe or
// socket has not taken yet (a long --list was cut at 30 KB), so each is flushed, for at most 2 s.
const flushed = (stream) => new Promise((resolve) => stream.write('', resolve));
let timer;
await Promise.race([
  Promise.all([flushed(process.stdout), flushed(process.stderr)]),
  new Promise((resolve) => {
    timer = setTimeout(resolve, 2000);
  }),
]);
clearTimeout(timer);
process.exit(code);
