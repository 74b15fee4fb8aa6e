// Reads the order list's ids as the server wrote them (exact integers, never a JS number, and the raw text of
// any written as a float) and finds the marks of a server that passed them through a JS number: duplicates,
// fixtures replaced by a rounded twin, ids outside int64, ids beyond 2^53 written as fractions or exponents.
// Reads the run's one reading of the list; sends nothing.
import { flagAndEnv } from '../../lib/config/settings.ts';
import { inInt64 } from '../../lib/formats/int64.ts';
import { type FirstFew, ListIds } from '../kit/list-ids.ts';
import type { ListReading } from '../kit/order-list.ts';

export interface LosslessProblem {
  /** The class the check's message starts with. */
  cls: string;
  message: string;
}

export interface LosslessReading {
  /** How many distinct exact ids the list holds. */
  distinct: number;
  /** The distinct exact ids beyond 2^53, in the order they first appear: the first few, and how many. */
  beyond: FirstFew;
  problems: LosslessProblem[];
  notes: string[];
}

const SAFE = BigInt(Number.MAX_SAFE_INTEGER);
const beyondSafe = (n: bigint): boolean => n > SAFE || n < -SAFE;
/** An identity (list-ids.ts) that is an exact integer's decimal, not a string's or a float's. */
const INTEGER = /^-?\d+$/;

/** Undefined when the list is not a JSON array, nor an object holding one (whose items are then read). */
export function readListIds(
  list: Pick<ListReading, 'count' | 'wrapped' | 'ids' | 'idTexts'>,
  fixtures: readonly string[],
): LosslessReading | undefined {
  const { count, idTexts } = list;
  if (count === undefined && !list.wrapped) return undefined;
  const problems: LosslessProblem[] = [];
  const notes: string[] = [];
  // Ids written as floats are no exact ids; without any, the exact ids are the list's own (and its index).
  const exact = idTexts.size > 0 ? new ListIds() : list.ids;
  const read = (token: unknown, i: number): void => {
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
  };
  if (exact === list.ids) for (const [i, token] of list.ids.unusual()) read(token, i);
  else {
    let i = 0;
    for (const token of list.ids.all()) {
      read(token, i);
      exact.add(idTexts.has(i) ? undefined : token);
      i++;
    }
  }

  for (const [id, n] of exact.repeats()) {
    if (!INTEGER.test(id)) continue; // a string or a float: LIST-IDS-UNIQUE's finding
    problems.unshift({
      cls: beyondSafe(BigInt(id)) ? 'precision collision' : 'duplicate id',
      message: beyondSafe(BigInt(id))
        ? `precision collision: ${n} orders carry id ${id}; beyond 2^53 distinct ids rounded to one JS number look like this`
        : `duplicate id: ${n} orders carry id ${id}`,
    });
  }
  for (const f of fixtures) {
    if (exact.has(f)) continue;
    const twin = exact.roundedTwin(f);
    if (twin !== undefined)
      problems.unshift({
        cls: 'precision collision',
        message: `precision collision: fixture ${f} is not in the list and ${twin}, the same JS number, is: the id was rounded`,
      });
    else notes.push(`fixture ${f} is not in the list`);
  }
  const beyond = new Set<bigint>();
  for (const [, token] of exact.unusual()) if (typeof token === 'bigint') beyond.add(token);
  const first = [...beyond].slice(0, 4).map(String);
  const printed = [...beyond].filter(doublePrinted);
  if (printed.length > 0)
    notes.push(
      `${printed.length} id${printed.length === 1 ? ' is' : 's are'} written as a JS number prints a double (${printed
        .slice(0, 3)
        .map((id) => `${id}, the double ${BigInt(Number(id))}`)
        .join(
          '; ',
        )}${printed.length > 3 ? '; …' : ''}): a server that rounds ids through a double writes them so; not judged, as an order may have that id (a pending fixture among them lets ID-CANCEL-ISOLATION tell)`,
    );
  return { distinct: exact.distinctIntegers, beyond: { first, count: beyond.size }, problems, notes };
}

/**
 * Whether an id beyond 2^53 is the shortest decimal of a double that is not its own value (4611686018427388000
 * for the double 2^62): what printing a rounded id gives, its last digits rounded zeros. Never proof: a store
 * may hold that very id.
 */
export function doublePrinted(id: bigint): boolean {
  const d = Number(id);
  return Number.isFinite(d) && BigInt(d) !== id && String(d) === id.toString();
}

/**
 * What a run cannot test when the list holds ids at or above 2^53 and no pending fixture is one (`pending`):
 * a server that rounds ids through a double cancels a listed order for an unlisted neighbour, and only a
 * cancel of a given order may be sent. Undefined when the list holds none, or a pending fixture is one.
 */
export function untestedBeyond(beyond: FirstFew, pending: readonly string[]): string | undefined {
  if (beyond.count === 0) return undefined;
  if (pending.some((id) => /^-?\d+$/.test(id) && beyondSafe(BigInt(id)))) return undefined;
  return `the list holds ${beyond.count} id${beyond.count === 1 ? '' : 's'} at or above 2^53 (${beyond.first.join(', ')}${beyond.count > beyond.first.length ? ', …' : ''}), but no pending fixture is one: ID-CANCEL-ISOLATION cancels none, so a server that rounds ids through a double (a cancel of one order reaching its neighbour) is not tested there; give a pending order at or above 2^53 in ${flagAndEnv('cancellableOrderIds')} (two that one double cannot tell apart, best)`;
}
