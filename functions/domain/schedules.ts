import {
  ConflictException,
  CreateScheduleCommand,
  DeleteScheduleCommand,
  ResourceNotFoundException,
  UpdateScheduleCommand,
  type CreateScheduleCommandInput,
} from '@aws-sdk/client-scheduler';
import type { PostRecord } from '../data/posts';
import { schedulerClient } from '../lib/aws';
import { defaultDeps, type Deps } from '../lib/clock';
import { env } from '../lib/env';
import { logger } from '../lib/logger';
import { dispatchPost, type DispatchInput } from './dispatch';

/**
 * Each scheduled post owns the one-shot EventBridge Scheduler schedule `post-<postId>` (issue 5):
 * `at()` one minute before the due minute, in UTC, deleted after it fires. Scheduler has minute
 * precision and fires somewhere inside that minute; the dispatcher's SQS delays then land each
 * target on the due second.
 */
export const scheduleName = (postId: string) => `post-${postId}`;

/** The schedule time for a due time: the start of the minute before the due minute. */
export function scheduleTimeFor(dueIso: string): Date {
  const due = Date.parse(dueIso);
  return new Date(Math.floor(due / 60_000) * 60_000 - 60_000);
}

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

/**
 * Creates or moves the post's schedule to its current time and version. A post due so soon that the
 * schedule time has passed is dispatched straight away instead (the dispatcher delays it to the
 * second).
 */
export async function scheduleDispatch(userId: string, post: PostRecord, deps: Deps = defaultDeps): Promise<void> {
  if (!post.scheduled_at) throw new Error('Only a post with a time can be scheduled');
  const at = scheduleTimeFor(post.scheduled_at);
  const input: DispatchInput = { userId, postId: post.id, version: post.version };
  if (at.getTime() <= deps.now().getTime() + 5_000) {
    await removeSchedule(post.id);
    await dispatchPost(input, deps);
    return;
  }
  const settings = scheduleSettings();
  const request: CreateScheduleCommandInput = {
    Name: scheduleName(post.id),
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
  try {
    await schedulerClient().send(new UpdateScheduleCommand(request));
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException || (error as Error)?.name === 'ResourceNotFoundException')) throw error;
    try {
      await schedulerClient().send(new CreateScheduleCommand(request));
    } catch (createError) {
      // Created meanwhile by a concurrent request for the same post: make it this version.
      if (!(createError instanceof ConflictException || (createError as Error)?.name === 'ConflictException')) throw createError;
      await schedulerClient().send(new UpdateScheduleCommand(request));
    }
  }
}

/** Removes the post's schedule, if any. A stale schedule left behind is harmless: the dispatcher checks the version. */
export async function removeSchedule(postId: string): Promise<void> {
  if (!env().SCHEDULE_GROUP) return;
  try {
    await schedulerClient().send(new DeleteScheduleCommand({ Name: scheduleName(postId), GroupName: env().SCHEDULE_GROUP }));
  } catch (error) {
    if (error instanceof ResourceNotFoundException || (error as Error)?.name === 'ResourceNotFoundException') return;
    logger.warn('Could not delete a schedule; the dispatcher will ignore it', { postId, error });
  }
}
