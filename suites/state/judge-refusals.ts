// A refused cancel changes nothing: for each refusal of one class (401, 404, 409, 429) the run's later
// requests show the store as before it: the fixture it named answers its next cancel with the key as before
// (a pending one 2xx, a shipped one 409), and the first list after it lacks nothing the list before held and
// holds no order new to the run, when no other request between could have changed the store. Pure.

import { flagRef } from '../../lib/config/settings.ts';
import { lacking } from '../kit/store-lists.ts';
import { appearances, idsText } from './appeared.ts';
import {
  type CancelSent,
  type History,
  type ListSeen,
  mayHaveChanged,
  named,
  type StoreFinding,
} from './history.ts';
import { countBelow, indexOf, touchedBefore } from './history-index.ts';
import {
  addressable,
  agrees,
  type Before,
  decisive,
  expectedNext,
  fixtureKind,
  overlap,
  shownPendingBefore,
} from './refusal-reads.ts';
import { unnamedDrift, unnamedWords } from './unnamed-items.ts';

export type RefusalClass = 401 | 404 | 409 | 429;

/** A refusal whose aftermath the run saw: what proved the store unchanged after it. */
export interface Proof {
  refusal: CancelSent;
  before: Before;
  /** The next cancel of the same order that read its state (2xx, 404 or 409), when there was one. */
  next?: CancelSent;
  /** The lists around it, when the later one lacks nothing the earlier held. */
  lists?: [ListSeen, ListSeen];
  /** Whether only refusals were on the wire between those lists (then a gap would have been theirs). */
  quiet?: boolean;
}

/** A finding: what was seen, unblamed, and every refusal on the wire where it happened (refusal-causes.ts). */
export interface RefusalFinding extends StoreFinding {
  seen: string;
  refusals: readonly CancelSent[];
}

export interface RefusalJudgement {
  proofs: Proof[];
  findings: RefusalFinding[];
  /**
   * Refusals of a pending fixture the run was never shown pending, whose next read disagreed: no evidence
   * against the server (an earlier run may have cancelled it), each said in a line.
   */
  unshown: string[];
  /** Reads that disagreed but blame nothing, as the id was never shown addressable: each says why. */
  unblamed: string[];
}

/**
 * Each pending or shipped fixture's cancels in order: the refusals since its state was last read are the
 * suspects, and the next read (a 2xx, 404 or 409 naming it alone) proves them harmless when it agrees with
 * what the fixture must still be (a pending one cancelled, a shipped one 409 again), and blames them, in one
 * finding, when it does not. A shipped fixture's 409 is both a read and a suspect for the next one. Judging a
 * fixture ends once it is cancelled, a read disagrees, or a request may have changed it unseen.
 */
function fixtureReads(
  h: History,
  cls: RefusalClass,
  { proofs, findings, unshown, unblamed }: RefusalJudgement,
): void {
  const ids = new Set([...h.fixtures.pending, ...h.fixtures.shipped]);
  for (const id of ids) {
    // In the order sent (a transcript numbers exchanges as they end, concurrent ones in any order).
    const mine = h.cancels.filter((c) => c.names.includes(id)).sort((a, b) => a.startMs - b.startMs);
    const first = mine[0];
    if (!first) continue;
    const kind = fixtureKind(h, id, first);
    if (kind === 'other') continue;
    let suspects: CancelSent[] = [];
    // A shipped fixture's refusals count once a 409 has shown it exists.
    let known = kind === 'pending';
    // And any fixture's once a read has shown the server addresses it exactly (not a rounded twin).
    let shown = false;
    for (const c of mine) {
      if (mayHaveChanged(c, id) || c.outcome === 'unsure') break;
      // A success without the key changed the order where it should have been refused (the AUTH- checks'
      // finding): what follows reads that change, not the refusals'.
      if (c.outcome === 'done' && c.exchange.bucket !== 'primary') break;
      // A refused spelling of the id (007, 7.0) reads nothing of the order: ID- checks judge those.
      if (c.segment !== id && c.outcome !== 'done') continue;
      if (!decisive(c)) {
        if (c.outcome === 'refused' && known) suspects.push(c);
        continue;
      }
      // Reads on the wire at the same moment (a race) read one state: any that agrees speaks for them all.
      const read = mine.find((d) => d.segment === id && decisive(d) && overlap(c, d) && agrees(kind, d)) ?? c;
      if (agrees(kind, read)) {
        for (const r of suspects) if (r.status === cls) proofs.push({ refusal: r, before: kind, next: read });
        if (kind === 'pending') break;
        known = true;
        shown = true;
        suspects = [c];
        continue;
      }
      // A pending fixture nothing showed pending before: a cancel of it an earlier run sent reads the same.
      const first = suspects.find((r) => r.status === cls);
      if (known && kind === 'pending' && !shownPendingBefore(h, id, first)) {
        if (first)
          unshown.push(
            `pending order ${id} was refused (${suspects.map(named).join(', ')}), then its next cancel with the key answered ${c.status ?? 'nothing'} (${named(c)}); not shown pending: a fixture an earlier run used? Nothing in this run showed it pending before the refusal, no list its status "pending" (mint fresh ones with ${flagRef('fixturesCommand')}, or keep the fixtures ledger)`,
          );
        break;
      }
      if (known && suspects.some((r) => r.status === cls) && !addressable(id, shown)) {
        unblamed.push(
          `${kind} order ${id} was refused (${suspects.map(named).join(', ')}), then its next cancel answered ${c.status ?? 'nothing'} (${named(c)}), not ${expectedNext(kind)}: not blamed on the refusal, as no read showed the server addresses an id past 2^53 exactly (see ID-CANCEL-ISOLATION)`,
        );
        break;
      }
      if (known && suspects.some((r) => r.status === cls)) {
        // Shown pending by the store's own list alone: said, as nothing else vouched for it.
        const listed =
          kind === 'pending' && !h.fixtures.shownPending?.includes(id)
            ? ', though a list before the refusal showed it with the status "pending"'
            : '';
        const seen = `${kind} order ${id} was refused (${suspects.map(named).join(', ')}), then its next cancel with the key answered ${c.status ?? 'nothing'} (${named(c)}), not ${expectedNext(kind)}${listed}`;
        // Any refusal on the wire from the first suspect to this read may have changed the order unnamed.
        const from = suspects[0]!.startMs;
        findings.push({
          problem: `${seen}: a refused request changed it`,
          seen,
          refusals: h.cancels.filter(
            (r) => r.outcome === 'refused' && r.endMs > from && r.startMs < c.startMs,
          ),
          exchanges: [c.exchange, ...suspects.map((s) => s.exchange)],
        });
      }
      break;
    }
  }
}

/**
 * The lists just before and just after `r`, and whether only refusals were on the wire between them (then
 * an order missing from the later one is the refusals' doing).
 */
function listsAround(h: History, r: CancelSent): { lists: [ListSeen, ListSeen]; quiet: boolean } | undefined {
  const ix = indexOf(h);
  // The last list to end by r's start, and the first to start from r's end (ties as the lists were sent).
  const prev = ix.byEnd[countBelow(ix.ends, r.startMs, true) - 1];
  const next = ix.byStart[countBelow(ix.starts, r.endMs)];
  if (!prev || !next) return undefined;
  // Quiet: no cancel but a refusal both started before the later list ended and ended after the earlier began.
  const before = countBelow(ix.unrefusedStarts, next.endMs);
  const quiet = before === 0 || ix.unrefusedMaxEnd[before - 1]! <= prev.startMs;
  return { lists: [prev, next], quiet };
}

/**
 * Every refusal of `cls` with its aftermath: for a pending or shipped fixture, the next read of its state
 * (fixtureReads); for any refusal, the lists around it when only refusals came between them, of which the
 * later must lack nothing the earlier held (but orders the run cancelled, whose lists are judged elsewhere).
 */
export function judgeRefusals(h: History, cls: RefusalClass, consistencyMs = 0): RefusalJudgement {
  const judgement: RefusalJudgement = { proofs: [], findings: [], unshown: [], unblamed: [] };
  const { proofs, findings } = judgement;
  fixtureReads(h, cls, judgement);
  // Only a 404 says the order is not there: after a 401, 409 or 429 a list that shows it again may merely have
  // hidden it before (LIST- and STATE-LIST- checks judge lists).
  if (cls === 404) findings.push(...appearedAfter(h, cls, consistencyMs));
  // The first proof of each refusal, as a search of proofs in order finds it.
  const proofOf = new Map<CancelSent, Proof>();
  for (const p of proofs) if (!proofOf.has(p.refusal)) proofOf.set(p.refusal, p);
  const blamedLists = new Set<ListSeen>();
  const drift = unnamedDrift(h);
  for (const r of h.cancels) {
    if (r.status !== cls) continue;
    const around = listsAround(h, r);
    if (!around) continue;
    const [prev, next] = around.lists;
    // An order the run cancelled (or may have) is the list checks' to judge, however late a list shows it.
    const gone = lacking(prev.ids, next.ids).filter((x) => !touchedBefore(h, x, next.endMs));
    const made = madeBetween(h, next);
    // Items without an id (`{}`): no order the model names, but one a refusal made or took all the same.
    const unnamed = !drift && next.ids.unnamed !== prev.ids.unnamed;
    if (gone.length === 0 && made.length === 0 && !unnamed) {
      // The store kept every order across the refusal: a proof, whatever else came between the lists.
      const id = r.names.length === 1 ? r.names[0]! : undefined;
      const proof = proofOf.get(r);
      if (proof) Object.assign(proof, { lists: around.lists, quiet: around.quiet });
      else
        proofs.push({
          refusal: r,
          before:
            id !== undefined && !prev.ids.has(id) && !h.fixtures.pending.includes(id) ? 'absent' : 'other',
          lists: around.lists,
          quiet: around.quiet,
        });
      continue;
    }
    // Not quiet: a cancel between the lists may have done it (STATE-LIST-EXPLAINED names them all).
    if (!around.quiet || blamedLists.has(next)) continue;
    blamedLists.add(next);
    const refusals = h.cancels.filter((c) => c.startMs >= prev.endMs && c.endMs <= next.startMs);
    // The class's own refusals lead, those that named a vanished order first (a walk's many absent-id cancels
    // of another class would bury them); with none, any that named one.
    const naming = (rs: CancelSent[]) => rs.filter((c) => c.names.some((n) => gone.includes(n)));
    const mine = refusals.filter((c) => c.status === cls);
    const lead = [naming(mine), mine, naming(refusals)].find((l) => l.length > 0) ?? refusals;
    const more = refusals.length - lead.length;
    const missing =
      gone.length === 0
        ? []
        : [
            `${gone.length === 1 ? `order ${gone[0]} is` : `orders ${idsText(gone)} are`} missing from ${named(next)}, though ${named(prev)} listed ${gone.length === 1 ? 'it' : 'them'}`,
          ];
    const appeared =
      made.length === 0
        ? []
        : [
            `${made.length === 1 ? `order ${made[0]} is` : `orders ${idsText(made)} are`} listed by ${named(next)}, though no list before it held ${made.length === 1 ? 'it' : 'them'} and no request named ${made.length === 1 ? 'it' : 'them'} (the refusals made ${made.length === 1 ? 'it' : 'them'}: the API has no operation that creates orders)`,
          ];
    const seen = [...missing, ...appeared, ...(unnamed ? unnamedWords(prev, next) : [])].join('; ');
    findings.push({
      problem: `after ${lead.map(named).join(', ')} (refused, so nothing may change${more > 0 ? `; ${more} more refused between the lists` : ''}), ${seen}`,
      seen,
      refusals,
      exchanges: [next.exchange, prev.exchange, ...refusals.map((c) => c.exchange)],
    });
  }
  return judgement;
}

/**
 * The orders new to the run that `next` holds (appeared.ts), unless the store is seen to grow on its own: then
 * no refusal is blamed for an order it did not name.
 */
function madeBetween(h: History, next: ListSeen): string[] {
  const { all, unprompted } = appearances(h);
  if (unprompted.length > 0) return [];
  return all.find((a) => a.list === next)?.ids ?? [];
}

/**
 * Orders a refusal of `cls` brought into the list: the order it named (its id as sent) is missing from the
 * last list before it and listed by the first after it, with nothing but refusals on the wire between them.
 * No refused request may change the store, and none but the one naming it could have added that order (a
 * store that keeps a deleted key's default, a 404 that re-creates). A cancel of the order within the lag the
 * server declared (`consistencyMs`) may still show through a lagging copy: not judged.
 */
function appearedAfter(h: History, cls: RefusalClass, consistencyMs: number): RefusalFinding[] {
  const found: RefusalFinding[] = [];
  const seen = new Set<string>();
  for (const r of h.cancels) {
    if (r.status !== cls || r.names.length !== 1 || r.names[0] !== r.segment) continue;
    const id = r.segment;
    if (seen.has(id)) continue;
    const around = listsAround(h, r);
    if (!around?.quiet) continue;
    const [prev, next] = around.lists;
    if (prev.ids.has(id) || !next.ids.has(id)) continue;
    const lagging = h.cancels.some(
      (c) => c.names.includes(id) && c.outcome !== 'refused' && c.endMs + consistencyMs > next.startMs,
    );
    if (lagging) continue;
    // Back after the run cancelled it, or made where no list ever showed it: a list that merely shows some
    // orders some of the time (LIST-HOLDS-FIXTURES' finding) blames no refusal.
    const restored = h.cancels.some(
      (c) => c.outcome === 'done' && c.names.length === 1 && c.names[0] === id && c.endMs <= r.startMs,
    );
    const made =
      !h.lists.some((l) => l.endMs <= r.startMs && l.ids.has(id)) &&
      !h.fixtures.pending.includes(id) &&
      !h.fixtures.shipped.includes(id);
    if (!restored && !made) continue;
    seen.add(id);
    const saw = `order ${id} is missing from ${named(prev)} and listed by ${named(next)}, and between them only ${named(r)} named it, refused`;
    found.push({
      problem: `${saw}: a refused request changed the store (it ${restored ? `brought back order ${id}, which the run had cancelled` : `made order ${id}, which no list had shown`})`,
      seen: saw,
      // Only the refusal that named it could have made it: no other class explains it.
      refusals: [r],
      exchanges: [next.exchange, r.exchange, prev.exchange],
    });
  }
  return found;
}

/** A proof on the kind of order the class is about: 401 and 429 on a pending fixture, 409 on a shipped one, 404 on an absent id. */
export function strong(cls: RefusalClass, p: Proof): boolean {
  if (cls === 409) return p.before === 'shipped' && (p.next !== undefined || p.lists !== undefined);
  if (cls === 404) return p.before === 'absent' && p.lists !== undefined;
  return p.before === 'pending' && p.next !== undefined;
}
