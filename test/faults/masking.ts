// What a fault leaves nothing to judge of, as data each fault's proof declares (`masking`), and the pairs of
// faults that cannot both show in one run, computed from those declarations: no hand-kept pair table.

/** The parts of a run's answers a fault can bend or take away, each with the words its reasons use. */
export const PARTS = {
  'error-json': 'JSON Error body',
  'error-status': 'status member of the Error body',
  'list-array': 'order list as a JSON array',
  'list-200': '200 answer to the list (the only one a cache stores or tags)',
  'list-by-accept': "list answer chosen by the request's Accept",
  'listed-cancelled': 'cancelled order in the list',
  'absent-answer': 'answer to the absent-id cancels',
  'absent-404': '404 to an absent-id cancel (the 404s a run provokes)',
  'pending-204': '204 to cancelling a pending order',
  'shipped-409': '409 to cancelling the shipped order',
  challenge: 'WWW-Authenticate challenge of each 401',
  'strict-reader': 'strict orderId reader',
  'spare-fixture':
    'pending fixture left spare for the race to cancel beside its own (a spelling accepted, or a cancel served without a valid key, spends one more)',
  date: 'Date field',
  'server-date':
    "Date the run reads the server's own clock by (under a proof's fast clock, the only witness of the server's time)",
  'unix-reset':
    'X-RateLimit-Reset read as a Unix time, which shows the server keeps a clock (so owes Date) and against which Date is read',
  'json-label': 'JSON media type label',
  'x-ratelimit': 'X-RateLimit-* field',
  'ratelimit-4xx':
    'X-RateLimit-* fields of a 4xx answer (nearly every request to a new path or the cancel route)',
  'ratelimit-404': 'X-RateLimit-* fields of a 404',
  reset: 'X-RateLimit-Reset of each answer',
  'reset-window': 'window an answer counts in, told by the Reset moment it names',
  remaining: 'X-RateLimit-Remaining of each answer',
  count: "key's count, one unit a request, by which separate counts are told apart",
  '429': '429: no request is ever limited',
  '429-fields': '429 with its fields and body',
  'retry-after': 'Retry-After of each 429',
  'list-etag': "list's ETag and its answer to If-None-Match",
  '405': '405 to a method a route does not define (the OPTIONS and writes the request surface sends)',
  'head-list': 'HEAD of the list answered as its GET (the one HEAD with the key a run sends)',
} as const;

export type Part = keyof typeof PARTS;

/** A fault's own declaration of what it makes unjudgeable, beside its proof. */
export interface Masking {
  /** Parts of the answers it rewrites: a fault that rewrites one of them too is replaced by it. */
  bends?: Part[];
  /** Parts no answer carries with it on: a fault that bends or reads one of them cannot show beside it. */
  removes?: Part[];
  /** Parts its checks need to see, other than those it bends. */
  reads?: Part[];
  /** Faults it hides in a way of its own, each with the reason. */
  hides?: Record<string, string>;
}

/** The pairs two declarations make unjudgeable together, with the reason; [] when both can show. */
export function masked(a: string, ma: Masking, b: string, mb: Masking): Array<[string, string, string]> {
  const out: Array<[string, string, string]> = [];
  for (const p of ma.bends ?? [])
    if (mb.bends?.includes(p)) out.push([a, b, `both bend the one ${PARTS[p]}`]);
  for (const [x, mx, y, my] of [
    [a, ma, b, mb],
    [b, mb, a, ma],
  ] as const) {
    for (const p of mx.removes ?? []) {
      if (my.bends?.includes(p)) out.push([x, y, `the first leaves no ${PARTS[p]} for the second to bend`]);
      else if (my.reads?.includes(p))
        out.push([x, y, `the first leaves no ${PARTS[p]}, which the second's checks read`]);
    }
    const why = mx.hides?.[y];
    if (why) out.push([x, y, why]);
  }
  return out;
}

/** Every pair of the given faults left out, once, with its first reason. */
export function maskedPairs(proofs: Record<string, { masking?: Masking }>): Array<[string, string, string]> {
  const ids = Object.keys(proofs);
  const out: Array<[string, string, string]> = [];
  ids.forEach((a, i) => {
    for (const b of ids.slice(i + 1)) {
      const found = masked(a, proofs[a]!.masking ?? {}, b, proofs[b]!.masking ?? {});
      if (found[0]) out.push(found[0]);
    }
  });
  return out;
}
