// HTTP-date (RFC 9110 §5.6.7). Senders must use IMF-fixdate; recipients must also accept the two obsolete
// forms (rfc850-date, asctime-date), so parsing is lenient about those while `isImfFixdate` tells them apart.

const DAY = '(Mon|Tue|Wed|Thu|Fri|Sat|Sun)';
const MONTH = '(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)';
const IMF_FIXDATE = new RegExp(`^${DAY}, (\\d{2}) ${MONTH} (\\d{4}) (\\d{2}):(\\d{2}):(\\d{2}) GMT$`);
const RFC850 = new RegExp(
  '^(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), (\\d{2})-' +
    MONTH +
    '-(\\d{2}) (\\d{2}):(\\d{2}):(\\d{2}) GMT$',
);
const ASCTIME = new RegExp(`^${DAY} ${MONTH} ( \\d|\\d{2}) (\\d{2}):(\\d{2}):(\\d{2}) (\\d{4})$`);
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function utc(year: number, month: string, day: number, h: number, m: number, s: number): number | undefined {
  const monthIndex = MONTHS.indexOf(month);
  if (h > 23 || m > 59 || s > 60) return undefined;
  const ms = Date.UTC(year, monthIndex, day, h, m, s);
  // Reject dates that Date.UTC silently rolls over (31 Feb).
  return new Date(ms).getUTCDate() === day ? ms : undefined;
}

/** Day names by getUTCDay(), as RFC 9110 §5.6.7 day-name spells them. */
const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** The moment an IMF-fixdate match names, or undefined when that date does not exist or is not its day's. */
function imfMoment(m: RegExpExecArray): number | undefined {
  const ms = utc(Number(m[4]), m[3]!, Number(m[2]), Number(m[5]), Number(m[6]), Number(m[7]));
  // The day name must match the date (RFC 9110 §5.6.7 day-name).
  return ms !== undefined && DAYS[new Date(ms).getUTCDay()] === m[1] ? ms : undefined;
}

export function isImfFixdate(value: string): boolean {
  const m = IMF_FIXDATE.exec(value);
  return m !== null && imfMoment(m) !== undefined;
}

export type HttpDateForm = 'imf-fixdate' | 'rfc850' | 'asctime';

/**
 * Which of the three HTTP-date forms (RFC 9110 §5.6.7) a value is written in, or undefined for no HTTP-date: a
 * recipient parses all three, but a sender generates only the IMF-fixdate.
 */
export function httpDateForm(value: string): HttpDateForm | undefined {
  const v = value.trim();
  if (parseHttpDate(v) === undefined) return undefined;
  if (IMF_FIXDATE.test(v)) return 'imf-fixdate';
  return RFC850.test(v) ? 'rfc850' : 'asctime';
}

/** What is wrong with a generated HTTP-date (RFC 9110 §5.6.7), or undefined for an IMF-fixdate. */
export function notImfFixdate(value: string): string | undefined {
  const form = httpDateForm(value);
  if (form === 'imf-fixdate') return undefined;
  return form === undefined
    ? `${JSON.stringify(value)} is no HTTP-date`
    : `${JSON.stringify(value)} is an HTTP-date in the obsolete ${form === 'rfc850' ? 'rfc850-date' : 'asctime-date'} form, which a recipient parses but a sender must not generate (RFC 9110 §5.6.7: IMF-fixdate)`;
}

/** Dates already read (a recording repeats each second's Date on many answers); bounded, then started over. */
const parsed = new Map<string, number | undefined>();
const PARSED_KEPT = 4096;

/** Milliseconds since the epoch for any of the three HTTP-date forms, or undefined. */
export function parseHttpDate(value: string): number | undefined {
  if (parsed.has(value)) return parsed.get(value);
  const ms = parseDate(value);
  if (parsed.size >= PARSED_KEPT) parsed.clear();
  parsed.set(value, ms);
  return ms;
}

function parseDate(value: string): number | undefined {
  const v = value.trim();
  let m = IMF_FIXDATE.exec(v);
  // Read once: the match is the date (a second match and a formatted date per value cost a long recording
  // seconds of its judgement).
  if (m) return imfMoment(m);
  m = RFC850.exec(v);
  if (m) {
    // Two-digit years: RFC 9110 §5.6.7 says more than 50 years in the future means the past century.
    const yy = Number(m[4]);
    const now = new Date().getUTCFullYear();
    let year = 2000 + yy;
    if (year > now + 50) year -= 100;
    return utc(year, m[3]!, Number(m[2]), Number(m[5]), Number(m[6]), Number(m[7]));
  }
  m = ASCTIME.exec(v);
  if (m) return utc(Number(m[7]), m[2]!, Number(m[3]!.trim()), Number(m[4]), Number(m[5]), Number(m[6]));
  return undefined;
}
