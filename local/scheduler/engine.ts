import { randomUUID } from 'node:crypto';
import type { LocalClock } from '../clock';
import { persistedFile, type PersistedFile } from '../persistence';
import { DueQueue } from '../due-queue';
import type { MessageAttributeValue } from '../sqs';
import { conflict, key, nextFiring, notFound, parseSchedule, scheduleArn, validation, NAME, type FiringPolicy, type Group, type Schedule } from './model';

export interface EngineOptions {
  /** The state file; memory only when absent. */
  file?: string;
  clock: LocalClock;
  policy: FiringPolicy;
  /** Groups that exist from the start, besides `default`. */
  groups: readonly string[];
  invoke: (targetArn: string, event: unknown) => Promise<unknown>;
  deadLetter: (queueArn: string, body: string, attributes: Record<string, MessageAttributeValue>) => Promise<void> | void;
  retryBaseMs: number;
  retryMaxMs: number;
  log: (line: string) => void;
}

interface PersistedState {
  groups: Group[];
  schedules: Schedule[];
}

/**
 * The Scheduler's state and its firing: the stored schedules and groups, the one timer armed for the
 * soonest firing, and the firings (with their retries) under way. The HTTP API (api.ts) calls in.
 * Every change of a schedule's next firing goes through `track`, which keeps the firing queue (a
 * min-heap, ../due-queue.ts) in step, so a change and the re-arm after it cost O(log n).
 */
export class SchedulerEngine {
  readonly schedules = new Map<string, Schedule>();
  readonly groups = new Map<string, Group>();
  private readonly due = new DueQueue();
  private readonly firing = new Set<Promise<void>>();
  /** Retry back-offs under way; stop() ends them (the schedule stays stored and fires after a restart). */
  private readonly waits = new Set<() => void>();
  private stopped = false;
  private cancelTimer: (() => void) | undefined;
  private timerAt: number | undefined;
  private readonly store: PersistedFile<PersistedState>;

  constructor(private readonly options: EngineOptions) {
    // One write per burst of API calls (a thousand posts scheduled at once is one file write, not a thousand).
    this.store = persistedFile<PersistedState>(options.file, {
      debounceMs: 50,
      snapshot: () => ({ groups: [...this.groups.values()], schedules: [...this.schedules.values()] }),
    });
    const state = this.store.loaded;
    for (const g of state?.groups ?? []) this.groups.set(g.Name, g);
    for (const s of state?.schedules ?? []) {
      if (s.firingAt !== undefined && s.fireAt === undefined) s.fireAt = s.firingAt;
      this.schedules.set(key(s.GroupName, s.Name), s);
      this.track(s);
    }
    const now = options.clock.now();
    for (const name of ['default', ...options.groups])
      if (!this.groups.has(name)) this.groups.set(name, { Name: name, CreationDate: now, LastModificationDate: now });
  }

  /** Puts the schedule's next firing (or none) in the firing queue: after every change of `fireAt`. */
  private track(s: Schedule): void {
    this.due.set(key(s.GroupName, s.Name), s.fireAt);
  }

  private get now(): number {
    return this.options.clock.now();
  }

  /** Saves soon and re-arms the timer: after every change of the schedules. */
  private changed(): void {
    if (!this.stopped) this.store.saveSoon();
    this.rearm();
  }

  find(name: string, group: string | null): Schedule {
    const s = this.schedules.get(key(group || 'default', name));
    if (!s) throw notFound(`Schedule ${name} does not exist.`);
    return s;
  }

  create(name: string, body: Record<string, unknown>): Schedule {
    const s = this.parse(name, body);
    if (this.schedules.has(key(s.GroupName, name))) throw conflict(`Schedule ${name} already exists.`);
    this.schedules.set(key(s.GroupName, name), s);
    this.track(s);
    this.changed();
    return s;
  }

  update(name: string, body: Record<string, unknown>): Schedule {
    const existing = this.find(name, (body.GroupName as string | undefined) ?? null);
    const s = this.parse(name, body, existing);
    this.schedules.set(key(s.GroupName, name), s);
    this.track(s);
    this.changed();
    return s;
  }

  delete(name: string, group: string | null): void {
    const s = this.find(name, group);
    this.schedules.delete(key(s.GroupName, s.Name));
    this.due.delete(key(s.GroupName, s.Name));
    this.changed();
  }

  createGroup(name: string): void {
    if (!NAME.test(name)) throw validation(`Invalid schedule group name ${name}.`);
    if (this.groups.has(name)) throw conflict(`Schedule group ${name} already exists.`);
    const now = this.now;
    this.groups.set(name, { Name: name, CreationDate: now, LastModificationDate: now });
    if (!this.stopped) this.store.saveSoon();
  }

  group(name: string): Group {
    const g = this.groups.get(name);
    if (!g) throw notFound(`Schedule group ${name} does not exist.`);
    return g;
  }

  deleteGroup(name: string): void {
    if (!this.groups.has(name)) throw notFound(`Schedule group ${name} does not exist.`);
    if (name === 'default') throw validation('The default schedule group cannot be deleted.');
    this.groups.delete(name);
    for (const s of [...this.schedules.values()]) {
      if (s.GroupName !== name) continue;
      this.schedules.delete(key(s.GroupName, s.Name));
      this.due.delete(key(s.GroupName, s.Name));
    }
    this.changed();
  }

  private parse(name: string, body: Record<string, unknown>, existing?: Schedule): Schedule {
    return parseSchedule(name, body, this.now, this.options.policy, (group) => this.groups.has(group), existing);
  }

  /** Fires a schedule now, whatever its time, and waits for the firings under way. */
  async fireNow(name: string, group = 'default'): Promise<void> {
    this.startFiring(this.find(name, group));
    this.rearm();
    await Promise.allSettled([...this.firing]);
  }

  async idle(): Promise<void> {
    while (this.firing.size > 0) await Promise.allSettled([...this.firing]);
  }

  /** Arms the one timer for the soonest firing (schedules already due fire at once). */
  rearm(): void {
    if (this.stopped) return;
    const soonest = this.due.peek();
    if (soonest === this.timerAt) return;
    this.cancelTimer?.();
    this.cancelTimer = undefined;
    this.timerAt = soonest;
    if (soonest !== undefined) this.cancelTimer = this.options.clock.setTimer(soonest, () => this.onTimer());
  }

  private onTimer(): void {
    this.cancelTimer = undefined;
    this.timerAt = undefined;
    // Taken out first, then fired: a rate schedule that is behind gets its next firing queued by
    // startFiring, and fires again on the next timer rather than in this loop.
    for (const due of this.due.takeDue(this.now)) {
      const s = this.schedules.get(due);
      if (s) this.startFiring(s);
    }
    this.rearm();
  }

  private startFiring(s: Schedule): void {
    const snapshot = structuredClone(s);
    // A one-time schedule does not fire again (unless an update gives it a new time); a rate one moves on.
    const next = nextFiring(s, this.now, this.options.policy, s.scheduledAt ?? this.now);
    // Until the firing settles, a restart fires it again (at-least-once, like the real service).
    if (!next) s.firingAt = s.fireAt ?? this.now;
    s.fireAt = next?.fireAt;
    s.scheduledAt = next?.scheduledAt;
    this.track(s);
    if (!this.stopped) this.store.saveSoon();
    const run = this.fire(snapshot).finally(() => this.firing.delete(run));
    this.firing.add(run);
  }

  private async fire(s: Schedule): Promise<void> {
    const { clock, retryBaseMs, retryMaxMs, log } = this.options;
    const arn = scheduleArn(s.GroupName, s.Name);
    const executionId = randomUUID();
    const scheduledTime = new Date(s.scheduledAt ?? clock.now()).toISOString().replace(/\.\d{3}Z$/, 'Z');
    const maxAttempts = 1 + (s.Target.RetryPolicy?.MaximumRetryAttempts ?? 185);
    const maxAgeMs = (s.Target.RetryPolicy?.MaximumEventAgeInSeconds ?? 86_400) * 1000;
    const started = clock.now();
    let input: string;
    let lastError: Error | undefined;
    let exhausted: string | undefined;
    for (let attempt = 1; ; attempt++) {
      input = (s.Target.Input ?? '{}')
        .replaceAll('<aws.scheduler.schedule-arn>', arn)
        .replaceAll('<aws.scheduler.scheduled-time>', scheduledTime)
        .replaceAll('<aws.scheduler.execution-id>', executionId)
        .replaceAll('<aws.scheduler.attempt-number>', String(attempt));
      try {
        await this.options.invoke(s.Target.Arn, eventOf(input));
        lastError = undefined;
        break;
      } catch (error) {
        lastError = error instanceof Error ? error : new Error(String(error));
        if (attempt >= maxAttempts) {
          exhausted = 'MaximumRetryAttemptsExceeded';
          break;
        }
        const delay = Math.min(retryMaxMs, retryBaseMs * 2 ** (attempt - 1));
        if (clock.now() + delay - started > maxAgeMs) {
          exhausted = 'MaximumEventAgeExceeded';
          break;
        }
        if (this.stopped) return; // the schedule is still stored, so it fires again after a restart
        await this.backOff(delay);
        if (this.stopped) return;
      }
    }
    if (lastError) {
      log(`[local scheduler] ${s.GroupName}/${s.Name} → ${s.Target.Arn} failed: ${lastError.message}`);
      await this.deadLetter(s, input, lastError, exhausted ?? 'MaximumRetryAttemptsExceeded', maxAttempts - 1);
    }
    const current = this.schedules.get(key(s.GroupName, s.Name));
    if (current && current.revision === s.revision) {
      delete current.firingAt;
      if (current.ActionAfterCompletion === 'DELETE' && current.fireAt === undefined) this.schedules.delete(key(s.GroupName, s.Name));
      this.changed();
    }
  }

  /** Waits `delay` ms on the clock; stop() cuts the wait short. */
  private backOff(delay: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const cancel = this.options.clock.setTimer(this.now + delay, () => {
        this.waits.delete(wake);
        resolve();
      });
      const wake = () => {
        cancel();
        resolve();
      };
      this.waits.add(wake);
    });
  }

  private async deadLetter(s: Schedule, input: string, error: Error, exhausted: string, retries: number): Promise<void> {
    const dlq = s.Target.DeadLetterConfig?.Arn;
    if (!dlq) return;
    const text = (value: string): MessageAttributeValue => ({ DataType: 'String', StringValue: value });
    await Promise.resolve(
      this.options.deadLetter(dlq, input, {
        ERROR_CODE: text(error.name || 'Error'),
        ERROR_MESSAGE: text(error.message.slice(0, 1000) || 'error'),
        EXHAUSTED_RETRY_CONDITION: text(exhausted),
        RETRY_ATTEMPTS: text(String(retries)),
        SCHEDULE_ARN: text(scheduleArn(s.GroupName, s.Name)),
        TARGET_ARN: text(s.Target.Arn),
      }),
    ).catch((e: unknown) => this.options.log(`[local scheduler] dead-letter to ${dlq} failed: ${(e as Error).message}`));
  }

  stop(): void {
    this.stopped = true;
    this.cancelTimer?.();
    for (const wake of [...this.waits]) wake();
    this.store.close();
  }
}

/** Non-JSON input reaches the function as a string, as Lambda would pass it. */
function eventOf(input: string): unknown {
  try {
    return JSON.parse(input);
  } catch {
    return input;
  }
}
