import fs from 'node:fs';
import path from 'node:path';

/**
 * The one way the local emulators keep state on disk: a JSON file loaded on start, written
 * atomically (a temp file renamed over it, so a crash mid-write leaves the previous state, never
 * half a file), at most once per `debounceMs` burst of changes, and flushed on stop.
 *
 * A write costs in proportion to the whole state (10,000 schedules or queued messages are several
 * megabytes of JSON, tens of milliseconds), and it runs on the thread that answers the emulator's
 * requests. So the next write also waits WRITE_SHARE_FACTOR times as long as the last one took:
 * writing never takes more than a tenth of the thread however large the state grows, and a change
 * still reaches the disk within that bounded delay (a crash loses at most the changes since the
 * last write, as before).
 */
export interface PersistedFile<T> {
  /** What the file held at start; undefined when there was none (or no file: memory only). */
  readonly loaded: T | undefined;
  /** Schedules a write of `snapshot()`: one per burst. */
  saveSoon(): void;
  /** Writes now (and cancels a pending write). */
  flush(): void;
  /** Flushes and stops scheduling writes. */
  close(): void;
}

export interface PersistOptions<T> {
  /** The state to write, taken when the write happens. */
  snapshot: () => T;
  /** @default 250 */
  debounceMs?: number;
  /** A file that does not parse starts empty (`loaded` undefined) instead of failing the start. @default false */
  tolerateCorrupt?: boolean;
  /** Milliseconds, to time the writes; tests pass a fake one. @default performance.now */
  now?: () => number;
}

/** The pause after a write, as a multiple of its duration: writes take at most 1/(1+9) of the thread. */
export const WRITE_SHARE_FACTOR = 9;

/** `file` undefined keeps state in memory only: every call is then a no-op. */
export function persistedFile<T>(file: string | undefined, options: PersistOptions<T>): PersistedFile<T> {
  const debounceMs = options.debounceMs ?? 250;
  const now = options.now ?? (() => performance.now());
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  /** When the last write may be followed by the next: its end plus WRITE_SHARE_FACTOR times its duration. */
  let nextWriteAt = Number.NEGATIVE_INFINITY;
  if (file) fs.mkdirSync(path.dirname(file), { recursive: true });
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (!file) return;
    const started = now();
    writeAtomically(file, JSON.stringify(options.snapshot()));
    const ended = now();
    nextWriteAt = ended + (ended - started) * WRITE_SHARE_FACTOR;
  };
  return {
    loaded: file ? readJson<T>(file, options.tolerateCorrupt ?? false) : undefined,
    saveSoon() {
      if (!file || timer || closed) return;
      timer = setTimeout(flush, Math.max(debounceMs, Math.ceil(nextWriteAt - now())));
      // A pending write never keeps the process alive; stop() flushes it.
      timer.unref();
    },
    flush,
    close() {
      if (closed) return;
      flush();
      closed = true;
    },
  };
}

function readJson<T>(file: string, tolerateCorrupt: boolean): T | undefined {
  if (!fs.existsSync(file)) return undefined;
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
  } catch (error) {
    if (tolerateCorrupt) return undefined;
    throw error;
  }
}

export function writeAtomically(file: string, content: string): void {
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, content);
  fs.renameSync(tmp, file);
}
