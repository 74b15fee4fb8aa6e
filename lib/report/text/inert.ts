// Makes text inert where it leaves the program: whatever a server sent is shown as data, never acted on, in a
// terminal (terminalLine), in Markdown (mdText for our own words, mdData for anything that may quote the
// target) and in HTML (html/escape.ts esc, built on visible()). One function per medium; pure.

/**
 * Characters that can steer a terminal or hide and reorder text: C0 and C1 controls and DEL (Cc), format
 * characters (Cf: the bidi embeddings, overrides and isolates U+202A-U+202E and U+2066-U+2069, the marks
 * U+200E/U+200F/U+061C, zero-width characters, the BOM, tag characters), line and paragraph separators, and
 * lone surrogates.
 */
const STEERING = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/gu;
/** The same, less the layout characters a multi-line block (an HTML <pre>) keeps: tab, line feed. */
const STEERING_IN_BLOCK = /(?![\t\n])[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/gu;

function escapeOne(c: string): string {
  const code = c.codePointAt(0)!;
  if (code <= 0xff) return `\\x${code.toString(16).padStart(2, '0')}`;
  if (code <= 0xffff) return `\\u${code.toString(16).padStart(4, '0')}`;
  return `\\u{${code.toString(16)}}`;
}

/**
 * `text` with every steering character written out as an escape (`\x1b`, `\x9b`, `\u202e`, `\u{e0041}`), so a
 * reader sees it and nothing acts on it. `block` keeps tabs and line feeds (a body shown in a <pre>).
 */
export function visible(text: string, block = false): string {
  return text.replace(block ? STEERING_IN_BLOCK : STEERING, escapeOne);
}

/** One line for a terminal or a log: every control written out, line breaks included, so no line is forged. */
export function terminalLine(text: string): string {
  return visible(text);
}

/** A run of characters without a space longer than this (an id, a header value the target sent) is cut. */
export const CONSOLE_TOKEN_CHARS = 80;
/** And a message longer than this: the report keeps it whole. */
export const CONSOLE_MESSAGE_CHARS = 400;

/**
 * A check's message for the console, where it may quote what the target sent: each unbroken run longer than
 * CONSOLE_TOKEN_CHARS is cut to its start, an ellipsis and its length, and the whole to CONSOLE_MESSAGE_CHARS;
 * report.json keeps it whole.
 */
export function consoleMessage(text: string): string {
  const cut = text.replace(
    new RegExp(`\\S{${CONSOLE_TOKEN_CHARS + 1},}`, 'gu'),
    (run) => `${run.slice(0, CONSOLE_TOKEN_CHARS / 2)}…(${run.length} chars)`,
  );
  return cut.length > CONSOLE_MESSAGE_CHARS
    ? `${cut.slice(0, CONSOLE_MESSAGE_CHARS)}… (${cut.length} chars; the report has it whole)`
    : cut;
}

/** Lines for a terminal, each made inert: a line break of ours stays one, any inside a line is written out. */
export function terminalLines(lines: readonly string[]): string {
  return lines.map(terminalLine).join('\n');
}

/**
 * Our own words in Markdown (a requirement, a reason of ours): one line, controls written out, `<`, `>` and `&`
 * as character references (no HTML, no autolink), pipes escaped for a table cell.
 */
export function mdText(text: string): string {
  return visible(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\|/g, '\\|');
}

/** Longest text a Markdown cell quotes; the rest is in report.json. */
export const MD_CELL_CHARS = 300;

/**
 * Text that may quote the target, in Markdown: a code span that nothing inside can close (its fence is
 * longer than any run of backticks in the text), so no link, image, autolink, mention or HTML of the server's
 * is live; one line, controls written out, bounded with its length. In a table cell (`inTable`) pipes are
 * escaped: GitHub splits cells on them even inside code.
 */
export function mdData(text: string, inTable = true): string {
  const cut =
    text.length > MD_CELL_CHARS
      ? `${text.slice(0, MD_CELL_CHARS)}… (${text.length} characters in all)`
      : text;
  const one = inTable ? visible(cut).replace(/\|/g, '\\|') : visible(cut);
  const longest = Math.max(0, ...(one.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  // CommonMark strips one space from each end when both have one: a space inside each end keeps text that
  // starts or ends with a backtick (which would join the fence) or a space what it is.
  const pad = /^`|`$|^ .* $/s.test(one) || one === '' ? ' ' : '';
  return `${fence}${pad}${one}${pad}${fence}`;
}
