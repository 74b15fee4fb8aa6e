// What a peer's verdicts judge, named in this suite's own units: the MUST checks of the catalogue whose
// requirement a peer's assertion on one exchange decides. Generous on purpose (see PEER_COUNTING).

/** What a peer sent and which parts of the answer it judged against the description. */
export interface PeerExchange {
  operation: 'listOrders' | 'cancelOrder' | 'getPetById';
  /** The documented response the peer expected ("200", "401", ...). */
  documented: string;
  credentials: 'key' | 'none' | 'unknown-key';
  /** For cancelOrder: which kind of id the peer sent. */
  orderId?: 'pending' | 'absent' | 'shipped';
  /**
   * The parts the peer asserted on, whatever their outcome. `body`: validated against the schema, compared
   * with an example made from it (the keys it names, not their types), asserted empty, or not looked at.
   */
  judged: { status: boolean; headers: string[]; body: 'schema' | 'example' | 'empty' | 'none' };
  outcome: 'pass' | 'fail';
  /** The peer's own words for a fail. */
  reasons: string[];
}

export const PEER_COUNTING =
  "a peer's MUSTs judged are the MUST checks of this suite whose requirement one of its assertions decided in the run (a status, a header's presence, a body), each counted once however many responses it looked at; generously: one list, one 401 or one 404 counts for a requirement this suite judges on every response, an Error body whose keys alone are compared counts as judged, and a schema check counts as LIST-ITEMS-ORDER though it reads ids as doubles; a body compared with an example counts as LIST-BODY-ARRAY only (no item is looked at); a documented response it skipped (nothing in the description provokes a 429) counts for nothing";

/** The MUST checks that the parts `judged` of one exchange decide. */
export function mustsOf(x: PeerExchange): string[] {
  const out: string[] = [];
  const status = x.documented;
  if (x.judged.status) {
    if (x.operation === 'listOrders' && status === '200' && x.credentials === 'key')
      out.push('LIST-STATUS-200');
    if (status === '401' && x.credentials === 'none') {
      out.push('AUTH-MISSING-401');
      if (x.operation === 'getPetById') out.push('PETS-401-WITHOUT-CREDENTIALS');
    }
    if (status === '401' && x.credentials === 'unknown-key') out.push('AUTH-UNKNOWN-KEY-401');
    if (x.operation === 'cancelOrder' && status === '401' && x.orderId === 'absent')
      out.push('AUTH-BEFORE-EXISTENCE');
    if (x.operation === 'cancelOrder' && x.credentials === 'key') {
      if (status === '204' && x.orderId === 'pending') out.push('CANCEL-PENDING-204');
      if (status === '404' && x.orderId === 'absent') out.push('CANCEL-UNKNOWN-404');
      if (status === '409' && x.orderId === 'shipped') out.push('CANCEL-SHIPPED-409');
    }
  }
  const body = x.judged.body;
  if (body === 'schema' || body === 'example') {
    if (x.operation === 'listOrders' && status === '200')
      out.push('LIST-BODY-ARRAY', ...(body === 'schema' ? ['LIST-ITEMS-ORDER'] : []));
    if (status === '401') out.push('AUTH-401-ERROR-BODY', 'ERR-BODY-SCHEMA');
    if (status === '404') out.push('CANCEL-UNKNOWN-404-BODY', 'ERR-BODY-SCHEMA');
  }
  const headers = x.judged.headers.map((h) => h.toLowerCase());
  if (['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'].every((h) => headers.includes(h)))
    out.push('RL-HEADERS-PRESENT');
  if (status === '401' && headers.includes('www-authenticate')) out.push('AUTH-WWW-AUTHENTICATE');
  return out;
}

/** The distinct MUST checks a peer's run judged, sorted. */
export function mustsJudged(exchanges: PeerExchange[]): string[] {
  return [...new Set(exchanges.flatMap(mustsOf))].sort();
}
