// Preloaded into a benchmarked command (node --import): at exit, writes the process's own resource usage
// (peak RSS, CPU) as JSON to the file named by BENCH_USAGE_FILE. Measures only; changes nothing it runs.
import { writeFileSync } from 'node:fs';

const file = process.env.BENCH_USAGE_FILE;
if (file) {
  process.on('exit', () => {
    const u = process.resourceUsage();
    writeFileSync(
      file,
      JSON.stringify({ maxRssKiB: u.maxRSS, userUs: u.userCPUTime, systemUs: u.systemCPUTime }),
    );
  });
}
