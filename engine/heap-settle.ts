// A full garbage collection between two checks of a long passive judgement, when the check before left the
// heap well above what was live after the last one: V8 sets its next limit from the heap a collection finds,
// so one check's leftovers would otherwise raise the ceiling the next check's garbage fills (issue 40 item 5).
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** Fewer entries than this judge without a forced collection: their heap is small, the pause not worth it. */
export const SETTLE_FROM = 200_000;
/** How far above what was live after the last collection the heap may stand before the next is forced. */
const GROWN = 1.2;

let collect: (() => void) | undefined;

/** V8's own full collection (`gc`), exposed once for this process without a flag on its command line. */
function fullCollection(): () => void {
  if (!collect) {
    if (typeof globalThis.gc === 'function') collect = globalThis.gc as () => void;
    else {
      setFlagsFromString('--expose-gc');
      collect = runInNewContext('gc') as () => void;
    }
  }
  return collect;
}

/**
 * Collects between two checks when the heap in use has grown past GROWN times what was live after the last
 * collection this made, or always when `released` (the readings of the checks before were just let go: what
 * is in use then says nothing of what is live). The first call always collects. Changes nothing a check reads.
 */
export function heapSettler(): (released?: boolean) => void {
  let live: number | undefined;
  return (released = false) => {
    const used = getHeapStatistics().used_heap_size;
    if (!released && live !== undefined && used <= live * GROWN) return;
    fullCollection()();
    live = getHeapStatistics().used_heap_size;
  };
}
