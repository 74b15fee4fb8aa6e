// Strict RFC 3339 §5.6 date-time. ajv-formats' date-time also accepts a space separator and "+0100"
// offsets; RFC 3339 allows neither (only "T"/"t" and "Z"/"z" or "+hh:mm").

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|([+-])(\d{2}):(\d{2}))$/;

function daysInMonth(year: number, month: number): number {
  if (month === 2) {
    const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
    return leap ? 29 : 28;
  }
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

export function isRfc3339DateTime(value: string): boolean {
  const m = DATE_TIME.exec(value);
  if (!m) return false;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return false;
  // time-second allows 60 for a leap second (RFC 3339 §5.7); the calendar check of leap seconds is out of scope.
  if (hour > 23 || minute > 59 || second > 60) return false;
  if (m[9] !== undefined) {
    const offsetHour = Number(m[10]);
    const offsetMinute = Number(m[11]);
    if (offsetHour > 23 || offsetMinute > 59) return false;
  }
  return true;
}
