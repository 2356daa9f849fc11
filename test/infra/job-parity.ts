import { type CfnElement, Stack } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { type JobDef, type JobName, jobEntries, queueVisibilityTimeoutSeconds } from '../../functions/jobs';
import { AppFunction } from '../../infra/constructs/app-function';
import type { LocalJobWiring } from '../../local/services/jobs';
import { PLATFORMS } from '../../shared/platforms';
import type { CfnTemplate } from './synth';

/**
 * One job's trigger settings in a shape all three sides can be read into: the job table
 * (functions/jobs.ts), the synthesized template (infra/constructs/jobs.ts) and the local wiring
 * (local/services/jobs.ts `localJobWiring`). Queues are listed in a stable order, one per platform
 * for a per-platform job.
 */
export interface TriggerSettings {
  readonly kind: JobDef['trigger']['kind'];
  readonly everyMinutes?: number;
  readonly queues?: readonly QueueSettings[];
  readonly mapping?: { readonly batchSize: number; readonly maxBatchingWindowSeconds?: number; readonly maxConcurrency: number };
  /** A dead-letters job: how many DLQs it drains. */
  readonly drains?: number;
  readonly retryAttempts?: number;
  readonly deadLetterRetentionSeconds?: number;
  readonly deadLetterVisibilityTimeoutSeconds?: number;
}

export interface QueueSettings {
  readonly visibilityTimeoutSeconds: number;
  readonly retentionSeconds: number;
  readonly maxReceiveCount: number;
  readonly deadLetterRetentionSeconds: number;
  readonly deadLetterVisibilityTimeoutSeconds?: number;
}

export type JobSettings = Partial<Record<JobName, TriggerSettings>>;

const DAY = 24 * 60 * 60;

/** What the table declares, with a deployment's publisher concurrency (unset: the table's own). */
export function tableSettings(options: { readonly maxConcurrency?: Partial<Record<JobName, number>> } = {}): JobSettings {
  const jobs = Object.fromEntries(jobEntries()) as Record<string, JobDef>;
  const settings: JobSettings = {};
  const drains = new Map<string, number>();
  for (const [, job] of jobEntries()) {
    const t = job.trigger;
    if (t.kind === 'queue' && t.deadLettersDrainedBy)
      drains.set(t.deadLettersDrainedBy, (drains.get(t.deadLettersDrainedBy) ?? 0) + (t.perPlatform ? PLATFORMS.length : 1));
    if (t.kind === 'scheduler-target')
      for (const [drainer] of jobEntries().filter(([, j]) => j.trigger.kind === 'dead-letters')) drains.set(drainer, (drains.get(drainer) ?? 0) + 1);
  }
  for (const [name, job] of jobEntries()) {
    const t = job.trigger;
    const timeout = queueVisibilityTimeoutSeconds;
    switch (t.kind) {
      case 'rate':
        settings[name] = { kind: 'rate', everyMinutes: t.everyMinutes };
        break;
      case 'queue': {
        const drainer = t.deadLettersDrainedBy ? jobs[t.deadLettersDrainedBy] : undefined;
        const queue: QueueSettings = {
          visibilityTimeoutSeconds: timeout(job),
          retentionSeconds: t.retentionDays * DAY,
          maxReceiveCount: t.maxReceiveCount,
          deadLetterRetentionSeconds: t.deadLetterRetentionDays * DAY,
          ...(drainer ? { deadLetterVisibilityTimeoutSeconds: timeout(drainer) } : {}),
        };
        settings[name] = {
          kind: 'queue',
          queues: Array.from({ length: t.perPlatform ? PLATFORMS.length : 1 }, () => queue),
          mapping: {
            batchSize: t.batchSize,
            ...(t.maxBatchingWindowSeconds === undefined ? {} : { maxBatchingWindowSeconds: t.maxBatchingWindowSeconds }),
            maxConcurrency: options.maxConcurrency?.[name] ?? t.maxConcurrency,
          },
        };
        break;
      }
      case 'dead-letters':
        settings[name] = { kind: 'dead-letters', mapping: { batchSize: t.batchSize, maxConcurrency: t.maxConcurrency }, drains: drains.get(name) ?? 0 };
        break;
      case 'scheduler-target': {
        const drainer = jobEntries().find(([, j]) => j.trigger.kind === 'dead-letters')?.[1];
        settings[name] = {
          kind: 'scheduler-target',
          retryAttempts: t.retryAttempts,
          deadLetterRetentionSeconds: t.deadLetterRetentionDays * DAY,
          ...(drainer ? { deadLetterVisibilityTimeoutSeconds: timeout(drainer) } : {}),
        };
        break;
      }
    }
  }
  return settings;
}

/** What the local cloud wires (localJobWiring), in the same shape. */
export function localSettings(wiring: Partial<Record<JobName, LocalJobWiring>>): JobSettings {
  const settings: JobSettings = {};
  for (const [name, w] of Object.entries(wiring) as [JobName, LocalJobWiring][]) {
    switch (w.kind) {
      case 'rate':
        settings[name] = { kind: 'rate', everyMinutes: w.everyMs / 60_000 };
        break;
      case 'queue':
        settings[name] = {
          kind: 'queue',
          queues: w.queues.map((q) => ({
            visibilityTimeoutSeconds: q.visibilityTimeoutSeconds,
            retentionSeconds: q.retentionSeconds,
            maxReceiveCount: q.maxReceiveCount,
            deadLetterRetentionSeconds: q.deadLetterRetentionSeconds,
            ...(q.deadLetterVisibilityTimeoutSeconds === undefined ? {} : { deadLetterVisibilityTimeoutSeconds: q.deadLetterVisibilityTimeoutSeconds }),
          })),
          mapping: w.mapping,
        };
        break;
      case 'dead-letters':
        settings[name] = { kind: 'dead-letters', mapping: w.mapping, drains: w.drains.length };
        break;
      case 'scheduler-target':
        settings[name] = {
          kind: 'scheduler-target',
          retryAttempts: w.retryAttempts,
          deadLetterRetentionSeconds: w.deadLetterRetentionSeconds,
          ...(w.deadLetterVisibilityTimeoutSeconds === undefined ? {} : { deadLetterVisibilityTimeoutSeconds: w.deadLetterVisibilityTimeoutSeconds }),
        };
        break;
    }
  }
  return settings;
}

type Resource = CfnTemplate['Resources'][string];
type Props = Record<string, unknown>;

const UNITS: Record<string, number> = { minute: 1, minutes: 1, hour: 60, hours: 60, day: 1440, days: 1440 };

/** `rate(5 minutes)` → 5, `rate(1 hour)` → 60. */
function rateMinutes(expression: string): number {
  const match = /^rate\((\d+) (minutes?|hours?|days?)\)$/.exec(expression);
  if (!match) throw new Error(`Not a rate expression: ${expression}`);
  return Number(match[1]) * UNITS[match[2]!]!;
}

const getAttId = (value: unknown): string | undefined => {
  const att = (value as { 'Fn::GetAtt'?: [string, string] } | undefined)?.['Fn::GetAtt'];
  return att?.[0];
};
const refId = (value: unknown): string | undefined => (value as { Ref?: string } | undefined)?.Ref;

/**
 * The logical id of every function in `root` built for a handler module, by module: how the template
 * side finds a job's functions (a per-platform job has one per platform).
 */
export function functionIdsByHandler(root: Construct): Map<string, string[]> {
  const ids = new Map<string, string[]>();
  for (const fn of root.node.findAll().filter((c): c is AppFunction => c instanceof AppFunction)) {
    const id = Stack.of(fn).resolve((fn.node.defaultChild as CfnElement).logicalId) as string;
    ids.set(fn.declaration.handler, [...(ids.get(fn.declaration.handler) ?? []), id]);
  }
  return ids;
}

/**
 * What the template wires for each job of the table, in the same shape, plus every rule, event source
 * mapping or async-invoke config of the template that no job of the table accounts for (`unclaimed`).
 */
export function templateSettings(template: CfnTemplate, functionIds: Map<string, string[]>): { settings: JobSettings; unclaimed: string[] } {
  const resources = Object.entries(template.Resources);
  const ofType = (type: string) => resources.filter(([, r]) => r.Type === type) as [string, Resource & { Properties: Props }][];
  const rules = ofType('AWS::Events::Rule');
  const mappings = ofType('AWS::Lambda::EventSourceMapping');
  const invokeConfigs = ofType('AWS::Lambda::EventInvokeConfig');
  const props = (id: string) => (template.Resources[id]?.Properties ?? {}) as Props;
  const claimed = new Set<string>();
  const settings: JobSettings = {};

  const deadLetterOf = (dlqId: string) => {
    const dlq = props(dlqId);
    return {
      deadLetterRetentionSeconds: dlq.MessageRetentionPeriod as number,
      ...(dlq.VisibilityTimeout === undefined ? {} : { deadLetterVisibilityTimeoutSeconds: dlq.VisibilityTimeout as number }),
    };
  };

  for (const [name, job] of jobEntries()) {
    const fnIds = functionIds.get(job.handler) ?? [];
    if (fnIds.length === 0) continue;
    const isFn = (value: unknown) => fnIds.includes(refId(value) ?? getAttId(value) ?? '');
    const ownMappings = mappings.filter(([, m]) => isFn(m.Properties.FunctionName));
    const mappingOf = (m: Props) => ({
      batchSize: m.BatchSize as number,
      ...(m.MaximumBatchingWindowInSeconds === undefined ? {} : { maxBatchingWindowSeconds: m.MaximumBatchingWindowInSeconds as number }),
      maxConcurrency: (m.ScalingConfig as { MaximumConcurrency: number }).MaximumConcurrency,
    });
    switch (job.trigger.kind) {
      case 'rate': {
        const own = rules.filter(([, r]) => (r.Properties.Targets as { Arn: unknown }[]).some((t) => isFn(t.Arn)));
        if (own.length !== 1) continue;
        claimed.add(own[0]![0]);
        settings[name] = { kind: 'rate', everyMinutes: rateMinutes(own[0]![1].Properties.ScheduleExpression as string) };
        break;
      }
      case 'queue': {
        if (ownMappings.length === 0) continue;
        for (const [id] of ownMappings) claimed.add(id);
        const queues = ownMappings.map(([, m]) => {
          const queue = props(getAttId(m.Properties.EventSourceArn)!);
          const redrive = queue.RedrivePolicy as { deadLetterTargetArn: unknown; maxReceiveCount: number };
          return {
            visibilityTimeoutSeconds: queue.VisibilityTimeout as number,
            retentionSeconds: queue.MessageRetentionPeriod as number,
            maxReceiveCount: redrive.maxReceiveCount,
            ...deadLetterOf(getAttId(redrive.deadLetterTargetArn)!),
          };
        });
        const [first] = ownMappings.map(([, m]) => mappingOf(m.Properties));
        const mixed = ownMappings.some(([, m]) => canonical(mappingOf(m.Properties)) !== canonical(first));
        settings[name] = { kind: 'queue', queues, mapping: mixed ? { batchSize: Number.NaN, maxConcurrency: Number.NaN } : first! };
        break;
      }
      case 'dead-letters': {
        if (ownMappings.length === 0) continue;
        for (const [id] of ownMappings) claimed.add(id);
        const [first] = ownMappings.map(([, m]) => mappingOf(m.Properties));
        settings[name] = { kind: 'dead-letters', mapping: first!, drains: ownMappings.length };
        break;
      }
      case 'scheduler-target': {
        const own = invokeConfigs.filter(([, c]) => isFn(c.Properties.FunctionName));
        if (own.length !== 1) continue;
        claimed.add(own[0]![0]);
        const config = own[0]![1].Properties;
        const onFailure = (config.DestinationConfig as { OnFailure: { Destination: unknown } }).OnFailure.Destination;
        settings[name] = { kind: 'scheduler-target', retryAttempts: config.MaximumRetryAttempts as number, ...deadLetterOf(getAttId(onFailure)!) };
        break;
      }
    }
  }
  const unclaimed = [...rules, ...mappings, ...invokeConfigs].map(([id]) => id).filter((id) => !claimed.has(id));
  return { settings, unclaimed };
}

/** Every difference between two sides, one line each: a job missing from a side, or a setting that differs. */
export function differences(sides: Readonly<Record<string, JobSettings>>): string[] {
  const names = new Set(jobEntries().map(([name]) => name as string));
  for (const side of Object.values(sides)) for (const name of Object.keys(side)) names.add(name);
  const found: string[] = [];
  const [[firstName, first], ...others] = Object.entries(sides) as [string, JobSettings][];
  for (const name of names) {
    const expected = first![name as JobName];
    if (!expected) found.push(`${name}: missing from ${firstName!}`);
    for (const [otherName, other] of others) {
      const actual = other[name as JobName];
      if (!actual) found.push(`${name}: missing from ${otherName}`);
      else if (expected && canonical(expected) !== canonical(actual))
        found.push(`${name}: ${firstName!} ${canonical(expected)} ≠ ${otherName} ${canonical(actual)}`);
    }
  }
  return found;
}

/** JSON with every object's keys sorted, so that two sides compare by value whatever order they built in. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v,
  );
}
