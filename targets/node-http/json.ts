// JSON text for response bodies with int64 ids written exactly: JSON.stringify cannot serialize a bigint
// and Node 20 has no JSON.rawJSON, so bigints pass through a marker and come out as bare JSON integers.
// Must not be used to parse anything (the target reads no JSON from clients).

const MARK = '\u0000int64:';
const MARKED = /"\\u0000int64:(-?[0-9]+)"/g;

export function toJson(value: unknown): string {
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (typeof v === 'bigint') return `${MARK}${v}`;
    // A string holding U+0000 is the one thing that could pass for a marker: refuse it rather than guess.
    if (typeof v === 'string' && v.includes('\u0000')) throw new Error('U+0000 in a response string');
    return v;
  });
  return text.replace(MARKED, '$1');
}
