import {
  ConflictException,
  CreateScheduleCommand,
  DeleteScheduleCommand,
  ResourceNotFoundException,
  UpdateScheduleCommand,
  type CreateScheduleCommandInput,
} from '@aws-sdk/client-scheduler';
import { schedulerClient } from '../../lib/aws';
import { env } from '../../lib/env';

/**
 * The one-shot EventBridge Scheduler schedules that hand a post to the dispatcher: the engine's
 * DispatchScheduler (ports.ts).
 */

/** `at(yyyy-mm-ddThh:mm:ss)` in UTC. */
export function atExpression(time: Date): string {
  return `at(${time.toISOString().slice(0, 19)})`;
}

function scheduleSettings() {
  const { SCHEDULE_GROUP, DISPATCHER_FUNCTION_ARN, SCHEDULER_ROLE_ARN, SCHEDULER_DLQ_ARN } = env();
  if (!SCHEDULE_GROUP || !DISPATCHER_FUNCTION_ARN || !SCHEDULER_ROLE_ARN) {
    throw new Error('Scheduling is not configured: set SCHEDULE_GROUP, DISPATCHER_FUNCTION_ARN and SCHEDULER_ROLE_ARN');
  }
  return { group: SCHEDULE_GROUP, target: DISPATCHER_FUNCTION_ARN, role: SCHEDULER_ROLE_ARN, dlq: SCHEDULER_DLQ_ARN };
}

const isNamed = (error: unknown, type: { new (...args: never[]): Error }, name: string) => error instanceof type || (error as Error)?.name === name;

/** The one-shot schedule's request: `at()` in UTC, deleted after it fires, the dispatcher as its target. */
function scheduleRequest(name: string, at: Date, input: unknown): CreateScheduleCommandInput {
  const settings = scheduleSettings();
  return {
    Name: name,
    GroupName: settings.group,
    ScheduleExpression: atExpression(at),
    ScheduleExpressionTimezone: 'UTC',
    FlexibleTimeWindow: { Mode: 'OFF' },
    ActionAfterCompletion: 'DELETE',
    State: 'ENABLED',
    Target: {
      Arn: settings.target,
      RoleArn: settings.role,
      Input: JSON.stringify(input),
      RetryPolicy: { MaximumRetryAttempts: 3, MaximumEventAgeInSeconds: 300 },
      ...(settings.dlq ? { DeadLetterConfig: { Arn: settings.dlq } } : {}),
    },
  };
}

export const eventBridgeSchedules = {
  async put({ name, at, input }: { name: string; at: Date; input: unknown }): Promise<void> {
    const request = scheduleRequest(name, at, input);
    try {
      await schedulerClient().send(new UpdateScheduleCommand(request));
    } catch (error) {
      if (!isNamed(error, ResourceNotFoundException, 'ResourceNotFoundException')) throw error;
      try {
        await schedulerClient().send(new CreateScheduleCommand(request));
      } catch (createError) {
        // Created meanwhile by a concurrent request for the same post: make it this version.
        if (!isNamed(createError, ConflictException, 'ConflictException')) throw createError;
        await schedulerClient().send(new UpdateScheduleCommand(request));
      }
    }
  },

  /**
   * A schedule for a post that has none yet (bulk import): CreateSchedule first, one request instead of
   * put's UpdateSchedule-then-CreateSchedule. One that exists already (a retried request) is moved.
   */
  async create({ name, at, input }: { name: string; at: Date; input: unknown }): Promise<void> {
    try {
      await schedulerClient().send(new CreateScheduleCommand(scheduleRequest(name, at, input)));
    } catch (error) {
      if (!isNamed(error, ConflictException, 'ConflictException')) throw error;
      await eventBridgeSchedules.put({ name, at, input });
    }
  },

  /** Without a schedule group (no scheduling configured) there is nothing to delete. */
  async remove(name: string): Promise<void> {
    const group = env().SCHEDULE_GROUP;
    if (!group) return;
    try {
      await schedulerClient().send(new DeleteScheduleCommand({ Name: name, GroupName: group }));
    } catch (error) {
      if (!isNamed(error, ResourceNotFoundException, 'ResourceNotFoundException')) throw error;
    }
  },
};
