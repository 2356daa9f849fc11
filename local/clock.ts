/** Time as an emulator sees it; tests pass a fake one they move by hand. */
export interface LocalClock {
  now(): number;
  /** Calls `fire` at `at` (ms since the epoch); returns the cancel. */
  setTimer(at: number, fire: () => void): () => void;
}

export const systemClock: LocalClock = {
  now: () => Date.now(),
  setTimer(at, fire) {
    // setTimeout holds at most 2^31-1 ms (~24.8 days); a longer wait re-arms on the way.
    const max = 2_147_483_647;
    let handle: NodeJS.Timeout;
    const arm = () => {
      const wait = at - Date.now();
      handle = wait > max ? setTimeout(arm, max) : setTimeout(fire, Math.max(0, wait));
    };
    arm();
    return () => clearTimeout(handle);
  },
};
