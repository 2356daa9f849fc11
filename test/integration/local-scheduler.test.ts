import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  ConflictException,
  CreateScheduleCommand,
  CreateScheduleGroupCommand,
  DeleteScheduleCommand,
  GetScheduleCommand,
  GetScheduleGroupCommand,
  ListSchedulesCommand,
  ResourceNotFoundException,
  SchedulerClient,
  UpdateScheduleCommand,
  ValidationException,
  type CreateScheduleCommandInput,
} from '@aws-sdk/client-scheduler';
import type { ReceiveMessageResult } from '@aws-sdk/client-sqs';
import { afterEach, describe, expect, it } from 'vitest';
import { localFunctionArn } from '../../local/lambda-runtime';
import { startScheduler, type LocalScheduler, type SchedulerOptions } from '../../local/scheduler';
import type { MessageAttributeValue } from '../../local/sqs';
import { FakeClock } from '../helpers/fake-clock';
import { cloud } from '../helpers/given';

const client = (endpoint: string) => new SchedulerClient({ region: 'us-east-1', endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
const cloudScheduler = () => client(cloud().env.SCHEDULER_ENDPOINT!);
const aName = (prefix = 'post') => `${prefix}-${randomUUID().slice(0, 8)}`;
const ROLE = 'arn:aws:iam::000000000000:role/scheduler-invoke';
const TARGET = localFunctionArn('posts/dispatch-post');

/** `at()` of the minute `minutesAhead` from `now`, in UTC. */
const atMinute = (now: number, minutesAhead: number) => `at(${new Date(now - (now % 60_000) + minutesAhead * 60_000).toISOString().slice(0, 19)})`;

function aSchedule(overrides: Partial<CreateScheduleCommandInput> = {}): CreateScheduleCommandInput {
  return {
    Name: aName(),
    GroupName: 'posts',
    ScheduleExpression: atMinute(Date.now(), 10),
    FlexibleTimeWindow: { Mode: 'OFF' },
    ActionAfterCompletion: 'DELETE',
    Target: {
      Arn: TARGET,
      RoleArn: ROLE,
      Input: JSON.stringify({ postId: 'p1', version: 1 }),
      RetryPolicy: { MaximumRetryAttempts: 3, MaximumEventAgeInSeconds: 3600 },
    },
    ...overrides,
  };
}

describe('the local Scheduler API, through @aws-sdk/client-scheduler', () => {
  it('has the posts group from the start', async () => {
    const group = await cloudScheduler().send(new GetScheduleGroupCommand({ Name: 'posts' }));

    expect(group).toMatchObject({
      Name: 'posts',
      State: 'ACTIVE',
      Arn: 'arn:aws:scheduler:us-east-1:000000000000:schedule-group/posts',
      CreationDate: expect.any(Date),
    });
    expect(cloud().env).toMatchObject({ SCHEDULE_GROUP: 'posts' });
  });

  it('creates a schedule and reads it back as stored', async () => {
    const input = aSchedule({ ScheduleExpression: 'at(2030-06-01T10:00:00)', ScheduleExpressionTimezone: 'Europe/Berlin', Description: 'post p1' });

    const { ScheduleArn } = await cloudScheduler().send(new CreateScheduleCommand(input));
    const got = await cloudScheduler().send(new GetScheduleCommand({ Name: input.Name, GroupName: 'posts' }));

    expect(ScheduleArn).toBe(`arn:aws:scheduler:us-east-1:000000000000:schedule/posts/${input.Name}`);
    expect(got).toMatchObject({
      Arn: ScheduleArn,
      Name: input.Name,
      GroupName: 'posts',
      ScheduleExpression: input.ScheduleExpression,
      ScheduleExpressionTimezone: 'Europe/Berlin',
      Description: 'post p1',
      State: 'ENABLED',
      ActionAfterCompletion: 'DELETE',
      FlexibleTimeWindow: { Mode: 'OFF' },
      Target: input.Target,
      CreationDate: expect.any(Date),
      LastModificationDate: expect.any(Date),
    });
  });

  it('updates a schedule in place', async () => {
    const input = aSchedule();
    await cloudScheduler().send(new CreateScheduleCommand(input));
    const later = atMinute(Date.now(), 30);

    await cloudScheduler().send(
      new UpdateScheduleCommand({ ...input, ScheduleExpression: later, Target: { ...input.Target!, Input: '{"postId":"p1","version":2}' } }),
    );

    const got = await cloudScheduler().send(new GetScheduleCommand({ Name: input.Name, GroupName: 'posts' }));
    expect(got).toMatchObject({ ScheduleExpression: later, Target: { Input: '{"postId":"p1","version":2}' } });
  });

  it('deletes a schedule', async () => {
    const input = aSchedule();
    await cloudScheduler().send(new CreateScheduleCommand(input));

    await cloudScheduler().send(new DeleteScheduleCommand({ Name: input.Name, GroupName: 'posts' }));

    await expect(cloudScheduler().send(new GetScheduleCommand({ Name: input.Name, GroupName: 'posts' }))).rejects.toBeInstanceOf(ResourceNotFoundException);
  });

  it('lists schedules by group and name prefix, a page at a time', async () => {
    const prefix = aName('list');
    for (const i of [1, 2, 3]) await cloudScheduler().send(new CreateScheduleCommand(aSchedule({ Name: `${prefix}-${i}` })));
    await cloudScheduler().send(new CreateScheduleCommand(aSchedule({ Name: `${prefix}-elsewhere`, GroupName: 'default' })));

    const first = await cloudScheduler().send(new ListSchedulesCommand({ GroupName: 'posts', NamePrefix: prefix, MaxResults: 2 }));
    const second = await cloudScheduler().send(new ListSchedulesCommand({ GroupName: 'posts', NamePrefix: prefix, MaxResults: 2, NextToken: first.NextToken }));

    expect(first.Schedules!.map((s) => s.Name)).toEqual([`${prefix}-1`, `${prefix}-2`]);
    expect(first.NextToken).toEqual(expect.any(String));
    expect(second.Schedules!.map((s) => s.Name)).toEqual([`${prefix}-3`]);
    expect(second.NextToken).toBeUndefined();
    expect(second.Schedules![0]).toMatchObject({ GroupName: 'posts', State: 'ENABLED', Target: { Arn: TARGET }, CreationDate: expect.any(Date) });
  });

  it('creates and reads a schedule group, and refuses a second one by the same name', async () => {
    const name = aName('group');

    const { ScheduleGroupArn } = await cloudScheduler().send(new CreateScheduleGroupCommand({ Name: name }));

    expect(ScheduleGroupArn).toBe(`arn:aws:scheduler:us-east-1:000000000000:schedule-group/${name}`);
    await expect(cloudScheduler().send(new GetScheduleGroupCommand({ Name: name }))).resolves.toMatchObject({ Name: name, State: 'ACTIVE' });
    await expect(cloudScheduler().send(new CreateScheduleGroupCommand({ Name: name }))).rejects.toBeInstanceOf(ConflictException);
  });

  it('refuses to create a schedule whose name is taken (ConflictException, 409)', async () => {
    const input = aSchedule();
    await cloudScheduler().send(new CreateScheduleCommand(input));

    const error = await cloudScheduler()
      .send(new CreateScheduleCommand(input))
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ConflictException);
    expect(error).toMatchObject({ name: 'ConflictException', message: expect.stringContaining(input.Name!), $metadata: { httpStatusCode: 409 } });
  });

  it('answers get, update and delete of a missing schedule with ResourceNotFoundException (404)', async () => {
    const missing = aSchedule();

    for (const command of [
      new GetScheduleCommand({ Name: missing.Name, GroupName: 'posts' }),
      new UpdateScheduleCommand(missing),
      new DeleteScheduleCommand({ Name: missing.Name, GroupName: 'posts' }),
    ]) {
      const error = await cloudScheduler()
        .send(command as GetScheduleCommand)
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ResourceNotFoundException);
      expect(error).toMatchObject({ $metadata: { httpStatusCode: 404 } });
    }
    await expect(cloudScheduler().send(new CreateScheduleCommand(aSchedule({ GroupName: 'no-such-group' })))).rejects.toBeInstanceOf(ResourceNotFoundException);
  });

  it('refuses bad expressions, minutes already over, unknown time zones and bad retry policies (ValidationException, 400)', async () => {
    const bad: Partial<CreateScheduleCommandInput>[] = [
      { ScheduleExpression: 'at(2030-13-01T00:00:00)' },
      { ScheduleExpression: 'at(2030-01-01 10:00)' },
      { ScheduleExpression: 'every day' },
      { ScheduleExpression: 'rate(1 minutes)' },
      { ScheduleExpression: atMinute(Date.now(), -2) },
      { ScheduleExpressionTimezone: 'Mars/Olympus' },
      { FlexibleTimeWindow: { Mode: 'SOMETIMES' as 'OFF' } },
      { Target: { Arn: TARGET, RoleArn: ROLE, RetryPolicy: { MaximumRetryAttempts: 186 } } },
    ];

    for (const overrides of bad) {
      const error = await cloudScheduler()
        .send(new CreateScheduleCommand(aSchedule(overrides)))
        .catch((e: unknown) => e);
      expect(error, JSON.stringify(overrides)).toBeInstanceOf(ValidationException);
      expect(error).toMatchObject({ $metadata: { httpStatusCode: 400 }, message: expect.any(String) });
    }
    const past = await cloudScheduler()
      .send(new CreateScheduleCommand(aSchedule({ ScheduleExpression: atMinute(Date.now(), -2) })))
      .catch((e: Error) => e);
    expect(past).toMatchObject({ message: expect.stringContaining('in the past') });
  });

  it('fires a schedule into a function of this repository, in the running cloud', async () => {
    const replyQueue = aName('reply');
    await sqsCall('CreateQueue', { QueueName: replyQueue });
    const input = aSchedule({
      ScheduleExpression: atMinute(Date.now(), 5),
      Target: {
        Arn: localFunctionArn('scheduler-echo-to-queue'),
        RoleArn: ROLE,
        Input: JSON.stringify({ replyQueue, schedule: '<aws.scheduler.schedule-arn>', attempt: '<aws.scheduler.attempt-number>' }),
      },
    });
    await cloudScheduler().send(new CreateScheduleCommand(input));

    const fired = await fetch(`${cloud().env.SCHEDULER_ENDPOINT}/_control/groups/posts/schedules/${input.Name}/fire`, { method: 'POST' });

    expect(fired.status).toBe(200);
    const { Messages } = await sqsCall('ReceiveMessage', { QueueUrl: `${cloud().env.SQS_ENDPOINT}/000000000000/${replyQueue}`, WaitTimeSeconds: 5 });
    expect(JSON.parse(Messages![0].Body!)).toEqual({
      replyQueue,
      schedule: `arn:aws:scheduler:us-east-1:000000000000:schedule/posts/${input.Name}`,
      attempt: '1',
    });
    // ActionAfterCompletion DELETE: the one-shot is gone once it has fired.
    await expect(cloudScheduler().send(new GetScheduleCommand({ Name: input.Name, GroupName: 'posts' }))).rejects.toBeInstanceOf(ResourceNotFoundException);
  });
});

async function sqsCall(op: string, input: Record<string, unknown>): Promise<ReceiveMessageResult> {
  const res = await fetch(cloud().env.SQS_ENDPOINT!, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': `AmazonSQS.${op}` },
    body: JSON.stringify(input),
  });
  if (!res.ok) throw new Error(await res.text());
  return (await res.json()) as ReceiveMessageResult;
}

describe('the local Scheduler firing schedules (fake clock, standalone)', () => {
  const running: LocalScheduler[] = [];
  const dirs: string[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((s) => s.stop()));
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  // 2030-01-01T10:00:00Z is the target minute in these tests; "now" starts five minutes before.
  const T = Date.UTC(2030, 0, 1, 10, 0, 0);

  async function aStandaloneScheduler(options: Partial<SchedulerOptions> & { clock: FakeClock }) {
    const invocations: { at: number; arn: string; event: unknown }[] = [];
    const deadLetters: { arn: string; body: string; attributes: Record<string, MessageAttributeValue> }[] = [];
    const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'sa-scheduler-'));
    if (!options.dataDir) dirs.push(dataDir);
    const scheduler = await startScheduler({
      dataDir,
      groups: ['posts'],
      random: () => 0.5,
      retryBaseMs: 1000,
      log: () => undefined,
      invoke: async (arn, event) => {
        invocations.push({ at: options.clock.now(), arn, event });
      },
      deadLetter: (arn, body, attributes) => {
        deadLetters.push({ arn, body, attributes });
      },
      ...options,
    });
    running.push(scheduler);
    return { scheduler, sdk: client(scheduler.endpoint), invocations, deadLetters };
  }

  it('fires a one-shot at a random second inside its target minute, and not before', async () => {
    const clock = new FakeClock(T - 5 * 60_000);
    const { sdk, invocations } = await aStandaloneScheduler({ clock, random: () => 0.25 });
    await sdk.send(new CreateScheduleCommand(aSchedule({ Name: 'post-a', ScheduleExpression: 'at(2030-01-01T10:00:00)' })));

    await clock.advanceTo(T + 14_999);
    expect(invocations).toHaveLength(0);
    await clock.advanceTo(T + 60_000);

    expect(invocations).toEqual([{ at: T + 15_000, arn: TARGET, event: { postId: 'p1', version: 1 } }]);
  });

  it('fires at second 0 when told to fire at the start of the minute', async () => {
    const clock = new FakeClock(T - 60_000);
    const { sdk, invocations } = await aStandaloneScheduler({ clock, fireAt: 'start' });
    await sdk.send(new CreateScheduleCommand(aSchedule({ ScheduleExpression: 'at(2030-01-01T10:00:00)' })));

    await clock.advanceTo(T + 60_000);

    expect(invocations.map((i) => i.at)).toEqual([T]);
  });

  it('reads the expression in its time zone', async () => {
    const clock = new FakeClock(T - 2 * 3_600_000);
    const { sdk, invocations } = await aStandaloneScheduler({ clock, fireAt: 'start' });
    await sdk.send(new CreateScheduleCommand(aSchedule({ ScheduleExpression: 'at(2030-01-01T10:00:00)', ScheduleExpressionTimezone: 'Europe/Berlin' })));

    await clock.advanceTo(T + 60_000);

    expect(invocations.map((i) => i.at)).toEqual([T - 3_600_000]);
  });

  it('deletes a one-shot after it fired when ActionAfterCompletion is DELETE, and keeps it when NONE', async () => {
    const clock = new FakeClock(T - 60_000);
    const { sdk, invocations } = await aStandaloneScheduler({ clock });
    await sdk.send(new CreateScheduleCommand(aSchedule({ Name: 'deleted', ScheduleExpression: 'at(2030-01-01T10:00:00)', ActionAfterCompletion: 'DELETE' })));
    await sdk.send(new CreateScheduleCommand(aSchedule({ Name: 'kept', ScheduleExpression: 'at(2030-01-01T10:00:00)', ActionAfterCompletion: 'NONE' })));

    await clock.advanceTo(T + 60_000);

    expect(invocations).toHaveLength(2);
    await expect(sdk.send(new GetScheduleCommand({ Name: 'deleted', GroupName: 'posts' }))).rejects.toBeInstanceOf(ResourceNotFoundException);
    await expect(sdk.send(new GetScheduleCommand({ Name: 'kept', GroupName: 'posts' }))).resolves.toMatchObject({ Name: 'kept' });
    await clock.advanceTo(T + 3_600_000);
    expect(invocations).toHaveLength(2);
  });

  it('fires at the new time after an update, and never after a delete', async () => {
    const clock = new FakeClock(T - 60_000);
    const { sdk, invocations } = await aStandaloneScheduler({ clock, fireAt: 'start' });
    const moved = aSchedule({ Name: 'moved', ScheduleExpression: 'at(2030-01-01T10:00:00)' });
    await sdk.send(new CreateScheduleCommand(moved));
    await sdk.send(new CreateScheduleCommand(aSchedule({ Name: 'dropped', ScheduleExpression: 'at(2030-01-01T10:00:00)' })));

    await sdk.send(new UpdateScheduleCommand({ ...moved, ScheduleExpression: 'at(2030-01-01T10:05:00)' }));
    await sdk.send(new DeleteScheduleCommand({ Name: 'dropped', GroupName: 'posts' }));
    await clock.advanceTo(T + 10 * 60_000);

    expect(invocations.map((i) => i.at)).toEqual([T + 5 * 60_000]);
  });

  it('retries a failing target per its RetryPolicy, then sends the event to its dead-letter queue', async () => {
    const clock = new FakeClock(T - 60_000);
    const attempts: number[] = [];
    const { sdk, deadLetters } = await aStandaloneScheduler({
      clock,
      fireAt: 'start',
      invoke: async () => {
        attempts.push(clock.now());
        throw Object.assign(new Error('dispatcher down'), { name: 'ServiceUnavailable' });
      },
    });
    const dlq = 'arn:aws:sqs:us-east-1:000000000000:dispatch-dlq';
    await sdk.send(
      new CreateScheduleCommand(
        aSchedule({
          Name: 'doomed',
          ScheduleExpression: 'at(2030-01-01T10:00:00)',
          Target: {
            Arn: TARGET,
            RoleArn: ROLE,
            Input: '{"postId":"p9"}',
            RetryPolicy: { MaximumRetryAttempts: 2, MaximumEventAgeInSeconds: 3600 },
            DeadLetterConfig: { Arn: dlq },
          },
        }),
      ),
    );

    await clock.advanceTo(T + 60_000);

    expect(attempts).toEqual([T, T + 1000, T + 3000]);
    expect(deadLetters).toEqual([
      {
        arn: dlq,
        body: '{"postId":"p9"}',
        attributes: expect.objectContaining({
          ERROR_CODE: { DataType: 'String', StringValue: 'ServiceUnavailable' },
          ERROR_MESSAGE: { DataType: 'String', StringValue: 'dispatcher down' },
          EXHAUSTED_RETRY_CONDITION: { DataType: 'String', StringValue: 'MaximumRetryAttemptsExceeded' },
          SCHEDULE_ARN: { DataType: 'String', StringValue: 'arn:aws:scheduler:us-east-1:000000000000:schedule/posts/doomed' },
        }),
      },
    ]);
    await expect(sdk.send(new GetScheduleCommand({ Name: 'doomed', GroupName: 'posts' }))).rejects.toBeInstanceOf(ResourceNotFoundException);
  });

  it('stops retrying when the event is older than MaximumEventAgeInSeconds', async () => {
    const clock = new FakeClock(T - 60_000);
    let attempts = 0;
    const { sdk, deadLetters } = await aStandaloneScheduler({
      clock,
      fireAt: 'start',
      retryBaseMs: 30_000,
      invoke: async () => {
        attempts++;
        throw new Error('still down');
      },
    });
    await sdk.send(
      new CreateScheduleCommand(
        aSchedule({
          ScheduleExpression: 'at(2030-01-01T10:00:00)',
          Target: {
            Arn: TARGET,
            RoleArn: ROLE,
            RetryPolicy: { MaximumRetryAttempts: 185, MaximumEventAgeInSeconds: 60 },
            DeadLetterConfig: { Arn: 'arn:aws:sqs:us-east-1:000000000000:q' },
          },
        }),
      ),
    );

    await clock.advanceTo(T + 10 * 60_000);

    expect(attempts).toBe(2); // at T and T+30 s; the next wait (60 s) would pass the 60 s age limit
    expect(deadLetters[0]!.attributes.EXHAUSTED_RETRY_CONDITION).toEqual({ DataType: 'String', StringValue: 'MaximumEventAgeExceeded' });
  });

  it('keeps schedules across a restart and fires those that came due while it was stopped', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-scheduler-'));
    dirs.push(dataDir);
    const before = await aStandaloneScheduler({ clock: new FakeClock(T - 5 * 60_000), dataDir });
    await before.sdk.send(new CreateScheduleCommand(aSchedule({ Name: 'overdue', ScheduleExpression: 'at(2030-01-01T10:00:00)' })));
    await before.sdk.send(new CreateScheduleCommand(aSchedule({ Name: 'future', ScheduleExpression: 'at(2030-01-01T11:00:00)' })));
    await before.scheduler.stop();
    running.splice(running.indexOf(before.scheduler), 1);

    const clock = new FakeClock(T + 30 * 60_000);
    const after = await aStandaloneScheduler({ clock, dataDir });
    await clock.advanceTo(T + 30 * 60_000);

    expect(after.invocations).toEqual([{ at: T + 30 * 60_000, arn: TARGET, event: { postId: 'p1', version: 1 } }]);
    await expect(after.sdk.send(new GetScheduleCommand({ Name: 'overdue', GroupName: 'posts' }))).rejects.toBeInstanceOf(ResourceNotFoundException);
    await expect(after.sdk.send(new GetScheduleCommand({ Name: 'future', GroupName: 'posts' }))).resolves.toMatchObject({ Name: 'future' });
    await clock.advanceTo(T + 61 * 60_000);
    expect(after.invocations.map((i) => i.at)).toEqual([T + 30 * 60_000, T + 60 * 60_000 + 30_000]);
  });

  it('fires again after a restart when it was stopped in the middle of retrying (at-least-once)', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-scheduler-'));
    dirs.push(dataDir);
    const failingClock = new FakeClock(T - 60_000);
    const before = await aStandaloneScheduler({ clock: failingClock, dataDir, fireAt: 'start', invoke: () => Promise.reject(new Error('down')) });
    await before.sdk.send(new CreateScheduleCommand(aSchedule({ Name: 'interrupted', ScheduleExpression: 'at(2030-01-01T10:00:00)' })));
    await failingClock.advanceTo(T + 500);
    await before.scheduler.stop();
    running.splice(running.indexOf(before.scheduler), 1);

    const clock = new FakeClock(T + 10 * 60_000);
    const after = await aStandaloneScheduler({ clock, dataDir });
    await clock.advanceTo(T + 10 * 60_000);

    expect(after.invocations.map((i) => i.at)).toEqual([T + 10 * 60_000]);
    await expect(after.sdk.send(new GetScheduleCommand({ Name: 'interrupted', GroupName: 'posts' }))).rejects.toBeInstanceOf(ResourceNotFoundException);
  });

  it('fires many schedules in time order, each once, at its latest time, after creates, updates and deletes', async () => {
    const clock = new FakeClock(T - 60_000);
    // A fixed pseudo-random sequence for the second inside each target minute; one draw per create or update.
    let seed = 7;
    let lastDraw = 0;
    const random = () => {
      seed = (seed * 48_271) % 2_147_483_647;
      lastDraw = seed / 2_147_483_647;
      return lastDraw;
    };
    const { sdk, invocations } = await aStandaloneScheduler({ clock, random });
    const minute = (m: number) => `at(${new Date(T + m * 60_000).toISOString().slice(0, 19)})`;
    const firingTime = (m: number) => T + m * 60_000 + Math.floor(lastDraw * 60_000);
    const expected = new Map<string, { at: number; version: number }>();
    const put = async (name: string, m: number, version: number, command: 'create' | 'update') => {
      const input = aSchedule({ Name: name, ScheduleExpression: minute(m), Target: { Arn: TARGET, RoleArn: ROLE, Input: JSON.stringify({ name, version }) } });
      await sdk.send(command === 'create' ? new CreateScheduleCommand(input) : new UpdateScheduleCommand(input));
      expected.set(name, { at: firingTime(m), version });
    };
    const names = Array.from({ length: 240 }, (_, i) => `s-${i}`);
    // Spread over 20 minutes, created out of time order.
    for (const [i, name] of names.entries()) await put(name, (i * 7) % 20, 1, 'create');
    // Every third moves (some earlier, some later), every fifth is deleted, and every tenth deleted one comes back.
    for (const [i, name] of names.entries()) if (i % 3 === 0) await put(name, (i * 11) % 20, 2, 'update');
    for (const [i, name] of names.entries()) {
      if (i % 5 !== 0) continue;
      await sdk.send(new DeleteScheduleCommand({ Name: name, GroupName: 'posts' }));
      expected.delete(name);
      if (i % 10 === 0) await put(name, (i * 13) % 20, 3, 'create');
    }

    await clock.advanceTo(T + 21 * 60_000);

    const fired = invocations.map((i) => ({ ...(i.event as { name: string; version: number }), at: i.at }));
    expect(fired.map((f) => f.at)).toEqual(fired.map((f) => f.at).sort((a, b) => a - b));
    expect(new Set(fired.map((f) => f.name)).size).toBe(fired.length);
    expect(Object.fromEntries(fired.map((f) => [f.name, { at: f.at, version: f.version }]))).toEqual(Object.fromEntries(expected));
    expect(clock.pending()).toEqual([]);
  });

  it('fires a rate schedule every interval', async () => {
    const clock = new FakeClock(T);
    const { sdk, invocations } = await aStandaloneScheduler({ clock });
    await sdk.send(new CreateScheduleCommand(aSchedule({ Name: 'watchdog', ScheduleExpression: 'rate(5 minutes)', ActionAfterCompletion: 'NONE' })));

    await clock.advanceTo(T + 16 * 60_000);

    expect(invocations.map((i) => i.at - T)).toEqual([0, 5 * 60_000, 10 * 60_000, 15 * 60_000]);
  });
});
