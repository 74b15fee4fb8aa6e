// A zoo target's build (javac, go build) made once per process into a fresh temporary folder that goes when
// the process exits. Test support only; a failed build is not kept: the next launch tries again.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

export const run = promisify(execFile);

/** `build(dir)` runs at the first call and answers what to launch; later calls share its answer. */
export function buildOnce(id: string, build: (dir: string) => Promise<string>): () => Promise<string> {
  let made: Promise<string> | undefined;
  return () => {
    made ??= (async () => {
      const dir = mkdtempSync(join(tmpdir(), `zoo-${id}-`));
      process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
      return build(dir);
    })();
    made.catch(() => {
      made = undefined;
    });
    return made;
  };
}
