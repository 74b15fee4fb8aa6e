// HTTP-SURFACE-PROPERTY: a fast-check property over the request surface around the routes (unknown paths,
// slashes, case, queries, HEAD and OPTIONS, Accept, conditional requests, ids of every class), each answer
// judged by surface-judge.ts; the whole-run checks, which run after it, judge the same answers by theirs.
// Sends only into the room the key's window has left; DELETEs, and writes of an order path, only of spellings
// proven to name no order; writes of the list only with no content.
import fc from 'fast-check';
import { runProperty } from '../../lib/check/property.ts';
import { input } from '../../lib/check/skip.ts';
import { flagAndEnv, flagRef } from '../../lib/config/settings.ts';
import { headerValue } from '../../lib/formats/rate-limit-headers.ts';
import type { SendOptions } from '../../lib/http/client.ts';
import { KEY_VARIABLE } from '../../lib/http/redact.ts';
import { rawOf } from '../../lib/http/transcript.ts';
import { RFC, SPEC } from '../kit/basis.ts';
import { type Ctx, check, suite } from '../kit/context.ts';
import { ORDERS } from '../kit/paths.ts';
import { shares } from '../kit/sendings.ts';
import { keyedListFailed } from '../kit/target-facts.ts';
import { bearerSpacingCheck } from './bearer-spacing.ts';
import { conditionalCheck } from './conditional.ts';
import { conditionalWeakCheck } from './conditional-weak.ts';
import { queryIdCheck } from './query-id.ts';
import { REQUEST_BODY_FRAMING, requestBodyCheck } from './request-body.ts';
import {
  admissible,
  FIXED_MAX,
  fixedCases,
  requestOf,
  type SurfaceCase,
  showCase,
  surfaceCatalogue,
  UNSAFE,
} from './surface-catalogue.ts';
import { judgeSurface, recordedOnly, type SurfaceFailure, SurfaceLimited, unsent } from './surface-judge.ts';
import { OutOfRoom, roomKeeper } from './surface-room.ts';

const OWNER = 'HTTP-SURFACE-PROPERTY';
/** Generated cases of a default run after the fixed ones: a sample drawn by --seed, in the window's room. */
export const SURFACE_SAMPLE = 6;
/** Shrink steps after a counterexample (never through a DELETE: see admissibleNow). */
export const SURFACE_SHRINKS = 3;
/** Every case of the catalogue: what --exhaustive sends. */
export const SURFACE_ALL = surfaceCatalogue(1n).length;

/** A GET as the surface's HEAD is sent: the default Accept, no condition, the key as a bearer token. */
function plainGet(headers: Readonly<Record<string, string | string[]>>): boolean {
  const h = new Map(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  return (
    (h.get('accept') ?? 'application/json') === 'application/json' &&
    ![...h.keys()].some((k) => k.startsWith('if-')) &&
    h.get('authorization') === `Bearer $${KEY_VARIABLE}`
  );
}

/**
 * The status the last plain GET of `url` with the key was answered in this run (no Accept, no condition: what
 * a HEAD of the surface sends), a 429 aside.
 */
const getOf =
  (ctx: Ctx) =>
  (url: string): number | undefined =>
    [...ctx.transcript.all()]
      .reverse()
      .find(
        (x) =>
          x.request.method === 'GET' &&
          x.bucket === 'primary' &&
          x.request.url === url &&
          plainGet(x.request.headers) &&
          x.response !== undefined &&
          x.response.status !== 429,
      )?.response?.status;

/**
 * A GET of the list around the surface's HEAD of it, asking any cache on the way to validate with the origin
 * (RFC 9111 §5.2.1.4): HTTP-HEAD-CONTENT-LENGTH sets aside a GET a cache answered from its store (Age), whose
 * length is the list's at a moment the run cannot know.
 */
const LIST_NOW: SendOptions = { method: 'GET', path: ORDERS, headers: { 'Cache-Control': 'no-cache' } };

/**
 * A plain GET of the list before the surface's HEAD of it (another goes just after), unless one of the run's
 * already went, not from a cache's store, with no request that could change the list since:
 * HTTP-HEAD-CONTENT-LENGTH compares the HEAD with the GETs around it. False when the run's keyed list failed
 * (asking again repeats it): no GETs then.
 */
async function getBeforeHead(ctx: Ctx): Promise<boolean> {
  if (await keyedListFailed(ctx.memo)) return false;
  for (const x of [...ctx.transcript.all()].reverse()) {
    if (!['GET', 'HEAD', 'OPTIONS', 'TRACE'].includes(x.request.method.toUpperCase())) break;
    // The GET with content and the one after it on its connection: not the plain GETs the HEAD is read beside.
    if (x.checkId === REQUEST_BODY_FRAMING) break;
    const url = new URL(x.request.url);
    const plain =
      x.request.method === 'GET' &&
      x.bucket === 'primary' &&
      url.pathname.endsWith(ORDERS) &&
      url.search === '' &&
      plainGet(x.request.headers) &&
      x.response !== undefined &&
      x.response.status >= 200 &&
      x.response.status < 300 &&
      headerValue(rawOf(x.response).headers, 'age') === undefined;
    if (plain) return true;
  }
  await ctx.http.send(LIST_NOW);
  return true;
}

/** The order id the reads name when no id is proven absent: a read changes nothing, whatever it names. */
const READ_ONLY_ID = '1';

async function surfaceProperty(ctx: Ctx): Promise<void> {
  const list = await ctx.target.list();
  const absent = await ctx.target.absentId();
  // Without an id proven absent no DELETE or write of an order path goes out; the reads (GET, HEAD, OPTIONS)
  // change nothing, whatever order an id may name, nor does a write of the list with no content describing one.
  if (absent === undefined)
    ctx.note(
      `no DELETE or write of an order path of the surface sent: ${(await ctx.target.absenceSkip()).reason}`,
    );
  const guard = ctx.target.guard(list);
  // A shipped order may be named (its cancel is a 409 and changes nothing); any other known order may not.
  const shipped = new Set(ctx.config.shippedOrderIds.map(BigInt));
  const pending = new Set(ctx.config.cancellableOrderIds.map(BigInt));
  const beyond = [...list.ids.beyondSafe(), ...pending].filter((k) => !shipped.has(k)).map(Number);
  const rounded = new Set(beyond);
  const known = (n: bigint) =>
    (!shipped.has(n) && (list.ids.hasGenerously(n) || pending.has(n))) ||
    (Math.abs(Number(n)) > 2 ** 53 && rounded.has(Number(n)));
  const near = (n: bigint) => guard?.near(n) ?? false;
  const direct = ctx.http.omitsContentLength;
  if (!direct) ctx.note('no write without Content-Length sent: the target is reached through a proxy');
  const catalogue = surfaceCatalogue(BigInt(absent ?? READ_ONLY_ID)).filter(
    (c) =>
      (absent !== undefined || !UNSAFE.has(c.method) || (c.method !== 'DELETE' && c.path === ORDERS)) &&
      (direct || !c.omitLength),
  );
  const cases = catalogue.filter((c) => admissible(c, known, near));
  if (cases.length < catalogue.length)
    ctx.note(
      `${catalogue.length - cases.length} DELETEs and writes of an order path not sent: a reading of each one's id may name an order`,
    );
  const room = roomKeeper(ctx);
  let failed = false;
  // Answers judged: an attempt stopped for want of room sent nothing, though the property counts it.
  let judged = 0;
  // Whether the HEAD of the list has had its GETs around it (getBeforeHead): once, not again while shrinking.
  let paired = false;
  const errors: string[] = [];
  const replay = ctx.config.replayPath;
  const exhaustive = ctx.config.exhaustive;
  const attempted = new Set<string>();
  const result = await runProperty<SurfaceCase, SurfaceFailure>({
    arbitrary: fc.constantFrom(...cases),
    examples: exhaustive ? cases : fixedCases(cases),
    runs: exhaustive ? 0 : SURFACE_SAMPLE,
    seed: ctx.config.seed,
    allowance: ctx.http.pacer.budgetLeft,
    maxShrinks: SURFACE_SHRINKS,
    ...(replay?.checkId === OWNER ? { replayPath: replay.path } : {}),
    // While shrinking, no DELETE or write: after a 2xx the run's gate stops them, and each names an id not given.
    admissible: (c) => !(failed && UNSAFE.has(c.method)),
    key: showCase,
    async attempt(c) {
      attempted.add(showCase(c));
      await room();
      let pairing = c.method === 'HEAD' && c.path === ORDERS && !paired;
      if (pairing) {
        paired = true;
        pairing = await getBeforeHead(ctx);
        await room();
      }
      const res = await ctx.http.send(requestOf(c));
      const stray = ctx.http.strayResponses.some((s) => s.afterSeq === res.exchange.seq && !s.idle);
      const f = judgeSurface(c, res, stray);
      judged += 1;
      const recorded = recordedOnly(c, res, getOf(ctx));
      if (recorded) errors.push(recorded);
      if (f) failed = true;
      // And one just after it: two GETs of one length show the list unchanged around the HEAD. Without room
      // for it, the HEAD's length goes unjudged, and the next case meets the window.
      if (pairing)
        await room()
          .then(() => ctx.http.send(LIST_NOW))
          .catch((e: unknown) => {
            if (!(e instanceof OutOfRoom)) throw e;
          });
      return f;
    },
  });
  // The fixed cases a counterexample cut off still go out: every run promises them, and the whole-run checks
  // judge their answers too (a framework's 405 page to the POST of the list, say).
  const rest = result.counterexample && replay?.checkId !== OWNER ? unsent(cases, attempted, result) : [];
  const more: SurfaceFailure[] = [];
  for (const c of rest) {
    try {
      await room();
    } catch (e) {
      if (e instanceof OutOfRoom) break;
      throw e;
    }
    const res = await ctx.http.send(requestOf(c));
    const stray = ctx.http.strayResponses.some((s) => s.afterSeq === res.exchange.seq && !s.idle);
    judged += 1;
    const recorded = recordedOnly(c, res, getOf(ctx));
    if (recorded) errors.push(recorded);
    const f = judgeSurface(c, res, stray);
    if (f) more.push(f);
  }
  for (const e of errors.slice(0, 3)) ctx.note(`recorded, not judged: ${e}`);
  report(ctx, { ...result, sent: judged }, cases.length);
  for (const f of more)
    ctx.violation(f.message, { expected: f.expected, actual: f.actual, exchange: f.exchange });
}

function report(
  ctx: Ctx,
  r: Awaited<ReturnType<typeof runProperty<SurfaceCase, SurfaceFailure>>>,
  size: number,
) {
  const path = r.counterexample ? `path ${r.counterexample.path}` : 'path none (no counterexample)';
  const ran = r.replayed
    ? `replay of path ${r.replayed}, ${r.sent} sent`
    : `${r.plan.examples + r.plan.generated} cases planned of a surface of ${size}, ${r.sent} sent`;
  ctx.note(`fast-check seed ${r.seed}; ${path}; ${ran}`);
  const flags = (p: string) =>
    `${flagRef('only')} ${OWNER} ${flagRef('seed')} ${r.seed} ${flagRef('replayPath')} ${OWNER}:${p}`;
  ctx.property({
    seed: r.seed,
    path: r.counterexample?.path ?? null,
    ...(r.counterexample ? { replay: flags(r.counterexample.path) } : {}),
  });
  ctx.log(`  ${OWNER}: seed ${r.seed}, ${path}; ${ran}`);
  if (r.error instanceof OutOfRoom)
    ctx.note(
      `${r.error.message}: the rest of the surface was not sent; raise ${flagAndEnv('surfaceWindows')}`,
    );
  else if (r.error instanceof SurfaceLimited) ctx.note(r.error.message);
  else if (r.error !== undefined) throw r.error;
  if (r.counterexample) {
    const { value, failure } = r.counterexample;
    ctx.note(
      `counterexample ${showCase(value)} (${r.shrinks} shrink steps); replay with ${flags(r.counterexample.path)}`,
    );
    ctx.violation(failure.message, {
      expected: failure.expected,
      actual: failure.actual,
      exchange: failure.exchange,
    });
  }
  if (r.sent === 0)
    ctx.skip(
      `nothing to judge: no case could be sent (the key's window had no room, or the limit refused them); raise ${flagAndEnv('surfaceWindows')}`,
      input('surfaceWindows'),
    );
  ctx.observe(
    r.replayed
      ? 'the replayed case now holds'
      : `${r.sent} requests of the surface (of ${size}${ctx.config.exhaustive ? ', every case' : `, a sample by ${flagRef('seed')}`}), each answered within the invariants`,
    r.sent,
  );
}

export const surfaceSuite = suite({
  id: 'HTTP',
  title: 'HTTP request surface (property-based)',
  spec: 'spec §4 listOrders (200), cancelOrder (path parameter), rule 3; RFC 6750 §2.1; RFC 9110 §9.1, §9.3.2, §13.1.2, §15.4.5; RFC 9112 §6.3, §9.3',
  // The conditional requests first (one or two), the request with content and the one after it on its
  // connection (two), the cancels with a query (up to three) and the key after two spaces (one), then the
  // sample, which fits itself to whatever room is left.
  checks: [
    conditionalCheck,
    conditionalWeakCheck,
    requestBodyCheck,
    queryIdCheck,
    bearerSpacingCheck,
    check({
      id: OWNER,
      level: 'MUST',
      rules: ['4.cancel.r3', '1.json', '4.list.200'],
      requirement:
        'Across the request surface (unknown paths, slashes, case, queries, HEAD and OPTIONS, POST, PUT and PATCH with no content, Accept, ids of every class), a DELETE of an id no order has is never answered 2xx or 5xx, a HEAD is answered without content, and the list is never refused with 406 to an Accept that admits application/json.',
      rationale:
        "Every answer is judged as well by the whole-run checks (rate-limit headers, Date, Allow on a 405, Error bodies, JSON labels, framing), which run after it; conditional requests are HTTP-CONDITIONAL-304's. A 5xx to anything but a cancel of an absent id is recorded, not failed: no sentence of the spec binds those requests. So is a HEAD refused as a method (405, 501) where its GET is answered: RFC 9110 §9.1 asks HEAD of general-purpose servers, which names no API's origin server (a HEAD answered with another error where its GET succeeded is HTTP-HEAD-AS-GET's finding). POST, PUT and PATCH, which the API defines on no route, go with no content (with no Content-Length, and with Content-Length: 0), to the list and to an order no order has: what a stack answers itself (411, 405) is judged by the whole-run checks like any answer; a 2xx to them is recorded, not failed (the spec does not define them). Only ids proven absent (and spellings none of whose readings names an order) are DELETEd or written to. Its HEADs are read off a socket of their own (directly, not through a proxy), so content after the header section shows: undici drops it.",
      basis: [SPEC.absent404, SPEC.list200, RFC.headNoContent],
      title: `Property: sends a sample of the request surface (every case with ${flagRef('exhaustive')}), one request each, in the room the key’s window has left`,
      needs: {
        requests: 2 + FIXED_MAX + SURFACE_SAMPLE + SURFACE_SHRINKS,
        exhaustive: 2 + SURFACE_ALL + SURFACE_SHRINKS,
        shared: shares('order list'),
      },
      recorded: { only: 'the request-surface property’s generated requests' },
      run: surfaceProperty,
    }),
  ],
});
