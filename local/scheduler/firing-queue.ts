/**
 * The schedules' next firing times, soonest first: a binary min-heap with lazy deletion, so that
 * creating, moving or deleting one of n schedules costs O(log n) and the engine re-arms its one timer
 * without looking at every schedule (a thousand posts scheduled in a burst would otherwise cost a
 * million comparisons).
 *
 * Moving or deleting a schedule does not search the heap: the schedule's live entry is replaced in
 * `live`, and the old entry, no longer the live one, is dropped when it reaches the top. The heap is
 * rebuilt from the live entries once stale ones outnumber them, so a schedule edited many times does
 * not grow it without bound.
 */
interface Entry {
  key: string;
  at: number;
}

/** Stale entries tolerated beyond the live count before the heap is rebuilt. */
const SLACK = 64;

export class FiringQueue {
  private heap: Entry[] = [];
  private readonly live = new Map<string, Entry>();

  /** Schedules `key` to fire at `at`, replacing its previous time; `undefined` cancels it. */
  set(key: string, at: number | undefined): void {
    if (at === undefined) {
      this.live.delete(key);
    } else {
      const entry = { key, at };
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

  /** Takes every key due at `now` (at ≤ now), soonest first; each leaves the queue. */
  takeDue(now: number): string[] {
    const due: string[] = [];
    for (;;) {
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
      if (heap[parent]!.at <= entry.at) break;
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
      if (child + 1 < n && heap[child + 1]!.at < heap[child]!.at) child += 1;
      if (heap[child]!.at >= entry.at) break;
      heap[i] = heap[child]!;
      i = child;
    }
    heap[i] = entry;
  }
}
