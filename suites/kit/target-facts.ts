// What the run knows about the target, learnt once and shared by the checks: the fixtures the user handed over
// (fixture-facts.ts), the order list and an id proven absent from it (list-facts.ts), and here the requests
// several checks read, each kept in the run's memo. It sends only what a check asks for, and never cancels an
// order not given as cancellable.
import { HarnessError } from '../../lib/errors.ts';
import type { Response, SendOptions } from '../../lib/http/client.ts';
import { memoKey, type RunMemo } from '../../lib/run/memo.ts';
import { LIST_BODIES, ListBodies } from './list-bodies.ts';
import { LIST, ListFacts } from './list-facts.ts';
import { ORDERS, orderPath, petPath } from './paths.ts';

export { heldFixtureOf } from './fixture-facts.ts';

export type Operation = 'list' | 'cancel' | 'pets';

/**
 * Whether a cancel's status says the order was cancelled: 204 as the spec has it, or another 2xx (200 with
 * the order...); not 202 Accepted, whose processing "has not been completed" (RFC 9110 §15.3.3).
 */
export const cancelledBy = (status: number): boolean => status >= 200 && status <= 299 && status !== 202;

type FirstCancel = { id: string; response: Response };
type RepeatCancel = { id: string; first: Response; again?: Response };

/** What the shared requests keep in the run's memo: each sent once per run. */
const ABSENT_CANCEL = memoKey<Promise<Response | undefined>>('target/absent-cancel');
const FIRST_CANCEL = memoKey<Promise<FirstCancel>>('target/first-cancel');
const REPEAT_CANCEL = memoKey<Promise<RepeatCancel>>('target/repeat-cancel');
const PET = memoKey<Promise<Response>>('target/pet');
const shippedCancel = (id: string) => memoKey<Promise<Response>>(`target/shipped-cancel/${id}`);
const unauthenticated = (op: Operation) =>
  memoKey<Promise<Response | undefined>>(`target/unauthenticated/${op}`);

/** Set once a keyed list sent before a key-less one failed: it is not asked for again. */
const KEYED_LIST_FAILED = memoKey<true>('target/keyed-list-failed');

export class TargetFacts extends ListFacts {
  /** The fixture the run's first cancel will take, while it has not been sent (never takes it). */
  get upcomingFirstCancel(): string | undefined {
    return this.memo.peek(FIRST_CANCEL) ? undefined : this.cancellable[0];
  }

  /** The run's first cancellation of a pending fixture, shared by the checks that read it. */
  firstCancel(): Promise<FirstCancel> | undefined {
    const sent = this.memo.peek(FIRST_CANCEL);
    if (sent) return sent;
    // No fixture left is no answer: a later check asks again (and finds none again).
    const id = this.takeCancellable();
    if (id === undefined) return undefined;
    return this.memo.once(FIRST_CANCEL, async () => {
      const seen = await this.secondKeyList();
      const response = await this.http.send({ method: 'DELETE', path: orderPath(id) });
      // Only where the second key's list showed the order: a list kept per key that never held it shows
      // nothing of the cancel (how keys are scoped is not shown, spec §5 rule 5).
      if (seen?.has(id) && cancelledBy(response.status)) await this.secondKeyList();
      return { id, response };
    });
  }

  /**
   * GET /store/orders with the second key (--second-api-key), when one is given and its own window has room:
   * read before the first cancel and, when it showed the order, once after it, so a list cached per key that a
   * cancel with the first key did not refresh is judged by the store model (STATE-LIST-AFTER-CANCEL). The ids
   * it showed, or undefined when it was not sent or not read as a list.
   */
  private async secondKeyList(): Promise<{ has(id: string): boolean } | undefined> {
    if (this.config.secondApiKey === undefined) return undefined;
    const { remaining, resetAtMs } = this.http.pacer.snapshot('secondary');
    const room =
      remaining === undefined || remaining >= 1 || (resetAtMs !== undefined && resetAtMs <= Date.now());
    if (!room) return undefined;
    const lists = this.memo.once(LIST_BODIES, () => new ListBodies());
    try {
      const r = await this.http.send({
        method: 'GET',
        path: ORDERS,
        auth: { kind: 'key', key: 'secondary' },
      });
      if (r.status < 200 || r.status > 299) return undefined;
      const reading = lists.readingOf(r);
      return reading.count === undefined && !reading.wrapped ? undefined : reading.ids;
    } catch (e) {
      // The second key's list is extra evidence: a harness failure on it leaves the cancel as it was.
      if (e instanceof HarnessError) return undefined;
      throw e;
    }
  }

  /**
   * The first cancellation sent again, once per run, only when the first one said the order was cancelled
   * (cancelledBy: whatever the 2xx, it is no longer pending); `again` is absent when it was not sent. Only the
   * fixture the user allowed to be cancelled is ever sent.
   */
  repeatCancel(): Promise<RepeatCancel> | undefined {
    const first = this.firstCancel();
    if (!first) return undefined;
    return this.memo.once(REPEAT_CANCEL, () =>
      first.then(async ({ id, response }) =>
        cancelledBy(response.status)
          ? { id, first: response, again: await this.http.send({ method: 'DELETE', path: orderPath(id) }) }
          : { id, first: response },
      ),
    );
  }

  /** The first cancel, if a check had it sent already (never sends it). */
  firstCancelSent(): Promise<FirstCancel> | undefined {
    return this.memo.peek(FIRST_CANCEL);
  }

  /** The repeat of the first cancel, if a check had it sent already (never sends it). */
  repeatSent(): Promise<RepeatCancel> | undefined {
    return this.memo.peek(REPEAT_CANCEL);
  }

  /** DELETE of a shipped fixture with the key, once per id (shipping cannot be reversed, spec §3). */
  cancelShipped(id: string): Promise<Response> {
    return this.memo.once(shippedCancel(id), () => this.http.send({ method: 'DELETE', path: orderPath(id) }));
  }

  /** The DELETE of a shipped fixture, if a check had it sent already (never sends it). */
  shippedCancelSent(id: string): Promise<Response> | undefined {
    return this.memo.peek(shippedCancel(id));
  }

  /** DELETE of an id proven absent, with the key, once per run; undefined when none can be proven. */
  cancelAbsent(): Promise<Response | undefined> {
    return this.memo.once(ABSENT_CANCEL, () =>
      this.absentId().then((id) =>
        id === undefined ? undefined : this.http.send({ method: 'DELETE', path: orderPath(id) }),
      ),
    );
  }

  /**
   * Whether the run's key-less list, sent right after a keyed list, was refused with 401: then a shared cache
   * that serves its stored list to anyone was not met, and another refused list needs no keyed list before it.
   */
  async keylessListRefused(): Promise<boolean> {
    const sent = this.memo.peek(unauthenticated('list'));
    if (sent === undefined || this.memo.peek(KEYED_LIST_FAILED)) return false;
    return (await sent.catch(() => undefined))?.status === 401;
  }

  /**
   * The operation sent with no Authorization header at all, once per run; undefined if it cannot be sent safely.
   * The list goes right after a keyed list of the same URL and Accept, so that a shared cache serving its
   * stored list to anyone for seconds after storing it is met.
   */
  unauthenticated(op: Operation): Promise<Response | undefined> {
    return this.memo.once(unauthenticated(op), () =>
      this.pathFor(op).then(async (path) => {
        if (path === undefined) return undefined;
        if (op === 'list') await afterKeyedList(this.http, this.memo);
        return this.http.send({ method: op === 'cancel' ? 'DELETE' : 'GET', path, auth: { kind: 'none' } });
      }),
    );
  }

  /**
   * The path used to exercise an operation: the list; a cancel of an id proven absent, so even a server
   * that skips auth cancels nothing (undefined when no id can be proven absent); a pet named in the list,
   * else pet 1.
   */
  async pathFor(op: Operation): Promise<string | undefined> {
    if (op === 'list') return ORDERS;
    if (op === 'cancel') {
      const absent = await this.absentId();
      return absent === undefined ? undefined : orderPath(absent);
    }
    return petPath(await this.petId());
  }

  /** GET /pets/{petId} with the key, once per run (the deprecated read, spec §9 rule 3). */
  pet(): Promise<Response> {
    return this.memo.once(PET, () =>
      this.petId().then((id) => this.http.send({ method: 'GET', path: petPath(id) })),
    );
  }

  async petId(): Promise<string> {
    return (await this.list()).firstPetId ?? '1';
  }
}

/** Whether the run's keyed list, or one sent before a key-less list, failed (asking again repeats it). */
export async function keyedListFailed(memo: RunMemo): Promise<boolean> {
  const listed = memo.peek(LIST);
  return (
    memo.peek(KEYED_LIST_FAILED) === true ||
    (listed !== undefined &&
      (await listed.then(
        () => false,
        () => true,
      )))
  );
}

/**
 * A keyed GET of the list, sent just before a list without the key (or with one not issued) goes out. Not sent
 * when the run's keyed list, or an earlier one of these, failed (over the response cap, say: asking again
 * repeats it); its own failure (a key held back by a long Retry-After) never stops the key-less list.
 */
export async function afterKeyedList(
  http: { send(o: SendOptions): Promise<Response> },
  memo: RunMemo,
): Promise<void> {
  if (await keyedListFailed(memo)) return;
  await http.send({ method: 'GET', path: ORDERS }).catch(() => {
    memo.once(KEYED_LIST_FAILED, () => true as const);
  });
}
