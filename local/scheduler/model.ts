import { fromZonedTime } from 'date-fns-tz';
import { LOCAL_ACCOUNT_ID, LOCAL_LAMBDA_REGION } from '../lambda-runtime';

/** The Scheduler's resources as stored, their ARNs, errors and expressions (plain functions, no state). */
export interface Target {
  Arn: string;
  RoleArn: string;
  Input?: string;
  RetryPolicy?: { MaximumRetryAttempts?: number; MaximumEventAgeInSeconds?: number };
  DeadLetterConfig?: { Arn?: string };
  [other: string]: unknown;
}

export interface Schedule {
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

export interface Group {
  Name: string;
  CreationDate: number;
  LastModificationDate: number;
}

export class SchedulerError extends Error {
  constructor(
    readonly type: 'ValidationException' | 'ConflictException' | 'ResourceNotFoundException' | 'InternalServerException',
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}
export const validation = (message: string) => new SchedulerError('ValidationException', 400, message);
export const notFound = (message: string) => new SchedulerError('ResourceNotFoundException', 404, message);
export const conflict = (message: string) => new SchedulerError('ConflictException', 409, message);

export const NAME = /^[0-9a-zA-Z-_.]{1,64}$/;
const AT = /^at\((\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\)$/;
const RATE = /^rate\((\d+) (minute|minutes|hour|hours|day|days)\)$/;
const UNIT_MS: Record<string, number> = { minute: 60_000, hour: 3_600_000, day: 86_400_000 };

export const scheduleArn = (group: string, name: string) => `arn:aws:scheduler:${LOCAL_LAMBDA_REGION}:${LOCAL_ACCOUNT_ID}:schedule/${group}/${name}`;
export const groupArn = (group: string) => `arn:aws:scheduler:${LOCAL_LAMBDA_REGION}:${LOCAL_ACCOUNT_ID}:schedule-group/${group}`;
export const key = (group: string, name: string) => `${group}/${name}`;
export const seconds = (ms: number) => Math.floor(ms / 1000);

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

/** Where inside its target minute an at() schedule fires: a random second, or second 0 (deterministic runs). */
export interface FiringPolicy {
  fireAt: 'random' | 'start';
  random: () => number;
}

/** When `s` fires next: its first firing (`previous` absent) or the one after `previous` (rate). */
export function nextFiring(s: Schedule, now: number, policy: FiringPolicy, previous?: number): { fireAt: number; scheduledAt: number } | undefined {
  if (s.State !== 'ENABLED') return undefined;
  const windowMs = s.FlexibleTimeWindow.Mode === 'FLEXIBLE' ? (s.FlexibleTimeWindow.MaximumWindowInMinutes ?? 1) * 60_000 : 0;
  const at = atInstant(s.ScheduleExpression, s.ScheduleExpressionTimezone ?? 'UTC');
  if (at !== undefined) {
    if (previous !== undefined) return undefined;
    const minute = at - (at % 60_000);
    // One-minute precision: some moment inside the target minute (plus the flexible window, if any).
    return { fireAt: minute + (policy.fireAt === 'start' ? 0 : Math.floor(policy.random() * (60_000 + windowMs))), scheduledAt: at };
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

/**
 * A CreateSchedule/UpdateSchedule body checked as the service checks it, as the schedule to store
 * (with its next firing). `groupExists` answers for the body's GroupName.
 */
export function parseSchedule(
  name: string,
  body: Record<string, unknown>,
  now: number,
  policy: FiringPolicy,
  groupExists: (group: string) => boolean,
  existing?: Schedule,
): Schedule {
  if (!NAME.test(name)) throw validation(`Invalid schedule name ${name}.`);
  const group = typeof body.GroupName === 'string' && body.GroupName ? body.GroupName : 'default';
  if (!groupExists(group)) throw notFound(`Schedule group ${group} does not exist.`);
  const expression = body.ScheduleExpression;
  if (typeof expression !== 'string' || !expression)
    throw validation("1 validation error detected: Value null at 'scheduleExpression' failed to satisfy constraint: Member must not be null");
  const zone = body.ScheduleExpressionTimezone;
  if (zone !== undefined && (typeof zone !== 'string' || !validTimeZone(zone))) throw validation(`Invalid time zone ${String(zone)}.`);
  const at = atInstant(expression, (zone as string | undefined) ?? 'UTC');
  const rate = RATE.exec(expression);
  if (at === undefined && !(rate && Number(rate[1]) >= 1 && (Number(rate[1]) === 1) === !rate[2]!.endsWith('s'))) {
    throw validation(`Invalid Schedule Expression ${expression}.`);
  }
  // Only at() minutes that are over are refused; the current minute still fires, at once.
  if (at !== undefined && at - (at % 60_000) + 60_000 <= now) throw validation(`The schedule expression ${expression} is in the past.`);
  const window = body.FlexibleTimeWindow as Schedule['FlexibleTimeWindow'] | undefined;
  if (!window || (window.Mode !== 'OFF' && window.Mode !== 'FLEXIBLE')) throw validation('FlexibleTimeWindow.Mode must be OFF or FLEXIBLE.');
  if (
    window.Mode === 'FLEXIBLE' &&
    !(Number.isInteger(window.MaximumWindowInMinutes) && window.MaximumWindowInMinutes! >= 1 && window.MaximumWindowInMinutes! <= 1440)
  ) {
    throw validation('MaximumWindowInMinutes must be between 1 and 1440 when FlexibleTimeWindow.Mode is FLEXIBLE.');
  }
  const target = parseTarget(body.Target);
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
  const next = nextFiring(schedule, now, policy);
  return { ...schedule, ...(next ? { fireAt: next.fireAt, scheduledAt: next.scheduledAt } : {}) };
}

function parseTarget(value: unknown): Target {
  const target = value as Target | undefined;
  if (!target || typeof target.Arn !== 'string' || !target.Arn || typeof target.RoleArn !== 'string' || !target.RoleArn)
    throw validation('Target.Arn and Target.RoleArn are required.');
  const retry = target.RetryPolicy;
  if (
    retry?.MaximumRetryAttempts !== undefined &&
    !(Number.isInteger(retry.MaximumRetryAttempts) && retry.MaximumRetryAttempts >= 0 && retry.MaximumRetryAttempts <= 185)
  ) {
    throw validation('MaximumRetryAttempts must be between 0 and 185.');
  }
  if (
    retry?.MaximumEventAgeInSeconds !== undefined &&
    !(Number.isInteger(retry.MaximumEventAgeInSeconds) && retry.MaximumEventAgeInSeconds >= 60 && retry.MaximumEventAgeInSeconds <= 86_400)
  ) {
    throw validation('MaximumEventAgeInSeconds must be between 60 and 86400.');
  }
  if (target.Input !== undefined && (typeof target.Input !== 'string' || target.Input.length === 0))
    throw validation('Target.Input must be a non-empty string.');
  return target;
}

/** GetSchedule's answer: the stored schedule without the emulator's own fields. */
export function describeSchedule(s: Schedule) {
  const { revision: _r, fireAt: _f, scheduledAt: _s, firingAt: _g, ...wire } = s;
  return { Arn: scheduleArn(s.GroupName, s.Name), ...wire };
}

export function describeGroup(g: Group) {
  return { Arn: groupArn(g.Name), Name: g.Name, State: 'ACTIVE', CreationDate: seconds(g.CreationDate), LastModificationDate: seconds(g.LastModificationDate) };
}
