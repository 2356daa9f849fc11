import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { persistedFile, WRITE_SHARE_FACTOR } from '../../../local/persistence';

describe('the emulators’ state file', () => {
  let dir: string;
  beforeEach(() => {
    vi.useFakeTimers();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-persist-'));
  });
  afterEach(() => {
    vi.useRealTimers();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** A state file whose every write takes `writeMs` of the (fake) clock, as a large state would. */
  function aStateFile(writeMs: number) {
    const file = path.join(dir, 'state.json');
    let state = { n: 0 };
    const store = persistedFile(file, {
      debounceMs: 50,
      now: () => Date.now(),
      snapshot: () => {
        vi.setSystemTime(Date.now() + writeMs);
        return state;
      },
    });
    const onDisk = () => (JSON.parse(fs.readFileSync(file, 'utf8')) as { n: number }).n;
    return {
      store,
      onDisk,
      change(n: number) {
        state = { n };
        store.saveSoon();
      },
    };
  }

  it('writes a burst of changes once, after the debounce', () => {
    const { change, onDisk } = aStateFile(1);
    change(1);
    change(2);
    vi.advanceTimersByTime(49);
    expect(fs.existsSync(path.join(dir, 'state.json'))).toBe(false);
    vi.advanceTimersByTime(1);
    expect(onDisk()).toBe(2);
  });

  it('waits after a slow write in proportion to its duration, then writes the latest state', () => {
    const { change, onDisk } = aStateFile(100);
    change(1);
    vi.advanceTimersByTime(50);
    expect(onDisk()).toBe(1);

    change(2);
    vi.advanceTimersByTime(100 * WRITE_SHARE_FACTOR - 1);
    expect(onDisk()).toBe(1);
    vi.advanceTimersByTime(1);
    expect(onDisk()).toBe(2);
  });

  it('still writes everything pending when closed', () => {
    const { store, change, onDisk } = aStateFile(100);
    change(1);
    vi.advanceTimersByTime(50);
    change(2);
    store.close();
    expect(onDisk()).toBe(2);
  });
});
