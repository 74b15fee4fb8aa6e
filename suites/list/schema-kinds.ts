// EVERY-LIST-ITEMS-ORDER's findings, one per distinct schema error across the run's list bodies (by path
// pattern and expectation): the first body that shows it, how many bodies do, and, for one that appears only
// after a cancel, that cancel. Bounded in count; reads the bodies' findings and the run's cancels; never sends.
import type { Exchange } from '../../lib/http/transcript.ts';
import type { Ctx } from '../kit/context.ts';
import { keyCancels } from '../kit/key-cancels.ts';
import type { ListBody } from '../kit/list-bodies.ts';
import { MAX_SCHEMA_KINDS, type SchemaKind } from '../kit/order-list.ts';

/** Distinct errors reported one by one; the rest are counted in a note. */
export const MAX_KINDS_REPORTED = 8;

/** The exchange of a list body as the report names it: its number, request, status and sender. */
export function where({ exchange: x }: ListBody): string {
  const url = new URL(x.request.url);
  const by = x.checkId ? `, sent by ${x.checkId}` : '';
  return `#${x.seq} (${x.request.method} ${url.pathname}${url.search}, ${x.response?.status}${by})`;
}

interface Seen {
  kind: SchemaKind;
  first: ListBody;
  /** Where `first` stands among the bodies, in the order received. */
  at: number;
  bodies: number;
  items: number;
}

const cancelText = (x: Exchange, id: string) =>
  `#${x.seq} DELETE /store/orders/${id} → ${x.response?.status}`;

/**
 * What brought an error in, when bodies before its first showed none of it: the cancels answered 2xx between
 * the last body without it and the first with it (the one naming the item's order first), or just that no
 * earlier body showed it. Empty for an error the run's first body shows.
 */
function onset(ctx: Ctx, bodies: readonly ListBody[], s: Seen): string {
  if (s.at === 0) return '';
  const from = bodies[s.at - 1]!.exchange.seq;
  const to = s.first.exchange.seq;
  const done = keyCancels(ctx).filter(
    ({ x }) => x.seq > from && x.seq < to && x.response!.status >= 200 && x.response!.status <= 299,
  );
  const before = `none of the ${s.at} list bod${s.at === 1 ? 'y' : 'ies'} before it showed this`;
  const own = done.find((c) => c.id === s.kind.itemId);
  if (own)
    return `; after ${cancelText(own.x, own.id)} cancelled order ${own.id}, order ${own.id}'s ${s.kind.field || 'item'} became ${s.kind.issue.actual} (${before})`;
  if (done.length > 0)
    return `; it first shows after ${done
      .slice(0, 2)
      .map((c) => cancelText(c.x, c.id))
      .join(', ')}${done.length > 2 ? ` and ${done.length - 2} more cancels` : ''} (${before})`;
  return ` (${before})`;
}

/** One problem per distinct schema error across `bodies`, in the order they first show; the rest noted. */
export function itemiseSchemaErrors(ctx: Ctx, bodies: readonly ListBody[]): void {
  const seen = new Map<string, Seen>();
  let leftOut = 0;
  bodies.forEach((b, at) => {
    leftOut += b.findings.schemaKindsLeftOut;
    for (const kind of b.findings.schemaKinds) {
      const s = seen.get(kind.kind);
      if (s) {
        s.bodies += 1;
        s.items += kind.count;
      } else seen.set(kind.kind, { kind, first: b, at, bodies: 1, items: kind.count });
    }
  });
  const all = [...seen.values()];
  for (const s of all.slice(0, MAX_KINDS_REPORTED)) {
    const { kind } = s;
    const item = kind.itemId !== undefined ? ` (order ${kind.itemId}'s item)` : '';
    ctx.problem(
      `list body ${where(s.first)}: ${kind.error}, found ${kind.issue.actual}${item}; ${s.bodies} of the ${bodies.length} list bodies of the run show this error (${s.items} item${s.items === 1 ? '' : 's'} in all)${onset(ctx, bodies, s)}`,
      { exchange: s.first.exchange, schema: [kind.issue] },
    );
  }
  if (all.length > MAX_KINDS_REPORTED)
    ctx.note(
      `${all.length - MAX_KINDS_REPORTED} more distinct schema errors against Order: ${all
        .slice(MAX_KINDS_REPORTED, MAX_KINDS_REPORTED + 5)
        .map((s) => s.kind.kind)
        .join('; ')}${all.length > MAX_KINDS_REPORTED + 5 ? '; …' : ''}`,
    );
  if (leftOut > 0)
    ctx.note(
      `${leftOut} schema errors of kinds past the first ${MAX_SCHEMA_KINDS} in their body are counted, not itemised`,
    );
}
