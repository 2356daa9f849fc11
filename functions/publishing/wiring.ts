import type { PostRecord } from '../data/posts';
import { tableAnalyticsStore } from '../data/analytics';
import { addPostActivity } from '../data/post-activity';
import { recordTargetOutcome } from '../domain/analytics-collection';
import { notifyWorkspace } from '../domain/notifications';
import { announceScheduled, emitWorkspaceEvent, type ScheduleBefore } from '../domain/webhooks';
import { defaultDeps, type Deps } from '../lib/clock';
import { env } from '../lib/env';
import { tableEngineStore } from './adapters/dynamo-store';
import { eventBridgeSchedules } from './adapters/eventbridge-scheduler';
import { sqsPublishQueue } from './adapters/sqs-queues';
import type { DispatchEngine, EngineSettings, ScheduleEngine, SettleEngine, WatchdogEngine } from './ports';
import { removeSchedule as removeScheduleWith, scheduleDispatch as scheduleDispatchWith } from './use-cases/schedules';

/**
 * The publishing engine on AWS: with publisher-wiring.ts one of the two files that import the
 * adapters (the table, SQS, EventBridge Scheduler) and the rest of the product the ports stand for
 * (plans, notifications, analytics), handing each entry point only the ports it calls: what a
 * function's bundle can reach is what infra grants it (functions/routes.ts `needs`). Here: dispatch,
 * the schedules the rest of the product keeps in step, the watchdog and the dead letters. The
 * publish step, which alone needs the tokens and the platforms' clients, is wired in
 * publisher-wiring.ts, so none of these functions' bundles carry a platform client.
 */

/**
 * The deployment's settings. `leadMs`: on AWS each message has its own Lambda and a few seconds
 * suffice; the local cloud runs every publisher in one process, so it prepares a busy minute's posts
 * earlier.
 */
export const settingsFromEnv = (): EngineSettings => ({
  leadMs: env().PUBLISH_LEAD_SECONDS * 1000,
  retryWindowMs: env().PUBLISH_RETRY_WINDOW_MINUTES * 60 * 1000,
  settleSpreadMs: env().PUBLISH_SETTLE_SPREAD_SECONDS * 1000,
});

/** Dispatch over the table and SQS: what the dispatcher wires. */
export const awsDispatchEngine: DispatchEngine = {
  ...defaultDeps,
  store: tableEngineStore,
  queue: sqsPublishQueue,
  settings: settingsFromEnv,
};

/** Keeping a post's schedule in step: dispatch, plus the schedules. */
export const awsScheduleEngine: ScheduleEngine = { ...awsDispatchEngine, scheduler: eventBridgeSchedules };

/** A settled target's analytics tracker and rollup counts (docs/analytics.md#recording), over the table. */
export const recordOutcome: SettleEngine['recordOutcome'] = (userId, post, index, deps) =>
  recordTargetOutcome(userId, post, index, { now: deps.now, store: tableAnalyticsStore });

/** A settled post's outcome in its history (the engine's `userId` is the workspace that owns the post). */
export const recordActivity: SettleEngine['recordActivity'] = (workspaceId, postId, outcome, deps) =>
  addPostActivity(
    workspaceId,
    postId,
    { kind: outcome === 'posted' ? 'published' : 'failed', userId: null, email: null },
    { id: deps.newId(), at: deps.now().toISOString() },
  ).then(() => undefined);

/** A settled post's outcome to the workspace's webhook endpoints (docs/webhooks.md#events). */
export const emitEvent: SettleEngine['emitEvent'] = (workspaceId, type, data) => emitWorkspaceEvent(workspaceId, type, data);

/** The watchdog over the table and SQS. */
export const awsWatchdogEngine: WatchdogEngine = { ...awsDispatchEngine, notify: notifyWorkspace, recordOutcome, recordActivity, emitEvent };

/** The dead letters' settling over the table. */
export const awsDeadLetterEngine: SettleEngine = { ...defaultDeps, store: tableEngineStore, notify: notifyWorkspace, recordOutcome, recordActivity, emitEvent };

/*
 * Every schedule the product sets goes through the two functions below (the posts API, approvals,
 * retries, the queue, recurring series and bulk import), so they are where `post.scheduled` is sent
 * (docs/webhooks.md#events): after the schedule is set, never for a post left unscheduled.
 */

/**
 * Creates or moves the post's schedule on AWS (or dispatches a post due within the minute at once).
 * `before` is the post's status and time before this write (null: a new post), which decides
 * whether the webhooks hear of it (a save that keeps the time is not news).
 */
export async function scheduleDispatch(userId: string, post: PostRecord, before: ScheduleBefore, deps: Deps = defaultDeps): Promise<void> {
  await scheduleDispatchWith(userId, post, { ...awsScheduleEngine, ...deps });
  await announceScheduled(userId, post, before, deps);
}

/**
 * A new post's schedule (bulk import): every imported post is new, so its schedule is created
 * outright, one Scheduler request instead of UpdateSchedule then CreateSchedule.
 */
export async function scheduleNewDispatch(userId: string, post: PostRecord, deps: Deps = defaultDeps): Promise<void> {
  await scheduleDispatchWith(userId, post, { ...awsDispatchEngine, scheduler: { ...eventBridgeSchedules, put: eventBridgeSchedules.create }, ...deps });
  await announceScheduled(userId, post, null, deps);
}

/** Removes the post's schedule on AWS, if any. */
export function removeSchedule(postId: string): Promise<void> {
  return removeScheduleWith(postId, eventBridgeSchedules);
}
