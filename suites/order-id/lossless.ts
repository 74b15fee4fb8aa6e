// Reads the order list's ids as the server wrote them (lossless-json tokens, never a JS number) and finds the
// marks of a server that passed them through a JS number: duplicates, fixtures replaced by a rounded twin,
// ids outside int64, ids beyond 2^53 written as fractions or exponents. Reads text; sends nothing.
import { isLosslessNumber, parse } from 'lossless-json';
import { inInt64 } from '../../lib/formats/int64.ts';

export interface LosslessProblem {
  /** The class the check's message starts with. */
  cls: string;
  message: string;
}

export interface LosslessReading {
  /** Exact decimal ids, in list order. */
  ids: string[];
  problems: LosslessProblem[];
  notes: string[];
}

const SAFE = BigInt(Number.MAX_SAFE_INTEGER);
const beyondSafe = (n: bigint): boolean => n > SAFE || n < -SAFE;

/** Undefined when the text is not a JSON array. */
export function readListIds(text: string, fixtures: readonly string[]): LosslessReading | undefined {
  let items: unknown;
  try {
    items = parse(text);
  } catch {
    return undefined;
  }
  if (!Array.isArray(items)) return undefined;
  const ids: string[] = [];
  const problems: LosslessProblem[] = [];
  const notes: string[] = [];
  items.forEach((item, i) => {
    const token = (item as { id?: unknown } | null)?.id;
    if (!isLosslessNumber(token)) return; // absent or not a number: the list checks report it
    const text = token.value;
    if (!/^-?\d+$/.test(text)) {
      const n = Number(text);
      if (Number.isInteger(n) && beyondSafe(BigInt(n)))
        problems.push({
          cls: 'inexact id',
          message: `inexact id: item ${i} writes its id as ${text}, not as an exact JSON integer (beyond 2^53 a reader rounds it)`,
        });
      else notes.push(`item ${i} writes its id as ${text}`);
      return;
    }
    const n = BigInt(text);
    ids.push(n.toString());
    if (!inInt64(n))
      problems.push({ cls: 'id outside int64', message: `id outside int64: item ${i} has id ${text}` });
  });

  const seen = new Map<string, number>();
  for (const id of ids) seen.set(id, (seen.get(id) ?? 0) + 1);
  for (const [id, count] of seen) {
    if (count < 2) continue;
    problems.unshift({
      cls: beyondSafe(BigInt(id)) ? 'precision collision' : 'duplicate id',
      message: beyondSafe(BigInt(id))
        ? `precision collision: ${count} orders carry id ${id}; beyond 2^53 distinct ids rounded to one JS number look like this`
        : `duplicate id: ${count} orders carry id ${id}`,
    });
  }
  const listed = new Set(ids);
  for (const f of fixtures) {
    if (listed.has(f)) continue;
    const twin = ids.find((id) => Number(id) === Number(f));
    if (twin !== undefined)
      problems.unshift({
        cls: 'precision collision',
        message: `precision collision: fixture ${f} is not in the list and ${twin}, the same JS number, is: the id was rounded`,
      });
    else notes.push(`fixture ${f} is not in the list`);
  }
  return { ids, problems, notes };
}
