// The rate-limit probe as a picture: an inline SVG (no script, no external asset) of X-RateLimit-Remaining
// over the probe's requests (numbered), with Limit, the Reset moment, the 429, a request served past the
// limit, the wait, the recovery and the burst. Drawn at a fixed size: a narrow screen scrolls it sideways.
import type { RateLimitPoint, RateLimitSeries } from '../../check/model.ts';
import { count } from '../../words.ts';
import { esc } from './escape.ts';

const W = 760;
const H = 300;
const LEFT = 52;
const RIGHT = 20;
const TOP = 34;
const BOTTOM = 246;

const COLOUR = {
  line: '#0969da',
  limit: '#57606a',
  limited: '#cf222e',
  served: '#1a7f37',
  burst: '#bc4c00',
  wait: '#fff8c5',
};

interface Placed extends RateLimitPoint {
  x: number;
  y?: number;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** x of each point: one slot per request, and a wider gap where the probe waited. */
function place(
  series: RateLimitSeries,
  top: number,
): { placed: Placed[]; gaps: { x0: number; x1: number; ms: number }[] } {
  const n = series.points.length;
  const gapSlots = Math.max(4, Math.round(n * 0.12));
  const waitBefore = new Map(series.waits.map((w) => [w.before, w.ms]));
  // Trailing room, so the last point and its label stay inside the frame.
  const trailing = Math.max(3, Math.round(n * 0.08));
  const slots = Math.max(1, n - 1 + series.waits.length * gapSlots + trailing);
  const step = (W - LEFT - RIGHT) / slots;
  const y = (v: number) => BOTTOM - (v / top) * (BOTTOM - TOP);
  let slot = 0;
  const placed: Placed[] = [];
  const gaps: { x0: number; x1: number; ms: number }[] = [];
  for (const [i, p] of series.points.entries()) {
    const wait = waitBefore.get(i);
    if (i > 0) slot += 1;
    if (wait !== undefined && i > 0) {
      const x0 = LEFT + (slot - 1) * step;
      slot += gapSlots;
      gaps.push({ x0: x0 + step * 0.5, x1: LEFT + slot * step - step * 0.5, ms: wait });
    }
    placed.push({ ...p, x: LEFT + slot * step, ...(p.remaining !== undefined ? { y: y(p.remaining) } : {}) });
  }
  return { placed, gaps };
}

/** x of the moment `atMs`, between the responses around it (inside a wait when it fell in one). */
function xAt(placed: Placed[], atMs: number): number | undefined {
  for (let i = 1; i < placed.length; i++) {
    const a = placed[i - 1]!;
    const b = placed[i]!;
    if (a.atMs <= atMs && atMs <= b.atMs && b.atMs > a.atMs)
      return a.x + ((b.x - a.x) * (atMs - a.atMs)) / (b.atMs - a.atMs);
  }
  return undefined;
}

function polyline(points: Placed[], colour: string): string {
  const drawn = points.filter((p) => p.y !== undefined);
  if (drawn.length < 2) return '';
  return `<polyline fill="none" stroke="${colour}" stroke-width="1.6" points="${drawn.map((p) => `${p.x.toFixed(1)},${p.y!.toFixed(1)}`).join(' ')}"/>`;
}

/** A request of the walk answered without a 429 although the one before it said Remaining 0. */
function pastLimit(walk: readonly Placed[]): Placed[] {
  return walk.filter((p, i) => i > 0 && p.status !== 429 && walk[i - 1]!.remaining === 0);
}

/** Every how many requests the axis is numbered: 1, 2, 5, 10, 20, 50... so about ten numbers show. */
function tickStep(n: number): number {
  for (const base of [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000]) if (n / base <= 10) return base;
  return Math.ceil(n / 10);
}

/** One sentence saying what the picture shows, for the caption and for readers without the picture. */
export function chartSummary(series: RateLimitSeries): string {
  const pts = series.points;
  const limit = pts.find((p) => p.limit !== undefined)?.limit;
  const first429 = pts.findIndex((p) => p.status === 429 && p.phase === 'walk');
  const recovered = pts.find((p) => p.phase === 'recovery' && p.status !== 429);
  const burst = pts.filter((p) => p.phase === 'burst');
  const parts = [count(pts.length, 'response'), `Limit ${limit ?? 'absent'}`];
  parts.push(
    first429 >= 0
      ? `first 429 at probe request #${first429} (exchange #${pts[first429]!.seq}) after Remaining ${pts[first429 - 1]?.remaining ?? '?'}`
      : 'no 429 during the walk',
  );
  const past = pts.filter(
    (p, i) => i > 0 && p.phase === 'walk' && p.status !== 429 && pts[i - 1]!.remaining === 0,
  ).length;
  if (past > 0) parts.push(`${past} served past the limit (after Remaining 0)`);
  if (series.waits.length > 0) parts.push(`waited ${series.waits.map((w) => seconds(w.ms)).join(', then ')}`);
  if (recovered)
    parts.push(`served again (status ${recovered.status}) with Remaining ${recovered.remaining ?? '?'}`);
  else if (pts.some((p) => p.phase === 'recovery')) parts.push('not served again');
  if (burst.length > 0)
    parts.push(`burst of ${burst.length}: ${burst.filter((p) => p.status === 429).length} answered 429`);
  return `${parts.join('; ')}.`;
}

export function chartSvg(series: RateLimitSeries): string {
  const pts = series.points;
  const limit = pts.find((p) => p.limit !== undefined)?.limit;
  const top = Math.max(1, limit ?? 0, ...pts.map((p) => p.remaining ?? 0));
  const { placed, gaps } = place(series, top);
  const y = (v: number) => BOTTOM - (v / top) * (BOTTOM - TOP);
  const out: string[] = [];
  out.push(
    `<rect x="${LEFT}" y="${TOP}" width="${W - LEFT - RIGHT}" height="${BOTTOM - TOP}" fill="#fbfcfd" stroke="#d0d7de"/>`,
  );
  for (const v of [0, Math.round(top / 2), top])
    out.push(
      `<text x="${LEFT - 6}" y="${y(v) + 4}" text-anchor="end" font-size="11" fill="#57606a">${v}</text><line x1="${LEFT}" x2="${W - RIGHT}" y1="${y(v)}" y2="${y(v)}" stroke="#eaeef2"/>`,
    );
  for (const g of gaps)
    out.push(
      `<rect class="wait" x="${g.x0.toFixed(1)}" y="${TOP}" width="${(g.x1 - g.x0).toFixed(1)}" height="${BOTTOM - TOP}" fill="${COLOUR.wait}"/><text x="${((g.x0 + g.x1) / 2).toFixed(1)}" y="${TOP + 16}" text-anchor="middle" font-size="11" fill="#7d4e00">wait ${seconds(g.ms)}</text>`,
    );
  if (limit !== undefined)
    out.push(
      `<line class="limit" x1="${LEFT}" x2="${W - RIGHT}" y1="${y(limit)}" y2="${y(limit)}" stroke="${COLOUR.limit}" stroke-dasharray="6 4"/><text x="${LEFT + 4}" y="${y(limit) - 5}" font-size="11" fill="${COLOUR.limit}">Limit ${limit}</text>`,
    );
  const walk = placed.filter((p) => p.phase === 'reading' || p.phase === 'walk');
  const recovery = placed.filter((p) => p.phase === 'recovery');
  const burst = placed.filter((p) => p.phase === 'burst');
  out.push(polyline(walk, COLOUR.line), polyline(recovery, COLOUR.served));
  // The Reset moment of the window the walk ended in.
  const limitedAt = walk.find((p) => p.status === 429);
  const resetAtMs = (limitedAt ?? walk.at(-1))?.resetAtMs;
  // Reset is whole seconds, read against the server's clock: when it lands just past the responses around
  // the wait, it is drawn where the wait ends, which is the moment the probe took it for.
  const waitAfter = limitedAt ? gaps.find((g) => g.x0 >= limitedAt.x) : undefined;
  const resetX =
    resetAtMs === undefined
      ? undefined
      : (xAt(placed, resetAtMs) ?? (limitedAt && resetAtMs > limitedAt.atMs ? waitAfter?.x1 : undefined));
  if (resetX !== undefined)
    out.push(
      `<line class="reset" x1="${resetX.toFixed(1)}" x2="${resetX.toFixed(1)}" y1="${TOP}" y2="${BOTTOM}" stroke="#8250df" stroke-dasharray="3 3"/><text x="${(resetX - 4).toFixed(1)}" y="${TOP + 32}" text-anchor="end" font-size="11" fill="#8250df">Reset</text>`,
    );
  for (const p of placed) {
    if (p.y === undefined) continue;
    const colour =
      p.status === 429
        ? COLOUR.limited
        : p.phase === 'burst'
          ? COLOUR.burst
          : p.phase === 'recovery'
            ? COLOUR.served
            : COLOUR.line;
    const r = p.status === 429 || p.phase === 'recovery' ? 3.6 : 2;
    out.push(
      `<circle cx="${p.x.toFixed(1)}" cy="${p.y.toFixed(1)}" r="${r}" fill="${colour}"><title>#${p.seq} ${p.phase}: ${p.status}, Remaining ${p.remaining}</title></circle>`,
    );
  }
  if (limitedAt?.y !== undefined)
    out.push(
      `<text class="l429" x="${(limitedAt.x - 6).toFixed(1)}" y="${(limitedAt.y - 8).toFixed(1)}" text-anchor="end" font-size="12" font-weight="700" fill="${COLOUR.limited}">429</text>`,
    );
  // A request served although Remaining had reached 0: the limit not enforced, the one finding a glance must catch.
  for (const p of pastLimit(walk).filter((q) => q.y !== undefined))
    out.push(
      `<circle class="past-limit" cx="${p.x.toFixed(1)}" cy="${p.y!.toFixed(1)}" r="7" fill="none" stroke="${COLOUR.limited}" stroke-width="2"/><line x1="${p.x.toFixed(1)}" x2="${p.x.toFixed(1)}" y1="${(p.y! - 8).toFixed(1)}" y2="${(p.y! - 30).toFixed(1)}" stroke="${COLOUR.limited}"/><text class="past-limit" x="${(p.x - 4).toFixed(1)}" y="${(p.y! - 34).toFixed(1)}" text-anchor="end" font-size="11" font-weight="700" fill="${COLOUR.limited}">served past the limit</text>`,
    );
  // The x axis numbered by the probe's request as the caption counts them (the first reading is #0).
  const step = tickStep(placed.length);
  for (const [i, p] of placed.entries())
    if (i % step === 0)
      out.push(
        `<line x1="${p.x.toFixed(1)}" x2="${p.x.toFixed(1)}" y1="${BOTTOM}" y2="${BOTTOM + 4}" stroke="#8c959f"/><text class="tick" x="${p.x.toFixed(1)}" y="${BOTTOM + 15}" text-anchor="middle" font-size="10" fill="#57606a">${i}</text>`,
      );
  const served = recovery.find((p) => p.status !== 429);
  if (served?.y !== undefined)
    out.push(
      `<text x="${(served.x + 6).toFixed(1)}" y="${(served.y + 16).toFixed(1)}" font-size="11" fill="${COLOUR.served}">recovered</text>`,
    );
  if (burst.length > 0) {
    const x0 = Math.min(...burst.map((p) => p.x));
    out.push(
      `<text x="${x0.toFixed(1)}" y="${BOTTOM + 28}" font-size="11" fill="${COLOUR.burst}">burst (${burst.length} at once)</text>`,
    );
  }
  out.push(
    `<text x="${(LEFT + W - RIGHT) / 2}" y="${H - 14}" text-anchor="middle" font-size="12" fill="#32383f">the probe's requests, numbered in order (a shaded gap is a wait)</text>`,
    `<text x="14" y="${(TOP + BOTTOM) / 2}" text-anchor="middle" font-size="12" fill="#32383f" transform="rotate(-90 14 ${(TOP + BOTTOM) / 2})">X-RateLimit-Remaining</text>`,
  );
  const summary = chartSummary(series);
  return `<svg viewBox="0 0 ${W} ${H}" role="img" aria-label="${esc(summary)}"><title>${esc(summary)}</title>${out.join('')}</svg>`;
}

export function chartFigure(series: RateLimitSeries | undefined): string {
  if (!series || series.points.length === 0)
    return '<p id="probe-chart">The rate-limit probe did not run or met nothing to plot.</p>';
  return `<figure class="chart" id="probe-chart">${chartSvg(series)}<figcaption>${esc(chartSummary(series))}</figcaption></figure>`;
}
