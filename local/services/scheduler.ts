import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fromZonedTime } from 'date-fns-tz';
import type { LocalModule } from '../cloud';
import { LOCAL_ACCOUNT_ID, LOCAL_LAMBDA_REGION, invokeFunctionArn, localFunctionArn } from '../lambda-runtime';
import { localSqs, queueNameOfArn, writeAtomically, type MessageAttributeValue } from './sqs';

/**
 * The local EventBridge Scheduler: the rest-json API that @aws-sdk/client-scheduler speaks
 * (schedules and schedule groups), and the firing of one-time `at()` and `rate()` schedules whose
 * targets are Lambda functions of this repository, invoked in process.
 *
 * Like the real service, a schedule fires at a random moment inside its target minute (one-minute
 * precision), so the code that depends on it copes with that. Schedules survive a restart
 * (`<dataDir>/scheduler.json`); those that came due while the local cloud was stopped fire as soon as
 * it starts again.
 *
 * Firing follows the brief of the local cloud: a handler error is retried per the target's
 * RetryPolicy with exponential backoff, then the event goes to the DeadLetterConfig queue. (On AWS,
 * Scheduler hands a Lambda target to Lambda's async invoke, which retries function errors per the
 * function's own async config; the schedule's RetryPolicy/DLQ cover delivery failures.)
 * cron() expressions, tags and KMS are not emulated.
 */

export const LOCAL_SCHEDULE_GROUP = 'posts';

/** Time as the emulator sees it; tests pass a fake one. */
export interface SchedulerClock {
  now(): number;
  /** Calls `fire` at `at` (ms since the epoch); returns the cancel. */
  setTimer(at: number, fire: () => void): () => void;
}

export const systemClock: SchedulerClock = {
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

export interface SchedulerOptions {
  /** Where schedules persist; in memory only when absent. */
  dataDir?: string;
  port?: number;
  clock?: SchedulerClock;
  /** The second inside the target minute: `random() * 60 s`. @default Math.random */
  random?: () => number;
  /** 'start' fires at second 0 of the target minute (deterministic runs). @default 'random' */
  fireAt?: 'random' | 'start';
  /** Groups that exist from the start, besides `default`. */
  groups?: readonly string[];
  /** Runs a target. @default invokeFunctionArn of local/lambda-runtime */
  invoke?: (targetArn: string, event: unknown) => Promise<unknown>;
  /** Delivers a failed event to a DLQ. @default SendMessage to the local SQS when the ARN names one of its queues */
  deadLetter?: (queueArn: string, body: string, attributes: Record<string, MessageAttributeValue>) => Promise<void> | void;
  /** First retry delay, doubled per attempt up to retryMaxMs. @default 1000 */
  retryBaseMs?: number;
  /** @default 60000 */
  retryMaxMs?: number;
  log?: (line: string) => void;
}

export interface LocalScheduler {
  readonly endpoint: string;
  /** Fires a schedule now, whatever its time (also `POST <endpoint>/_control/groups/<group>/schedules/<name>/fire`). */
  fireNow(name: string, group?: string): Promise<void>;
  /** Resolves when no firing (or its retries) is under way. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

interface Target {
  Arn: string;
  RoleArn: string;
  Input?: string;
  RetryPolicy?: { MaximumRetryAttempts?: number; MaximumEventAgeInSeconds?: number };
  DeadLetterConfig?: { Arn?: string };
  [other: string]: unknown;
}

interface Schedule {
  Name: string;
  GroupName: string;
  ScheduleExpression: string;
  ScheduleExpressionTimezone?: string;
  StartDate?: number;
  EndDate?: number;
  Description?: string;
  State: 'ENABLED' | 'DISABLED';
  KmsKeyArn?: string;
  Target: Target;
  FlexibleTimeWindow: { Mode: 'OFF' | 'FLEXIBLE'; MaximumWindowInMinutes?: number };
  ActionAfterCompletion: 'NONE' | 'DELETE';
  CreationDate: number;
  LastModificationDate: number;
  /** Bumped by every update, so a firing that finishes after an update leaves the new version alone. */
  revision: number;
  /** When it fires next (ms); absent when it never will. */
  fireAt?: number;
  /** The nominal time of that firing (ms), for <aws.scheduler.scheduled-time>. */
  scheduledAt?: number;
  /** Set while a last firing is under way (with its retries); a restart then fires again. */
  firingAt?: number;
}

interface Group {
  Name: string;
  CreationDate: number;
  LastModificationDate: number;
}

class SchedulerError extends Error {
  constructor(
    readonly type: 'ValidationException' | 'ConflictException' | 'ResourceNotFoundException' | 'InternalServerException',
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}
const validation = (message: string) => new SchedulerError('ValidationException', 400, message);
const notFound = (message: string) => new SchedulerError('ResourceNotFoundException', 404, message);
const conflict = (message: string) => new SchedulerError('ConflictException', 409, message);

const NAME = /^[0-9a-zA-Z-_.]{1,64}$/;
const AT = /^at\((\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\)$/;
const RATE = /^rate\((\d+) (minute|minutes|hour|hours|day|days)\)$/;
const UNIT_MS: Record<string, number> = { minute: 60_000, hour: 3_600_000, day: 86_400_000 };

const scheduleArn = (group: string, name: string) => `arn:aws:scheduler:${LOCAL_LAMBDA_REGION}:${LOCAL_ACCOUNT_ID}:schedule/${group}/${name}`;
const groupArn = (group: string) => `arn:aws:scheduler:${LOCAL_LAMBDA_REGION}:${LOCAL_ACCOUNT_ID}:schedule-group/${group}`;
const key = (group: string, name: string) => `${group}/${name}`;
const seconds = (ms: number) => Math.floor(ms / 1000);

function validTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The instant an at() expression names, in its time zone. */
function atInstant(expression: string, zone: string): number | undefined {
  const m = AT.exec(expression);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s] = m.map(Number) as [number, number, number, number, number, number, number];
  const probe = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  if (probe.getUTCFullYear() !== y || probe.getUTCMonth() !== mo - 1 || probe.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) return undefined;
  return fromZonedTime(expression.slice(3, -1), zone).getTime();
}

export async function startScheduler(options: SchedulerOptions = {}): Promise<LocalScheduler> {
  const clock = options.clock ?? systemClock;
  const random = options.random ?? Math.random;
  const log = options.log ?? ((line: string) => console.error(line));
  const invoke = options.invoke ?? ((arn: string, event: unknown) => invokeFunctionArn(arn, event));
  const deadLetter = options.deadLetter ?? defaultDeadLetter;
  const retryBaseMs = options.retryBaseMs ?? 1000;
  const retryMaxMs = options.retryMaxMs ?? 60_000;
  const file = options.dataDir ? path.join(options.dataDir, 'scheduler.json') : undefined;
  if (options.dataDir) fs.mkdirSync(options.dataDir, { recursive: true });

  const schedules = new Map<string, Schedule>();
  const groups = new Map<string, Group>();
  const firing = new Set<Promise<void>>();
  /** Retry back-offs under way; stop() ends them (the schedule stays stored and fires after a restart). */
  const waits = new Set<() => void>();
  let stopped = false;
  let cancelTimer: (() => void) | undefined;
  let timerAt: number | undefined;
  let persistTimer: NodeJS.Timeout | undefined;

  if (file && fs.existsSync(file)) {
    const state = JSON.parse(fs.readFileSync(file, 'utf8')) as { groups: Group[]; schedules: Schedule[] };
    for (const g of state.groups) groups.set(g.Name, g);
    for (const s of state.schedules) {
      if (s.firingAt !== undefined && s.fireAt === undefined) s.fireAt = s.firingAt;
      schedules.set(key(s.GroupName, s.Name), s);
    }
  }
  const now0 = clock.now();
  for (const name of ['default', ...(options.groups ?? [])]) if (!groups.has(name)) groups.set(name, { Name: name, CreationDate: now0, LastModificationDate: now0 });

  function persistSoon(): void {
    if (!file || persistTimer || stopped) return;
    // One write per burst of API calls (a thousand posts scheduled at once is one file write, not a thousand).
    persistTimer = setTimeout(persistNow, 50);
  }
  function persistNow(): void {
    clearTimeout(persistTimer);
    persistTimer = undefined;
    if (file) writeAtomically(file, JSON.stringify({ groups: [...groups.values()], schedules: [...schedules.values()] }));
  }

  /** When `s` fires next: its first firing (`previous` absent) or the one after `previous` (rate). */
  function nextFiring(s: Schedule, now: number, previous?: number): { fireAt: number; scheduledAt: number } | undefined {
    if (s.State !== 'ENABLED') return undefined;
    const windowMs = s.FlexibleTimeWindow.Mode === 'FLEXIBLE' ? (s.FlexibleTimeWindow.MaximumWindowInMinutes ?? 1) * 60_000 : 0;
    const at = atInstant(s.ScheduleExpression, s.ScheduleExpressionTimezone ?? 'UTC');
    if (at !== undefined) {
      if (previous !== undefined) return undefined;
      const minute = at - (at % 60_000);
      // One-minute precision: some moment inside the target minute (plus the flexible window, if any).
      return { fireAt: minute + (options.fireAt === 'start' ? 0 : Math.floor(random() * (60_000 + windowMs))), scheduledAt: at };
    }
    const rate = RATE.exec(s.ScheduleExpression);
    if (!rate) return undefined;
    const every = Number(rate[1]) * UNIT_MS[rate[2]!.replace(/s$/, '')]!;
    // Without a StartDate a rate schedule starts at once (Scheduler guide), then every `every`.
    const anchor = previous ?? (s.StartDate !== undefined ? s.StartDate * 1000 : now);
    let next = previous === undefined ? anchor : anchor + every;
    if (next < now - every) next += Math.floor((now - next) / every) * every;
    if (s.EndDate !== undefined && next > s.EndDate * 1000) return undefined;
    return { fireAt: next, scheduledAt: next };
  }

  function rearm(): void {
    if (stopped) return;
    let soonest: number | undefined;
    for (const s of schedules.values()) if (s.fireAt !== undefined && (soonest === undefined || s.fireAt < soonest)) soonest = s.fireAt;
    if (soonest === timerAt) return;
    cancelTimer?.();
    cancelTimer = undefined;
    timerAt = soonest;
    if (soonest !== undefined) cancelTimer = clock.setTimer(soonest, onTimer);
  }

  function onTimer(): void {
    cancelTimer = undefined;
    timerAt = undefined;
    const now = clock.now();
    for (const s of schedules.values()) if (s.fireAt !== undefined && s.fireAt <= now) startFiring(s);
    rearm();
  }

  function startFiring(s: Schedule): void {
    const snapshot = structuredClone(s);
    // A one-time schedule does not fire again (unless an update gives it a new time); a rate one moves on.
    const next = nextFiring(s, clock.now(), s.scheduledAt ?? clock.now());
    // Until the firing settles, a restart fires it again (at-least-once, like the real service).
    if (!next) s.firingAt = s.fireAt ?? clock.now();
    s.fireAt = next?.fireAt;
    s.scheduledAt = next?.scheduledAt;
    persistSoon();
    const run = fire(snapshot).finally(() => firing.delete(run));
    firing.add(run);
  }

  async function fire(s: Schedule): Promise<void> {
    const arn = scheduleArn(s.GroupName, s.Name);
    const executionId = randomUUID();
    const scheduledTime = new Date(s.scheduledAt ?? clock.now()).toISOString().replace(/\.\d{3}Z$/, 'Z');
    const maxAttempts = 1 + (s.Target.RetryPolicy?.MaximumRetryAttempts ?? 185);
    const maxAgeMs = (s.Target.RetryPolicy?.MaximumEventAgeInSeconds ?? 86_400) * 1000;
    const started = clock.now();
    let input = '';
    let lastError: Error | undefined;
    let exhausted: string | undefined;
    for (let attempt = 1; ; attempt++) {
      input = (s.Target.Input ?? '{}')
        .replaceAll('<aws.scheduler.schedule-arn>', arn)
        .replaceAll('<aws.scheduler.scheduled-time>', scheduledTime)
        .replaceAll('<aws.scheduler.execution-id>', executionId)
        .replaceAll('<aws.scheduler.attempt-number>', String(attempt));
      let event: unknown = input;
      try {
        event = JSON.parse(input);
      } catch {
        // Non-JSON input reaches the function as a string, as Lambda would pass it.
      }
      try {
        await invoke(s.Target.Arn, event);
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
        if (stopped) return; // the schedule is still stored, so it fires again after a restart
        await new Promise<void>((resolve) => {
          const cancel = clock.setTimer(clock.now() + delay, () => {
            waits.delete(wake);
            resolve();
          });
          const wake = () => {
            cancel();
            resolve();
          };
          waits.add(wake);
        });
        if (stopped) return;
      }
    }
    if (lastError) {
      log(`[local scheduler] ${s.GroupName}/${s.Name} → ${s.Target.Arn} failed: ${lastError.message}`);
      const dlq = s.Target.DeadLetterConfig?.Arn;
      if (dlq) {
        const text = (value: string): MessageAttributeValue => ({ DataType: 'String', StringValue: value });
        await Promise.resolve(
          deadLetter(dlq, input, {
            ERROR_CODE: text(lastError.name || 'Error'),
            ERROR_MESSAGE: text(lastError.message.slice(0, 1000) || 'error'),
            EXHAUSTED_RETRY_CONDITION: text(exhausted ?? 'MaximumRetryAttemptsExceeded'),
            RETRY_ATTEMPTS: text(String(maxAttempts - 1)),
            SCHEDULE_ARN: text(arn),
            TARGET_ARN: text(s.Target.Arn),
          }),
        ).catch((error: unknown) => log(`[local scheduler] dead-letter to ${dlq} failed: ${(error as Error).message}`));
      }
    }
    const current = schedules.get(key(s.GroupName, s.Name));
    if (current && current.revision === s.revision) {
      delete current.firingAt;
      if (current.ActionAfterCompletion === 'DELETE' && current.fireAt === undefined) schedules.delete(key(s.GroupName, s.Name));
      persistSoon();
      rearm();
    }
  }

  function parseSchedule(name: string, body: Record<string, unknown>, existing?: Schedule): Schedule {
    if (!NAME.test(name)) throw validation(`Invalid schedule name ${name}.`);
    const group = typeof body.GroupName === 'string' && body.GroupName ? body.GroupName : 'default';
    if (!groups.has(group)) throw notFound(`Schedule group ${group} does not exist.`);
    const expression = body.ScheduleExpression;
    if (typeof expression !== 'string' || !expression) throw validation('1 validation error detected: Value null at \'scheduleExpression\' failed to satisfy constraint: Member must not be null');
    const zone = body.ScheduleExpressionTimezone;
    if (zone !== undefined && (typeof zone !== 'string' || !validTimeZone(zone))) throw validation(`Invalid time zone ${String(zone)}.`);
    const at = atInstant(expression, (zone as string | undefined) ?? 'UTC');
    const rate = RATE.exec(expression);
    if (at === undefined && !(rate && Number(rate[1]) >= 1 && (Number(rate[1]) === 1) === !rate[2]!.endsWith('s'))) {
      throw validation(`Invalid Schedule Expression ${expression}.`);
    }
    const now = clock.now();
    // Only at() minutes that are over are refused; the current minute still fires, at once.
    if (at !== undefined && at - (at % 60_000) + 60_000 <= now) throw validation(`The schedule expression ${expression} is in the past.`);
    const window = body.FlexibleTimeWindow as Schedule['FlexibleTimeWindow'] | undefined;
    if (!window || (window.Mode !== 'OFF' && window.Mode !== 'FLEXIBLE')) throw validation('FlexibleTimeWindow.Mode must be OFF or FLEXIBLE.');
    if (window.Mode === 'FLEXIBLE' && !(Number.isInteger(window.MaximumWindowInMinutes) && window.MaximumWindowInMinutes! >= 1 && window.MaximumWindowInMinutes! <= 1440)) {
      throw validation('MaximumWindowInMinutes must be between 1 and 1440 when FlexibleTimeWindow.Mode is FLEXIBLE.');
    }
    const target = body.Target as Target | undefined;
    if (!target || typeof target.Arn !== 'string' || !target.Arn || typeof target.RoleArn !== 'string' || !target.RoleArn) throw validation('Target.Arn and Target.RoleArn are required.');
    const retry = target.RetryPolicy;
    if (retry?.MaximumRetryAttempts !== undefined && !(Number.isInteger(retry.MaximumRetryAttempts) && retry.MaximumRetryAttempts >= 0 && retry.MaximumRetryAttempts <= 185)) {
      throw validation('MaximumRetryAttempts must be between 0 and 185.');
    }
    if (retry?.MaximumEventAgeInSeconds !== undefined && !(Number.isInteger(retry.MaximumEventAgeInSeconds) && retry.MaximumEventAgeInSeconds >= 60 && retry.MaximumEventAgeInSeconds <= 86_400)) {
      throw validation('MaximumEventAgeInSeconds must be between 60 and 86400.');
    }
    if (target.Input !== undefined && (typeof target.Input !== 'string' || target.Input.length === 0)) throw validation('Target.Input must be a non-empty string.');
    const state = body.State ?? 'ENABLED';
    if (state !== 'ENABLED' && state !== 'DISABLED') throw validation(`Invalid State ${String(state)}.`);
    const after = body.ActionAfterCompletion ?? 'NONE';
    if (after !== 'NONE' && after !== 'DELETE') throw validation(`Invalid ActionAfterCompletion ${String(after)}.`);
    const schedule: Schedule = {
      Name: name,
      GroupName: group,
      ScheduleExpression: expression,
      ...(zone ? { ScheduleExpressionTimezone: zone as string } : {}),
      ...(typeof body.StartDate === 'number' ? { StartDate: body.StartDate } : {}),
      ...(typeof body.EndDate === 'number' ? { EndDate: body.EndDate } : {}),
      ...(typeof body.Description === 'string' ? { Description: body.Description } : {}),
      ...(typeof body.KmsKeyArn === 'string' ? { KmsKeyArn: body.KmsKeyArn } : {}),
      State: state,
      Target: target,
      FlexibleTimeWindow: window,
      ActionAfterCompletion: after,
      CreationDate: existing?.CreationDate ?? seconds(now),
      LastModificationDate: seconds(now),
      revision: (existing?.revision ?? 0) + 1,
    };
    const next = nextFiring(schedule, now);
    return { ...schedule, ...(next ? { fireAt: next.fireAt, scheduledAt: next.scheduledAt } : {}) };
  }

  function find(name: string, group: string | null): Schedule {
    const s = schedules.get(key(group || 'default', name));
    if (!s) throw notFound(`Schedule ${name} does not exist.`);
    return s;
  }

  function describe(s: Schedule) {
    const { revision: _r, fireAt: _f, scheduledAt: _s, firingAt: _g, ...wire } = s;
    return { Arn: scheduleArn(s.GroupName, s.Name), ...wire };
  }

  function describeGroup(g: Group) {
    return { Arn: groupArn(g.Name), Name: g.Name, State: 'ACTIVE', CreationDate: seconds(g.CreationDate), LastModificationDate: seconds(g.LastModificationDate) };
  }

  function page<T extends { Name: string }>(items: T[], query: URLSearchParams): { items: T[]; NextToken?: string } {
    const max = query.has('MaxResults') ? Number(query.get('MaxResults')) : 100;
    if (!Number.isInteger(max) || max < 1 || max > 100) throw validation('MaxResults must be between 1 and 100.');
    let from = 0;
    const token = query.get('NextToken');
    if (token) {
      const after = Buffer.from(token, 'base64url').toString('utf8');
      from = items.findIndex((i) => (i as { sortKey?: string }).sortKey! > after);
      if (from < 0) from = items.length;
    }
    const slice = items.slice(from, from + max);
    const last = slice.at(-1) as { sortKey?: string } | undefined;
    return { items: slice, ...(from + max < items.length && last ? { NextToken: Buffer.from(last.sortKey!).toString('base64url') } : {}) };
  }

  async function route(method: string, url: URL, body: Record<string, unknown>): Promise<unknown> {
    const parts = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
    const [resource, name, ...rest] = parts;
    if (resource === '_control' && name === 'groups' && rest[1] === 'schedules' && rest[3] === 'fire' && method === 'POST') {
      await fireNow(rest[2]!, rest[0]!);
      return {};
    }
    if (resource === 'schedules' && name && rest.length === 0) {
      switch (method) {
        case 'POST': {
          const s = parseSchedule(name, body);
          if (schedules.has(key(s.GroupName, name))) throw conflict(`Schedule ${name} already exists.`);
          schedules.set(key(s.GroupName, name), s);
          persistSoon();
          rearm();
          return { ScheduleArn: scheduleArn(s.GroupName, name) };
        }
        case 'PUT': {
          const existing = find(name, (body.GroupName as string | undefined) ?? null);
          const s = parseSchedule(name, body, existing);
          schedules.set(key(s.GroupName, name), s);
          persistSoon();
          rearm();
          return { ScheduleArn: scheduleArn(s.GroupName, name) };
        }
        case 'GET':
          return describe(find(name, url.searchParams.get('groupName')));
        case 'DELETE': {
          const s = find(name, url.searchParams.get('groupName'));
          schedules.delete(key(s.GroupName, s.Name));
          persistSoon();
          rearm();
          return {};
        }
      }
    }
    if (resource === 'schedules' && !name && method === 'GET') {
      const group = url.searchParams.get('ScheduleGroup');
      const prefix = url.searchParams.get('NamePrefix') ?? '';
      const state = url.searchParams.get('State');
      const matching = [...schedules.values()]
        .filter((s) => (!group || s.GroupName === group) && s.Name.startsWith(prefix) && (!state || s.State === state))
        .map((s) => ({ ...s, sortKey: key(s.GroupName, s.Name) }))
        .sort((a, b) => (a.sortKey < b.sortKey ? -1 : 1));
      const { items, NextToken } = page(matching, url.searchParams);
      return {
        Schedules: items.map((s) => ({ Arn: scheduleArn(s.GroupName, s.Name), Name: s.Name, GroupName: s.GroupName, State: s.State, CreationDate: s.CreationDate, LastModificationDate: s.LastModificationDate, Target: { Arn: s.Target.Arn } })),
        ...(NextToken ? { NextToken } : {}),
      };
    }
    if (resource === 'schedule-groups' && name && rest.length === 0) {
      switch (method) {
        case 'POST': {
          if (!NAME.test(name)) throw validation(`Invalid schedule group name ${name}.`);
          if (groups.has(name)) throw conflict(`Schedule group ${name} already exists.`);
          const now = clock.now();
          groups.set(name, { Name: name, CreationDate: now, LastModificationDate: now });
          persistSoon();
          return { ScheduleGroupArn: groupArn(name) };
        }
        case 'GET': {
          const g = groups.get(name);
          if (!g) throw notFound(`Schedule group ${name} does not exist.`);
          return describeGroup(g);
        }
        case 'DELETE': {
          if (!groups.has(name)) throw notFound(`Schedule group ${name} does not exist.`);
          if (name === 'default') throw validation('The default schedule group cannot be deleted.');
          groups.delete(name);
          for (const s of [...schedules.values()]) if (s.GroupName === name) schedules.delete(key(s.GroupName, s.Name));
          persistSoon();
          rearm();
          return {};
        }
      }
    }
    if (resource === 'schedule-groups' && !name && method === 'GET') {
      const prefix = url.searchParams.get('NamePrefix') ?? '';
      const matching = [...groups.values()].filter((g) => g.Name.startsWith(prefix)).map((g) => ({ ...g, sortKey: g.Name })).sort((a, b) => (a.sortKey < b.sortKey ? -1 : 1));
      const { items, NextToken } = page(matching, url.searchParams);
      return { ScheduleGroups: items.map(describeGroup), ...(NextToken ? { NextToken } : {}) };
    }
    throw new SchedulerError('ValidationException', 400, `The local Scheduler does not support ${method} ${url.pathname}.`);
  }

  async function fireNow(name: string, group = 'default'): Promise<void> {
    const s = find(name, group);
    startFiring(s);
    rearm();
    await Promise.allSettled([...firing]);
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const send = (status: number, body: unknown, headers: Record<string, string> = {}) =>
        res.writeHead(status, { 'content-type': 'application/json', 'x-amzn-requestid': randomUUID(), ...headers }).end(JSON.stringify(body));
      let body: Record<string, unknown> = {};
      try {
        const raw = Buffer.concat(chunks).toString('utf8');
        body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      } catch {
        send(400, { Message: 'The request body is not valid JSON.' }, { 'x-amzn-errortype': 'ValidationException' });
        return;
      }
      route(req.method ?? 'GET', new URL(req.url ?? '/', 'http://localhost'), body).then(
        (result) => send(200, result),
        (error: unknown) => {
          if (error instanceof SchedulerError) return send(error.status, { Message: error.message }, { 'x-amzn-errortype': error.type });
          log(`[local scheduler] ${String((error as Error).stack ?? error)}`);
          send(500, { Message: 'Local Scheduler error' }, { 'x-amzn-errortype': 'InternalServerException' });
        },
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });

  // Schedules that came due while the local cloud was stopped fire now (their time is in the past).
  rearm();

  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    fireNow,
    async idle() {
      while (firing.size > 0) await Promise.allSettled([...firing]);
    },
    async stop() {
      stopped = true;
      cancelTimer?.();
      for (const wake of [...waits]) wake();
      persistNow();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function defaultDeadLetter(queueArn: string, body: string, attributes: Record<string, MessageAttributeValue>): Promise<void> {
  const queue = queueNameOfArn(queueArn);
  if (!queue) throw new Error(`${queueArn} is not a queue of the local SQS`);
  localSqs().sendMessage(queue, body, { messageAttributes: attributes });
}

/**
 * The Scheduler as a module of the local cloud, with the group posts are scheduled in. `functions`
 * (env var → handler module) puts the ARNs of Scheduler's targets into the handlers' environment.
 */
export function schedulerModule(functions: Readonly<Record<string, string>> = {}): LocalModule {
  return {
    name: 'EventBridge Scheduler (local emulator)',
    async start({ dataDir }) {
      const scheduler = await startScheduler({ dataDir, groups: [LOCAL_SCHEDULE_GROUP], fireAt: process.env.LOCAL_SCHEDULER_FIRE_AT === 'start' ? 'start' : 'random' });
      return {
        env: {
          SCHEDULER_ENDPOINT: scheduler.endpoint,
          SCHEDULE_GROUP: LOCAL_SCHEDULE_GROUP,
          ...Object.fromEntries(Object.entries(functions).map(([name, module]) => [name, localFunctionArn(module)])),
        },
        stop: scheduler.stop,
      };
    },
  };
}
