// The house's size rule on its own sources (test/meta.test.ts): a file past MAX_LINES wants splitting by purpose
// (design guide §5). Reads sources only; which files are exempt, and why, is the test's to say.

/** Lines a source file may have: past this it does two things. */
export const MAX_LINES = 300;

/** Written by a generator (npm run build's schema validators), never read or edited by hand. */
export const isGenerated = (file: string): boolean => /\.generated\.[cm]?[jt]s$/.test(file);

/** Lines of a text as `wc -l` counts them: its line ends, plus a last line that has none. */
export function lineCount(text: string): number {
  if (text === '') return 0;
  const ends = text.split('\n').length - 1;
  return text.endsWith('\n') ? ends : ends + 1;
}

/** The files over MAX_LINES, generated ones left out, as "file: N lines", longest first. */
export function overLong(files: readonly string[], read: (file: string) => string): string[] {
  return files
    .filter((f) => !isGenerated(f))
    .map((f) => [f, lineCount(read(f))] as const)
    .filter(([, n]) => n > MAX_LINES)
    .sort((a, b) => b[1] - a[1])
    .map(([f, n]) => `${f}: ${n} lines`);
}
