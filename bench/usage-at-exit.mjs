// Preloaded into a benchmarked command (node --import): at exit, writes the process's own resource usage
// (peak RSS, CPU) as JSON to the file named by BENCH_USAGE_FILE. Measures only; changes nothing it runs.
import { readFileSync, writeFileSync } from 'node:fs';

/**
 * The peak RSS of this process's own memory, in KiB. On Linux getrusage's maxRSS is not that: the kernel
 * carries the parent's resident size at fork into the child's maxRSS across exec, so a bench process that
 * serves a million orders made every command it spawned look as large as itself. VmHWM is the high-water
 * mark of the memory this program mapped since its exec.
 */
function peakRssKiB(usage) {
  try {
    const hwm = /^VmHWM:\s+(\d+)\s+kB$/m.exec(readFileSync('/proc/self/status', 'utf8'));
    if (hwm) return Number(hwm[1]);
  } catch {
    // Not Linux: getrusage's figure is the one there is.
  }
  return usage.maxRSS;
}

const file = process.env.BENCH_USAGE_FILE;
if (file) {
  process.on('exit', () => {
    const u = process.resourceUsage();
    writeFileSync(
      file,
      JSON.stringify({ maxRssKiB: peakRssKiB(u), userUs: u.userCPUTime, systemUs: u.systemCPUTime }),
    );
  });
}
