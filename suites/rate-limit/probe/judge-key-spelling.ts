// Pure reading of the walk's requests with the key under another spelling of the scheme (key-spelling.ts) into
// RL-PROBE-KEY-SPELLING's findings: each counted with the key's requests, was refused in time, or stepped past
// the limit while the key's next request, as "Bearer <key>", was refused. Never sends, never chooses a level.
import { countedApart } from './client-address.ts';
import { around } from './judge-client-address.ts';
import { type Judgement, judged, type ProbeFinding } from './judgement.ts';
import { SPELLING_AT, STANDS_OUT } from './key-spelling.ts';
import { left, type Sample, type Walk } from './record.ts';
import { windowStarts } from './windows.ts';

type Fate =
  | 'refused in time'
  | 'counted with the key'
  | 'stepped past the limit'
  | 'a count of its own'
  | 'unclear';

function fateOf(walk: Walk, s: Sample): Fate {
  if (s.status === 429) return 'refused in time';
  const { prev, next } = around(walk, s);
  // In the key's count: at most a refill above the key's before it, as the walk read it (countedApart); a
  // count of its own stands well above it, the walk sending the spelling only where it would.
  if (!walk.respelled!.apart.includes(s)) {
    const was = prev ? left(prev) : undefined;
    const now = left(s);
    return was !== undefined && now !== undefined && now <= was + 1 ? 'counted with the key' : 'unclear';
  }
  if (!prev || !next || s.status === 401) return 'unclear';
  const was = left(prev);
  // Served when the key had nothing left, and the key's next request refused: the limit held for "Bearer"
  // only. A token bucket's refill would have served the next request too.
  if (was === 0 && (next.status === 429 || walk.limited === next)) return 'stepped past the limit';
  const after = left(next);
  const sameWindow = !windowStarts([prev, next])[1];
  if (was !== undefined && after !== undefined && sameWindow && after >= was - 1 && after <= was)
    return 'a count of its own';
  return 'unclear';
}

/** The key's own requests, as "Bearer <key>", whose answers did what a re-spelled one is blamed for. */
function plainApart(walk: Walk): Sample[] {
  const plain = walk.samples.filter((s) => s.scheme === undefined && s.spoofed === undefined);
  return plain.filter((s, i) => i > 0 && s.status !== 429 && countedApart(plain[i - 1]!, s));
}

/**
 * Whether RL-PROBE-KEY-SPELLING fails the walk: a request under another spelling served past the limit while
 * the key's next request, as "Bearer <key>", was refused, the key's own requests keeping one count. Only then
 * may another check blame the spelling for what the requests so sent did.
 */
export function spellingFound(walk: Walk): boolean {
  const r = walk.respelled;
  if (!r || plainApart(walk).length > 0) return false;
  return r.sent.some((s) => fateOf(walk, s) === 'stepped past the limit');
}

/** A reason to skip (a string) when the walk sent nothing under another spelling, or learnt nothing from it. */
export function judgeKeySpelling(walk: Walk): Judgement | string {
  const r = walk.respelled;
  if (!r) return 'the walk tried no other spelling of the scheme';
  if (r.sent.length === 0)
    return `the walk sent no request with the key as "${r.scheme} <key>": from its request #${SPELLING_AT} on, none went alone while X-RateLimit-Remaining stood above 0 and ${STANDS_OUT} or more below the Limit, where a count of the spelling's own would stand out`;
  const fates = r.sent.map((s) => [s, fateOf(walk, s)] as const);
  const refusedCredential = r.sent.filter((s) => s.status === 401);
  const stepped = fates.filter(([, f]) => f === 'stepped past the limit').map(([s]) => s);
  const own = fates.filter(([, f]) => f === 'a count of its own').map(([s]) => s);
  const findings: ProbeFinding[] = [];
  const accepted = `the run's exchange ${r.acceptedSeq} in the transcript was answered 2xx with it`;
  if (stepped.length > 0) {
    const s = stepped[0]!;
    const mid = own[0]
      ? `; mid-walk, #${own[0].n} so sent was answered from a count of its own (Remaining ${left(own[0])})`
      : '';
    findings.push({
      message: `request #${s.n}, sent when X-RateLimit-Remaining was 0 with the key as "${r.scheme} <key>" (the same credentials: the auth scheme is case-insensitive, RFC 9110 §11.1, and ${accepted}), was served (${s.status}, Remaining ${left(s) ?? 'absent'}) while the key's next request, as "Bearer <key>", was refused: the limiter counts the Authorization line as sent, so a client escapes the limit by re-spelling it${mid}`,
      sample: s,
      expected: '429, as for any request past the limit',
      actual: String(s.status),
    });
  }
  // Blamed on the spelling only against a control: the key's own requests, as "Bearer", kept one count.
  const control = plainApart(walk);
  if (findings.length > 0 && control.length > 0) {
    const c = control[0]!;
    return `the key's own requests, sent as "Bearer <key>", did the same ${control.length} time(s) (the first #${c.n}, Remaining ${left(c)}): the key's count moves apart whatever the spelling (several counts behind one key, see RL-PROBE-LIMITER-MODEL), so nothing shows the spelling chose the count`;
  }
  const notes = [
    ...own
      .filter((s) => !stepped.length || s !== own[0])
      .map(
        (s) =>
          `request #${s.n}, with the key as "${r.scheme} <key>", was answered from a count of its own (Remaining ${left(s)}) while the key's requests around it went on counting without it${stepped.length === 0 ? ' (no request so sent met the limit, so whether it steps past it is not shown)' : ''}`,
      ),
    ...refusedCredential.map(
      (s) =>
        `request #${s.n}, with the key as "${r.scheme} <key>", was refused ${s.status} though ${accepted} (see AUTH-SCHEME-CASE-INSENSITIVE)`,
    ),
    ...fates
      .filter(([s, f]) => f === 'unclear' && !refusedCredential.includes(s))
      .map(
        ([s]) => `request #${s.n} (as "${r.scheme} <key>") could not be told apart from a window that turned`,
      ),
  ];
  const kept = fates.filter(([, f]) => f === 'counted with the key' || f === 'refused in time');
  if (kept.length === 0 && findings.length === 0)
    return `nothing shows how the walk's requests with the key as "${r.scheme} <key>" were counted (${notes.join('; ')})`;
  return judged(
    `${kept.length} request(s) with the key as "${r.scheme} <key>" (accepted: ${accepted}) counted with the key's${kept.some(([s]) => s.status === 429) ? ', and the one past the limit was refused with 429' : ''}`,
    Math.max(1, kept.length + stepped.length),
    findings,
    notes,
  );
}
