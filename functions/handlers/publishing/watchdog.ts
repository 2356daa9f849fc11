import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import { logger } from '../../lib/logger';
import { runWatchdog } from '../../publishing/use-cases/watchdog';
import { awsWatchdogEngine } from '../../publishing/wiring';

/** Every 5 minutes: no post stays stuck silently. */
export const handler = middy<unknown, { redispatched: number; failed: number }>()
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .handler(async () => {
    const result = await runWatchdog(awsWatchdogEngine);
    if (result.redispatched || result.failed) logger.warn('Watchdog acted', result);
    return result;
  });
