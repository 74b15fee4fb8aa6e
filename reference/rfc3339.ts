// Strict RFC 3339 §5.6 date-time check for seed shipDates. Must not accept ISO 8601 extras (space separator,
// "+0100" offsets, missing offset); it is deliberately stricter than RFC 3339 in requiring upper-case T and Z.

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d+)?(Z|[+-](\d{2}):(\d{2}))$/;

// RFC 3339 §5.7 (restrictions) and Appendix C (leap years).
function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

export function isRfc3339DateTime(text: string): boolean {
  const m = DATE_TIME.exec(text);
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
  // Second 60 is a leap second (RFC 3339 §5.6 time-second); we allow it as the RFC does.
  if (hour > 23 || minute > 59 || second > 60) return false;
  if (m[9] !== undefined && (Number(m[9]) > 23 || Number(m[10]) > 59)) return false;
  return true;
}
