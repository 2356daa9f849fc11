import type { LocalClock } from '../../local/clock';

/** A clock the test moves by hand: timers run only when it passes their time. */
export class FakeClock implements LocalClock {
  private timers: { at: number; fire: () => void }[] = [];
  constructor(private t: number) {}
  now = () => this.t;
  setTimer = (at: number, fire: () => void) => {
    const timer = { at, fire };
    this.timers.push(timer);
    return () => {
      this.timers = this.timers.filter((x) => x !== timer);
    };
  };
  /** When the timers still waiting are due. */
  pending(): number[] {
    return this.timers.map((x) => x.at);
  }
  /** Moves to `target`, running every timer that comes due on the way (and what they start). */
  async advanceTo(target: number): Promise<void> {
    for (;;) {
      await settle();
      const due = this.timers.filter((x) => x.at <= target).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.timers = this.timers.filter((x) => x !== due);
      this.t = Math.max(this.t, due.at);
      due.fire();
    }
    this.t = Math.max(this.t, target);
    await settle();
  }
}

export const settle = async () => {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
};
