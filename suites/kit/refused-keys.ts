// The 401s owed to a request that does not carry "Authorization: Bearer <key>" (spec §5 rule 4): which check
// judges a request by the credential it offered instead (kit/offered.ts), and that check's one judge over every
// such exchange of a run or a recording. Shared by the auth and pets areas; reads exchanges, never sends.
import { flagAndEnv } from '../../lib/config/settings.ts';
import { isCanonicalInt64 } from '../../lib/formats/int64.ts';
import type { Exchange } from '../../lib/http/transcript.ts';
import { acceptedWhy } from './accepted-credential.ts';
import type { Ctx } from './context.ts';
import { expectStatus } from './expect.ts';
import { carriesKey } from './offered.ts';
import { splitUrl } from './routes.ts';
import { type ExchangeFacts, NOT_OBSERVED, recorded, SAYS_NOTHING } from './traffic.ts';
import { letInAt, readWithKey, unservedCause } from './unserved-route.ts';

/** Statuses that refuse a method itself (RFC 9110 §15.5.6, §15.6.2). */
const METHOD_REFUSED = new Set([405, 501]);

/** The check that judges a request's refusal: the kind of credential it offered instead of the key. */
export function refusedAs(f: ExchangeFacts): string | undefined {
  const { route, offered } = f;
  if (!route) return undefined;
  const nothing =
    offered.form.kind === 'none' &&
    offered.query.length + offered.headers.length + offered.cookies.length === 0;
  if (route.spelled) return nothing ? 'AUTH-PATH-SPELLING-401' : undefined;
  // A cancel of a segment that is no orderId may be no route at all: it is the ID- checks' to judge.
  if (route.op === 'cancel' && !isCanonicalInt64(route.id ?? '')) return undefined;
  switch (offered.form.kind) {
    case 'none':
      if (offered.query.length > 0) return 'AUTH-QUERY-KEY-401';
      if (offered.headers.length > 0) return 'AUTH-KEY-HEADER-401';
      if (offered.cookies.length > 0) return 'AUTH-KEY-COOKIE-401';
      return 'AUTH-MISSING-401';
    case 'empty-bearer':
      return 'AUTH-EMPTY-BEARER-401';
    case 'extra-text':
      return 'AUTH-KEY-EXTRA-TEXT-401';
    case 'other-scheme':
      return 'AUTH-OTHER-SCHEME-401';
    case 'bare':
      return 'AUTH-BARE-KEY-401';
    case 'bearer':
      if (offered.form.role === 'altered') return 'AUTH-KEY-ALTERED-401';
      return offered.form.role === 'other' ? 'AUTH-UNKNOWN-KEY-401' : undefined;
    case 'repeated':
      return undefined;
  }
}

/** The exchanges of the run a check judges, answered with something that says what auth did (not 429). */
export function answered(ctx: Ctx, pick: (f: ExchangeFacts & { x: Exchange }) => boolean) {
  return recorded(ctx).filter((r) => !SAYS_NOTHING(r.x.response!.status) && pick(r));
}

/** A request as a finding names it: its method and its path as sent. */
export const where = (x: Exchange): string =>
  `${x.request.method} ${splitUrl(x.request.url)?.rest ?? x.request.url}`;

/** An exchange's answer as the status expectations read it. */
export const headOf = (x: Exchange) => ({
  exchange: x,
  status: x.response!.status,
  headers: x.response!.headers,
  bytes: x.response!.bodyBytes,
  receivedAtMs: 0,
});

export interface RefusedOptions {
  /** Narrows the requests judged (the cancel alone, the pets read alone). */
  also?: (f: ExchangeFacts) => boolean;
  /**
   * Called with the findings before the judge decides it saw nothing: a live run's operations its own sending
   * could not reach (auth/unreached.ts), which may end the check in error where nothing else was found.
   */
  settle?: (ctx: Ctx, findings: number) => void;
  /**
   * Requests of another kind the check also judges (a cancel of a malformed id without credentials), judged
   * first by their own rule: what it found and looked at counts with the rest.
   */
  more?: (ctx: Ctx) => { exchanges: Exchange[]; findings: number; says: string };
}

/** The judge of a check that every request offering its kind of credential was refused with 401. */
export function refused(id: string, what: string, options: RefusedOptions = {}) {
  return async (ctx: Ctx): Promise<void> => {
    const judged = answered(ctx, (f) => refusedAs(f) === id && (options.also?.(f) ?? true));
    // A HEAD refused as a method is the request surface's to record (RFC 9110 §9.1): no answer about the key.
    const xs = judged.filter(
      ({ x }) => !(x.request.method === 'HEAD' && METHOD_REFUSED.has(x.response!.status)),
    );
    if (xs.length < judged.length)
      ctx.note(`${judged.length - xs.length} HEADs refused as a method (405, 501): not judged here`);
    if (id === 'AUTH-UNKNOWN-KEY-401') noteUnverified(ctx);
    // Judged first: a finding of the loop below may end the judge (expectations stop at a violation).
    const more = options.more?.(ctx);
    let findings = 0;
    const same = xs.map(({ x }) => x);
    const before = (y: Exchange) => keyBefore(ctx, y);
    await readWithKey(
      ctx,
      xs
        .filter(({ x, route }) => ![401, 429].includes(x.response!.status) && !letInAt(ctx, x, route!))
        .map((r) => r.route),
    );
    // Every request of this kind in the run, whatever the check narrows to: how the other routes answered it.
    const kind = options.also ? answered(ctx, (f) => refusedAs(f) === id) : judged;
    for (const { x, route } of xs)
      if (x.response!.status !== 401) {
        findings++;
        // A connection that carried the key is named, as a fact, only where it can explain the answer: let in.
        const letIn = letInAt(ctx, x, route!);
        const key = letIn ? before(x) : undefined;
        const why = acceptedWhy(x, same, before, id === 'AUTH-KEY-EXTRA-TEXT-401', letIn);
        if (key && findings === 1) ctx.reproduceOnOneConnection(key, x);
        const cause = unservedCause(ctx, x, route!, kind);
        expectStatus(ctx, headOf(x), `${where(x)} with ${what}${why}`).toBe(401, cause);
      }
    findings += more?.findings ?? 0;
    options.settle?.(ctx, findings);
    const also = more?.exchanges ?? [];
    if (xs.length + also.length === 0) ctx.skip(`no request to an operation carried ${what}`, NOT_OBSERVED);
    const ops = [...new Set(xs.map(({ route }) => route!.op))];
    ctx.observe(
      `401 for ${xs.length} requests with ${what}${xs.length > 0 ? ` (${ops.join(', ')})` : ''}${also.length > 0 ? `; ${more!.says}` : ''}`,
      xs.length + also.length,
      [...xs.map(({ x }) => x), ...also],
    );
  };
}

/**
 * The last exchange before `x` that went on the same connection (lib/http/connections.ts) with the key, when
 * the run knows its connections: a server that caches credentials per connection answers `x` by it.
 */
export function keyBefore(ctx: Ctx, x: Exchange): Exchange | undefined {
  if (x.connection === undefined) return undefined;
  return recorded(ctx)
    .filter(
      ({ x: y, offered }) =>
        y.seq < x.seq && y.connection === x.connection && carriesKey(offered) === 'primary',
    )
    .at(-1)?.x;
}

/** Bearer tokens that cannot be told from a key: the judge was given no key, and the recording names none. */
function noteUnverified(ctx: Ctx): void {
  const xs = recorded(ctx).filter(
    ({ offered }) => offered.form.kind === 'bearer' && offered.form.role === 'unverified',
  );
  if (xs.length === 0) return;
  const ok = xs.filter(({ x }) => x.response!.status !== 401).length;
  ctx.note(
    `${xs.length} requests carried a bearer token other than the one taken for the key (${ok} not refused); without ${flagAndEnv('apiKey')} they cannot be told from a second valid key, so they are not judged`,
  );
}
