import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import { awsPublishEngine, runWatchdog } from '../../domain/publishing';
import { logger } from '../../lib/logger';

/** Every 5 minutes: no post stays stuck silently (issue 5 "Watchdog"). */
export const handler = middy<unknown, { redispatched: number; failed: number }>()
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .handler(async () => {
    const result = await runWatchdog(awsPublishEngine);
    if (result.redispatched || result.failed) logger.warn('Watchdog acted', result);
    return result;
  });
