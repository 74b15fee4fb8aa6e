// Where a long file's bytes go as they are made: hashed (SHA-256) and written, on a worker thread while the
// caller makes the next ones (a million-entry transcript is some 2 GB: hashing and writing it took 5 s of the
// main thread), or in the caller's thread for a short file. Synchronous to the caller either way.
import { createHash } from 'node:crypto';
import { writeSync } from 'node:fs';
import { Worker } from 'node:worker_threads';

export interface FileSink {
  /** Where the next bytes are put (at most its length), handed over by `submit`. */
  readonly buffer: Buffer;
  /** Hands over the first `length` bytes of `buffer`; `buffer` is then another (or the same, written) one. */
  submit(length: number): void;
  /** Once every byte is handed over: their SHA-256 (hex), every one written. Throws the write's error. */
  end(): string;
}

/** Hashes and writes each buffer in the caller's thread. */
export function inlineSink(fd: number, size = 2 ** 20): FileSink {
  const hash = createHash('sha256');
  const buffer = Buffer.allocUnsafe(size);
  return {
    buffer,
    submit(length) {
      if (length <= 0) return;
      const bytes = buffer.subarray(0, length);
      hash.update(bytes);
      writeSync(fd, bytes);
    },
    end: () => hash.digest('hex'),
  };
}

/** Buffers the two threads pass round, and the bytes of each. */
const SLOTS = 4;
const SLOT_BYTES = 4 * 2 ** 20;
/** Control words after the slots' lengths: the caller is done; the worker is done (1) or failed (2). */
const ENDED = SLOTS;
const STATE = SLOTS + 1;
/** How long one wait lasts before the state is looked at again (a worker that died cannot say so). */
const WAIT_MS = 1000;
/** Longest a caller waits for a worker that answers nothing. */
const STALLED_MS = 120_000;

/**
 * The worker: takes each slot in turn when the caller has filled it (its length above 0), hashes and writes it,
 * marks it free (0); once the caller has ended and every slot is free, leaves the digest (or its error) in
 * `out` as JSON. CommonJS, evaluated (a file of its own would have to be found beside a bundle).
 */
const WORKER = `
const { workerData } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const { writeSync } = require('node:fs');
const { control, data, out, fd } = workerData;
const c = new Int32Array(control);
const hash = createHash('sha256');
let answer;
try {
  for (let slot = 0; ; slot = (slot + 1) % ${SLOTS}) {
    let length;
    while ((length = Atomics.load(c, slot)) === 0) {
      if (Atomics.load(c, ${ENDED}) === 1 && Atomics.load(c, slot) === 0) break;
      Atomics.wait(c, slot, 0, ${WAIT_MS});
    }
    if (length === 0) break;
    const bytes = Buffer.from(data, slot * ${SLOT_BYTES}, length);
    hash.update(bytes);
    for (let at = 0; at < length; ) at += writeSync(fd, bytes, at, length - at);
    Atomics.store(c, slot, 0);
    Atomics.notify(c, slot);
  }
  answer = { sha256: hash.digest('hex') };
} catch (e) {
  answer = { message: String(e && e.message), code: e && e.code };
}
const text = Buffer.from(JSON.stringify(answer));
const o = Buffer.from(out);
o.writeUInt32LE(Math.min(text.length, o.length - 4), 0);
text.copy(o, 4, 0, o.length - 4);
Atomics.store(c, ${STATE}, answer.sha256 ? 1 : 2);
Atomics.notify(c, ${STATE});
// A caller waiting for a slot to come free hears of a failure at once.
for (let i = 0; i < ${SLOTS}; i++) Atomics.notify(c, i);
`;

/** Hashes and writes on a worker thread; the caller waits only when every slot is still being written. */
export function threadedSink(fd: number): FileSink {
  const control = new SharedArrayBuffer(4 * (SLOTS + 2));
  const data = new SharedArrayBuffer(SLOTS * SLOT_BYTES);
  const out = new SharedArrayBuffer(4096);
  const c = new Int32Array(control);
  // No flags of the process's own (a profiler, a loader): the worker needs none.
  const worker = new Worker(WORKER, { eval: true, execArgv: [], workerData: { control, data, out, fd } });
  worker.unref();
  const slots = Array.from({ length: SLOTS }, (_, i) => Buffer.from(data, i * SLOT_BYTES, SLOT_BYTES));
  let slot = 0;
  /** Waits while `index` holds `value`, failing when the worker has failed or stalled. */
  const waitWhile = (index: number, value: number) => {
    const since = Date.now();
    while (Atomics.load(c, index) === value) {
      if (Atomics.load(c, STATE) === 2) throw answerError();
      if (Date.now() - since > STALLED_MS) throw new Error('the transcript writer thread stopped answering');
      Atomics.wait(c, index, value, WAIT_MS);
    }
  };
  const answer = (): { sha256?: string; message?: string; code?: string } => {
    const o = Buffer.from(out);
    return JSON.parse(o.toString('utf8', 4, 4 + o.readUInt32LE(0)));
  };
  const answerError = () => {
    const { message, code } = answer();
    return Object.assign(new Error(message), code ? { code } : {});
  };
  const sink = {
    buffer: slots[0]!,
    submit(length: number) {
      if (length <= 0) return;
      Atomics.store(c, slot, length);
      Atomics.notify(c, slot);
      slot = (slot + 1) % SLOTS;
      sink.buffer = slots[slot]!;
      // The next slot is free once the worker has written what it held.
      for (;;) {
        const held = Atomics.load(c, slot);
        if (held === 0) break;
        waitWhile(slot, held);
      }
    },
    end() {
      Atomics.store(c, ENDED, 1);
      Atomics.notify(c, slot);
      waitWhile(STATE, 0);
      void worker.terminate();
      if (Atomics.load(c, STATE) === 2) throw answerError();
      return answer().sha256!;
    },
  };
  return sink;
}
