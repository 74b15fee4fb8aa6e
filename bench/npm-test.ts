// The project's own test command, timed as a whole (it is the figure CI pays for on 2 cores). Issue 33 asks for
// about three minutes: read as at most three and a half.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Figure } from './figures.ts';
import { median } from './stats.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TARGET_S = 210;
const TARGET = `about 3 min, at most ${TARGET_S} s (issue 33)`;

async function once(): Promise<number> {
  const started = performance.now();
  const child = spawn('npm', ['test'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (code !== 0) throw new Error(`npm test exited ${code}`);
  return (performance.now() - started) / 1000;
}

export async function npmTestFigure(rounds: number): Promise<Figure> {
  const seconds: number[] = [];
  try {
    for (let i = 0; i < rounds; i++) seconds.push(await once());
  } catch (e) {
    // A red npm test is no time at all: the figure says so, and the other figures are still written.
    return {
      name: '`npm test` on this machine',
      value: (e as Error).message,
      target: TARGET,
      holds: false,
      detail: 'the test command failed: its output above says why',
    };
  }
  const s = median(seconds);
  return {
    name: '`npm test` on this machine',
    value: `${s.toFixed(0)} s`,
    target: TARGET,
    holds: s <= TARGET_S,
    detail: `n=${rounds}, min ${Math.min(...seconds).toFixed(0)} s, max ${Math.max(...seconds).toFixed(0)} s`,
  };
}
