// Strict RFC 3339 §5.6 date-time. ajv-formats' date-time also accepts a space separator and "+0100"
// offsets; RFC 3339 allows neither (only "T"/"t" and "Z"/"z" or "+hh:mm"). Read character by character:
// it runs once per order of a list that may hold a million, so it allocates nothing.

const ZERO = 48;

/** The value of `count` ASCII digits at `at`, or -1 when one of them is no digit. */
function digits(s: string, at: number, count: number): number {
  let n = 0;
  for (let i = at; i < at + count; i++) {
    const d = s.charCodeAt(i) - ZERO;
    if (!(d >= 0 && d <= 9)) return -1;
    n = n * 10 + d;
  }
  return n;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) {
    const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
    return leap ? 29 : 28;
  }
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

export function isRfc3339DateTime(value: string): boolean {
  // full-date "T" partial-time: YYYY-MM-DDThh:mm:ss (19 characters), then time-secfrac and time-offset.
  if (typeof value !== 'string' || value.length < 20) return false;
  const at = (i: number) => value.charCodeAt(i);
  if (at(4) !== 45 || at(7) !== 45 || at(13) !== 58 || at(16) !== 58) return false; // '-' and ':'
  if (at(10) !== 84 && at(10) !== 116) return false; // 'T' or 't'
  const year = digits(value, 0, 4);
  const month = digits(value, 5, 2);
  const day = digits(value, 8, 2);
  const hour = digits(value, 11, 2);
  const minute = digits(value, 14, 2);
  const second = digits(value, 17, 2);
  if (year < 0 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return false;
  // time-second allows 60 for a leap second (RFC 3339 §5.7); the calendar check of leap seconds is out of scope.
  if (hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 60) return false;
  let i = 19;
  if (at(i) === 46) {
    // time-secfrac: "." 1*DIGIT
    const start = ++i;
    while (i < value.length && digits(value, i, 1) >= 0) i++;
    if (i === start) return false;
  }
  const sign = at(i);
  if (sign === 90 || sign === 122) return i + 1 === value.length; // 'Z' or 'z'
  if (sign !== 43 && sign !== 45) return false; // '+' or '-'
  if (i + 6 !== value.length || at(i + 3) !== 58) return false;
  const offsetHour = digits(value, i + 1, 2);
  const offsetMinute = digits(value, i + 4, 2);
  return offsetHour >= 0 && offsetHour <= 23 && offsetMinute >= 0 && offsetMinute <= 59;
}
