/**
 * Keys by the time they come due, soonest first: a binary min-heap with lazy deletion, so that
 * setting, moving or removing one of n keys costs O(log n) and an emulator re-arms its one timer
 * without looking at every key. The Scheduler keeps its schedules' next firings here (a thousand
 * posts scheduled in a burst would otherwise cost a million comparisons), SQS its messages'
 * visibility times (each receive of a queue holding 10,000 in-flight messages would otherwise walk
 * all of them to find the few visible).
 *
 * Keys due at the same time come out in the order they were set, so a queue's messages sent one
 * after the other with the same delay are received in that order, as they were from a plain list.
 *
 * Moving or deleting a key does not search the heap: the key's live entry is replaced in `live`, and
 * the old entry, no longer the live one, is dropped when it reaches the top. The heap is rebuilt from
 * the live entries once stale ones outnumber them, so a key moved many times does not grow it
 * without bound.
 */
interface Entry {
  key: string;
  at: number;
  /** Order of setting: breaks ties between equal times. */
  seq: number;
}

/** Stale entries tolerated beyond the live count before the heap is rebuilt. */
const SLACK = 64;

export class DueQueue {
  private heap: Entry[] = [];
  private readonly live = new Map<string, Entry>();
  private seq = 0;

  /** Schedules `key` to fire at `at`, replacing its previous time; `undefined` cancels it. */
  set(key: string, at: number | undefined): void {
    if (at === undefined) {
      this.live.delete(key);
    } else {
      const entry = { key, at, seq: this.seq++ };
      this.live.set(key, entry);
      this.push(entry);
    }
    if (this.heap.length > 2 * this.live.size + SLACK) this.rebuild();
  }

  delete(key: string): void {
    this.set(key, undefined);
  }

  /** The soonest firing time, if any. */
  peek(): number | undefined {
    this.dropStale();
    return this.heap[0]?.at;
  }

  /** The time `key` comes due, if it is queued. */
  at(key: string): number | undefined {
    return this.live.get(key)?.at;
  }

  /** Takes the keys due at `now` (at ≤ now), soonest first, at most `limit`; each leaves the queue. */
  takeDue(now: number, limit = Number.POSITIVE_INFINITY): string[] {
    const due: string[] = [];
    for (;;) {
      if (due.length >= limit) return due;
      this.dropStale();
      const top = this.heap[0];
      if (!top || top.at > now) return due;
      this.pop();
      this.live.delete(top.key);
      due.push(top.key);
    }
  }

  /** How many keys are scheduled. */
  get size(): number {
    return this.live.size;
  }

  private isLive(entry: Entry): boolean {
    return this.live.get(entry.key) === entry;
  }

  private dropStale(): void {
    while (this.heap.length > 0 && !this.isLive(this.heap[0]!)) this.pop();
  }

  private rebuild(): void {
    this.heap = [...this.live.values()];
    for (let i = (this.heap.length >> 1) - 1; i >= 0; i--) this.down(i);
  }

  private push(entry: Entry): void {
    this.heap.push(entry);
    this.up(this.heap.length - 1);
  }

  private pop(): void {
    const last = this.heap.pop()!;
    if (this.heap.length === 0) return;
    this.heap[0] = last;
    this.down(0);
  }

  private up(i: number): void {
    const { heap } = this;
    const entry = heap[i]!;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!before(entry, heap[parent]!)) break;
      heap[i] = heap[parent]!;
      i = parent;
    }
    heap[i] = entry;
  }

  private down(i: number): void {
    const { heap } = this;
    const entry = heap[i]!;
    const n = heap.length;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= n) break;
      if (child + 1 < n && before(heap[child + 1]!, heap[child]!)) child += 1;
      if (!before(heap[child]!, entry)) break;
      heap[i] = heap[child]!;
      i = child;
    }
    heap[i] = entry;
  }
}

function before(a: Entry, b: Entry): boolean {
  return a.at < b.at || (a.at === b.at && a.seq < b.seq);
}
