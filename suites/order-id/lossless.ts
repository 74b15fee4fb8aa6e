// Reads the order list's ids as the server wrote them (exact integers, never a JS number, and the raw text of
// any written as a float) and finds the marks of a server that passed them through a JS number: duplicates,
// fixtures replaced by a rounded twin, ids outside int64, ids beyond 2^53 written as fractions or exponents.
// Reads the run's one reading of the list; sends nothing.
import { inInt64 } from '../../lib/formats/int64.ts';
import { idIndex, type ListReading } from '../kit/order-list.ts';

export interface LosslessProblem {
  /** The class the check's message starts with. */
  cls: string;
  message: string;
}

export interface LosslessReading {
  /** The exact decimal ids with how many items carry each, in the order they first appear. */
  counts: ReadonlyMap<string, number>;
  problems: LosslessProblem[];
  notes: string[];
}

const SAFE = BigInt(Number.MAX_SAFE_INTEGER);
const beyondSafe = (n: bigint): boolean => n > SAFE || n < -SAFE;

/** Undefined when the list is not a JSON array, nor an object holding one (whose items are then read). */
export function readListIds(
  list: Pick<ListReading, 'count' | 'wrapped' | 'idValues' | 'idTexts' | 'ids'>,
  fixtures: readonly string[],
): LosslessReading | undefined {
  const { count, idValues, idTexts } = list;
  if (count === undefined && !list.wrapped) return undefined;
  // Ids written as floats are no exact ids; without any, the exact ids are the list's own (and its index).
  const own: string[] | undefined = idTexts.size > 0 ? [] : undefined;
  const problems: LosslessProblem[] = [];
  const notes: string[] = [];
  idValues.forEach((token, i) => {
    if (typeof token !== 'number' && typeof token !== 'bigint') return; // absent or not a number: the list checks report it
    // Written with a fraction or an exponent (the parser kept that text), else an exact integer.
    const text = idTexts.get(i);
    if (text !== undefined) {
      const n = Number(text);
      if (Number.isInteger(n) && beyondSafe(BigInt(n)))
        problems.push({
          cls: 'inexact id',
          message: `inexact id: item ${i} writes its id as ${text}, not as an exact JSON integer (beyond 2^53 a reader rounds it)`,
        });
      else notes.push(`item ${i} writes its id as ${text}`);
      return;
    }
    // A JS number here is a safe integer (beyond 2^53 the parser gives a bigint), so within int64.
    if (typeof token === 'bigint' && !inInt64(token))
      problems.push({ cls: 'id outside int64', message: `id outside int64: item ${i} has id ${token}` });
    own?.push(String(token));
  });

  const ids = own ?? list.ids;
  const { counts } = idIndex(ids);
  for (const [id, count] of counts) {
    if (count < 2) continue;
    problems.unshift({
      cls: beyondSafe(BigInt(id)) ? 'precision collision' : 'duplicate id',
      message: beyondSafe(BigInt(id))
        ? `precision collision: ${count} orders carry id ${id}; beyond 2^53 distinct ids rounded to one JS number look like this`
        : `duplicate id: ${count} orders carry id ${id}`,
    });
  }
  for (const f of fixtures) {
    if (counts.has(f)) continue;
    const twin = ids.find((id) => Number(id) === Number(f));
    if (twin !== undefined)
      problems.unshift({
        cls: 'precision collision',
        message: `precision collision: fixture ${f} is not in the list and ${twin}, the same JS number, is: the id was rounded`,
      });
    else notes.push(`fixture ${f} is not in the list`);
  }
  return { counts, problems, notes };
}
