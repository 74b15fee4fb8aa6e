// Pure readings of what follows the walk into findings: the 429 itself, the second key, the recovery and
// the burst. They never send and never choose a level: the check that calls one does.
import { retryAfter, serverDateMs } from '../../../lib/formats/rate-limit-headers.ts';
import { pastDueMs, renamedWindow, sentAtMs, withinGrace } from './grace.ts';
import { type Judgement, judged, type ProbeFinding } from './judgement.ts';
import {
  announcedLiftMs,
  type Burst,
  earlyTolerance,
  left,
  REFUSAL_STATUSES,
  type Recovery,
  rolledOver,
  type Sample,
  type SecondKey,
  seconds,
  type Walk,
} from './record.ts';
import { refusalName } from './refusal.ts';
import { windowResetOf } from './windows.ts';

export function judgeRetryAfter(limited: Sample): Judgement {
  const ra = retryAfter(limited.response.headers, limited.response.receivedAtMs);
  if (!ra)
    return judged('', 1, [
      {
        message: `the ${refusalName(limited)} carries no Retry-After, so the client is not told how long to wait`,
        sample: limited,
        expected: 'Retry-After: delay-seconds or HTTP-date',
        actual: 'absent',
      },
    ]);
  if (ra.form === 'invalid')
    return judged('', 1, [
      {
        message: `Retry-After ${JSON.stringify(ra.raw)} is neither delay-seconds nor an HTTP-date`,
        sample: limited,
        expected: 'delay-seconds or HTTP-date (RFC 9110 §10.2.3)',
        actual: ra.raw,
      },
    ]);
  return judged(`Retry-After: ${ra.raw} (${ra.form}, ${seconds(ra.delayMs)})`, 1);
}

/** A reason to skip (a string) when one side of the comparison is missing. */
export function judgeConsistency(limited: Sample, walk: Walk): Judgement | string {
  const ra = retryAfter(limited.response.headers, limited.response.receivedAtMs);
  if (!ra || ra.form === 'invalid') return 'the 429 has no usable Retry-After (see RL-PROBE-429-RETRY-AFTER)';
  const reset = windowResetOf(limited, walk);
  if (reset === undefined)
    return 'neither the 429 nor the walk before it in the same window has a numeric X-RateLimit-Reset to compare with (see RL-PROBE-429-HEADERS)';
  const untilReset = Math.max(0, reset.atMs - limited.response.receivedAtMs);
  // The 429's own Reset and Date: both read on the server's clock (record.ts maps Reset by the Date).
  const onServerClock = reset.from === '' && serverDateMs(limited.response.headers) !== undefined;
  const clock = onServerClock ? ' by its Date' : '';
  const said = `Retry-After ${ra.raw} (${seconds(ra.delayMs)}), X-RateLimit-Reset ${reset.reset}${reset.from} (${seconds(untilReset)} away${clock})`;
  if (!endsAfterReset(ra.delayMs, untilReset, onServerClock)) {
    const sooner = untilReset - ra.delayMs > 1000;
    return judged(
      sooner
        ? `${said}: Retry-After ends before the Reset moment (capacity comes back before the whole window resets, as a token bucket or sliding log frees it); waiting until Reset is enough either way`
        : `${said}: they name the same moment`,
      1,
    );
  }
  // Read as milliseconds only a figure that is at least a second so read (1000 and up) and then fits the
  // Reset: a Retry-After of 3 against a Reset already past is a Reset that is wrong, not a unit.
  const looksMs =
    ra.form === 'delay-seconds' && ra.delayMs >= 1_000_000 && !endsAfterReset(ra.delayMs / 1000, untilReset);
  const resetPast = reset.atMs <= limited.response.receivedAtMs;
  const hint = looksMs
    ? '; Retry-After looks like milliseconds'
    : resetPast
      ? '; X-RateLimit-Reset names a moment already past when the 429 came (see RL-PROBE-RESET-WINDOW)'
      : '';
  return judged('', 1, [
    {
      message: `Retry-After ends after X-RateLimit-Reset: ${said}, so a client that waits until the reset is told it is still too early${hint}`,
      sample: limited,
      expected: `at most about ${seconds(untilReset)}${onServerClock ? ' (2 s of whole-second rounding allowed)' : ''}`,
      actual: seconds(ra.delayMs),
    },
  ]);
}

export function judge429Headers(limited: Sample): Judgement {
  const h = limited.response.headers;
  const names = ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'];
  const missing = names.filter((n) => h[n.toLowerCase()] === undefined);
  const name = refusalName(limited);
  const findings: ProbeFinding[] =
    missing.length > 0 ? [{ message: `the ${name} lacks ${missing.join(', ')}`, sample: limited }] : [];
  const remaining = h['x-ratelimit-remaining'];
  if (remaining !== undefined && limited.remaining !== 0)
    findings.push({
      message: `the ${name} says X-RateLimit-Remaining ${String(remaining)}, not 0`,
      sample: limited,
      expected: '0',
      actual: String(remaining),
    });
  return judged(`Limit ${limited.limit}, Remaining 0, Reset ${limited.reset}`, 1, findings);
}

function renamedWords(s: Sample, dueMs: number): string {
  const lift = announcedLiftMs(s)!;
  const ra = retryAfter(s.response.headers, s.response.receivedAtMs);
  const said = ra && ra.form !== 'invalid' ? `Retry-After: ${ra.raw}` : `X-RateLimit-Reset: ${s.reset}`;
  return ` ${Math.max(0, sentAtMs(s) - dueMs)} ms past the moment the wait said, and it named a lift ${seconds(lift - dueMs)} after that moment (${said}): a new window began still refused instead of the limit lifting`;
}

export function judgeRecovery(recovery: Recovery): Judgement {
  const [first] = recovery.attempts;
  const ok = recovery.recovered;
  const waited = recovery.waitsMs.map(seconds).join(', then ');
  const findings: ProbeFinding[] = [];
  const notes = recovery.gaveUp ? [`backoff stopped early: ${recovery.gaveUp}`] : [];
  // Retry-After's delay-seconds and an integer X-RateLimit-Reset count whole seconds: a limiter that keeps its
  // window's end to the second (floored, say) lifts up to a second after the moment they can express, and a
  // refusal within that second is no failure. A Reset that names the moment to a fraction leaves none.
  const due = recovery.dueAtMs;
  const grace = recovery.graceMs ?? 0;
  const past = (s: Sample) => pastDueMs(recovery, s);
  const refusedBefore = ok ? recovery.attempts.slice(0, recovery.attempts.indexOf(ok)) : recovery.attempts;
  // A refusal within that second is no failure only while it still names (about) the moment the wait said: one
  // that announces a lift a new window later shows the limit did not lift then, whatever lifted it after.
  const renamed = (s: Sample) => renamedWindow(recovery, s);
  // The refusals that count: those sent a whole second or more past the announced moment, or naming a later
  // window (or, when the limit never lifted, every one: nothing shows it would have).
  const counted = ok ? refusedBefore.filter((s) => !withinGrace(recovery, s)) : refusedBefore;
  const blamed = counted[0];
  if (blamed) {
    const later = ok
      ? `; it lifted only on try ${recovery.attempts.indexOf(ok) + 1}`
      : `; still ${blamed.status} after ${recovery.attempts.length} tries`;
    const which = blamed === first ? 'the first request' : `request ${recovery.attempts.indexOf(blamed) + 1}`;
    const again =
      blamed.status === recovery.refusedWith || blamed.status === 429
        ? `${blamed.status} again`
        : `refused again, now with ${blamed.status}${left(blamed) === undefined ? ' and none of the X-RateLimit-* fields (a front before the application refusing on its own)' : ''}`;
    const named = renamed(blamed) && past(blamed) < grace ? renamedWords(blamed, due!) : '';
    findings.push({
      message: `${which} after the Retry-After wait was ${again}${named}: the limit did not lift when the client was told it would (waited ${waited}${later})`,
      sample: blamed,
      expected: `not ${recovery.refusedWith}`,
      actual: String(blamed.status),
    });
  } else if (ok && refusedBefore.length > 0 && due !== undefined && grace > 0) {
    // Served within the second: it lifted late by less than one. Served later (the backoff's next try): the
    // refusal is forgiven all the same, but when the limit lifted between the two is not shown.
    const within = past(ok) < grace;
    notes.push(
      `${within ? 'the limit lifted late by less than a second' : 'the limit had not lifted on the first try'}: refused ${refusedBefore.map((s) => `${Math.max(0, past(s))} ms`).join(', ')} past the moment the wait said, served ${Math.max(0, past(ok))} ms past it${within ? '' : " (the backoff's next try), so when between the two it lifted is not shown"}; a refusal within the second that whole-second Retry-After and X-RateLimit-Reset cannot express is no failure`,
    );
  }
  // Recovery is the retry being served (spec §8 rule 4); how much quota came back is the limiter's choice
  // (a fixed window restores all of it, a token bucket or GCRA one token at a time), so it is only recorded.
  if (ok && ok.limit !== undefined && ok.remaining !== undefined && ok.remaining < ok.limit - 1)
    notes.push(
      `Remaining ${ok.remaining} of ${ok.limit} after the wait: the limiter gave back part of the quota (a gradual refill), which the spec allows`,
    );
  if (ok && ok.remaining === undefined)
    notes.push('the response after the wait carried no X-RateLimit-Remaining: only its status was judged');
  return judged(
    `after waiting ${waited}, request #${ok?.n} answered ${ok?.status} with Remaining ${ok?.remaining ?? '?'} of ${ok?.limit ?? '?'}`,
    recovery.attempts.length,
    findings,
    notes,
  );
}

export function judgeSecondKey(k: SecondKey): Judgement {
  const { before, after } = k;
  if (after.status === 429)
    return judged('', 1, [
      {
        message:
          'the second key was refused with 429 while only the first key had met its limit: the two keys share one limit',
        sample: after,
      },
    ]);
  // Only numbers conclude: without a Remaining on both answers, or across a renewed window, what was seen is said.
  if (before.remaining === undefined || after.remaining === undefined) {
    const missing = [before, after].filter((s) => s.remaining === undefined).length;
    return judged(
      `the second key was answered ${before.status} before the walk and ${after.status} while the first key was limited, not refused with 429; ${missing === 2 ? 'neither answer carried X-RateLimit-Remaining' : `the ${before.remaining === undefined ? 'first' : 'second'} carried no X-RateLimit-Remaining (the other said ${before.remaining ?? after.remaining})`}, so no count shows whether the first key's requests counted against it`,
      2,
    );
  }
  const moved = `the second key's Remaining went ${before.remaining} → ${after.remaining} over its two requests, the first key exhausted in between`;
  if (rolledOver(before, after))
    return judged(
      `${moved}, but its window renewed between the two (Reset moved on), so the count shows nothing of whether the first key's requests counted against it; the second key was not refused with 429`,
      2,
    );
  const fell = after.remaining < before.remaining - 1 - earlyTolerance(after.limit);
  if (!fell) return judged(`${moved}: limits are per key`, 2);
  return judged('', 1, [{ message: `${moved}: the first key's requests counted against it`, sample: after }]);
}

/**
 * `alone`: the walk's requests served one at a time past Remaining 0 (judge-together.ts servedAlonePastZero),
 * when the walk was judged: only a walk that kept to the limit one at a time makes the burst's excess a race.
 */
export function judgeBurst(b: Burst, alone?: readonly Sample[]): Judgement | string {
  // A limiter's refusal with another status (a front's 503) refuses as a 429 does.
  const refused = (s: Sample) => s.status === 429 || REFUSAL_STATUSES.has(s.status);
  const ok = b.samples.filter((s) => !refused(s));
  const said = `${ok.length} of ${b.size} concurrent requests succeeded with Remaining ${b.allowed} before them`;
  if (ok.length <= b.allowed) return judged(said, b.samples.length);
  // A gradual limiter gives tokens back while the burst is in flight (it has no window to straddle): those
  // may be served too, as many as its rate allows in the burst's time.
  const g = b.gradual;
  if (g?.refill === null)
    return `${said}; the limiter refills gradually (${g.why}) at a rate its headers do not bound, so the successes past Remaining cannot be told from tokens that came back: nothing to judge`;
  if (g && ok.length <= b.allowed + g.refill)
    return judged(
      `${said}: the ${ok.length - b.allowed} past Remaining are tokens that came back during the ${g.spanMs} ms burst (at most ${g.refill}; the limiter refills gradually: ${g.why})`,
      b.samples.length,
    );
  if (!g && b.straddled) return `${said}, but the burst straddled a window reset: nothing to judge it by`;
  const shown = b.samples.find(refused) ?? ok[ok.length - 1]!;
  const most = b.allowed + (g?.refill ?? 0);
  const cause =
    alone === undefined
      ? ''
      : alone.length > 0
        ? ` (requests sent one at a time got past it too: the walk's ${alone
            .slice(0, 2)
            .map((s) => `#${s.n}`)
            .join(
              ', ',
            )} served after Remaining 0, see RL-PROBE-LIMIT-ENFORCED; a limiter that lets more through than it counts, such as an off-by-one, not a race)`
        : ' (the counter is not atomic under concurrency: requests sent one at a time kept to it)';
  const message = `${said}: ${ok.length - most} got past the limit${cause}${g ? `, beyond the ${g.refill} tokens a gradual limiter could give back in ${g.spanMs} ms` : ''}`;
  return judged('', 1, [
    { message, sample: shown, expected: `at most ${most} successes`, actual: String(ok.length) },
  ]);
}

/**
 * Whether a Retry-After wait ends after the X-RateLimit-Reset moment, beyond clock skew and whole-second
 * rounding (2 s plus 10 % of the time to Reset). Only that is inconsistent: waiting until the reset must be
 * enough (spec §8 rule 2), while a shorter Retry-After is what a limiter that frees capacity before the whole
 * window resets (token bucket, sliding log) says, and the spec ties the two no further. `onServerClock`: the
 * time to Reset was read against the response's own Date, so no skew enters: whole seconds on three fields
 * (Retry-After rounded up, Reset floored, Date a tick later than the limiter's reading) put an honest
 * Retry-After at most 2 s past it, whatever the window's length.
 */
export function endsAfterReset(retryAfterMs: number, untilResetMs: number, onServerClock = false): boolean {
  return retryAfterMs > untilResetMs + 2000 + (onServerClock ? 0 : 0.1 * untilResetMs);
}
