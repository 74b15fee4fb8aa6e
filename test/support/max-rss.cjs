// Preloaded into a spawned command (node -r): prints the process's peak resident set size on exit, for the
// memory bound of test/hostile/memory.test.ts. Test support only.
process.on('exit', () => {
  process.stderr.write(`MAX_RSS_KB=${process.resourceUsage().maxRSS}\n`);
});
