import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import { sweepDueSeries } from '../../domain/recurrence';
import { defaultDeps } from '../../lib/clock';
import { logger } from '../../lib/logger';

/**
 * Hourly: schedules the next occurrences of every series whose window needs extending
 * (docs/recurring-posts.md#the-sweep). "Now" is the scheduled event's `time`, so the local cloud and
 * tests can fire the sweep as of a later time; without one, the clock's.
 */
export const handler = middy<{ time?: string } | undefined, { extended: number; busy: number }>()
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .handler(async (event) => {
    const time = event?.time ? new Date(event.time) : defaultDeps.now();
    const now = Number.isNaN(time.getTime()) ? defaultDeps.now() : time;
    const result = await sweepDueSeries({ ...defaultDeps, now: () => now });
    if (result.extended) logger.info('Extended recurring series', result);
    return result;
  });
