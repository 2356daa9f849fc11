import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import { sweepDueTrackers } from '../../domain/analytics-collection';
import { awsSweepEngine } from '../../domain/analytics-sweep-engine';
import { defaultDeps } from '../../lib/clock';
import { logger } from '../../lib/logger';

/**
 * Every 15 minutes: queues the analytics trackers due for a reading (docs/analytics.md#the-sweep).
 * "Now" is the scheduled event's `time` (EventBridge sends it), so the local cloud and tests can fire
 * the sweep as of a later time; without one, the clock's.
 */
export const handler = middy<{ time?: string } | undefined, { queued: number; messages: number }>()
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .handler(async (event) => {
    const time = event?.time ? new Date(event.time) : defaultDeps.now();
    const now = Number.isNaN(time.getTime()) ? defaultDeps.now() : time;
    const result = await sweepDueTrackers(now, awsSweepEngine(now));
    if (result.queued) logger.info('Queued analytics collection', result);
    return result;
  });
