import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import { sendDueExpiryNotices } from '../../domain/connection-health';
import { logger } from '../../lib/logger';

/** Every hour: tells users 7 days and 1 day before a connection expires, once each. */
export const handler = middy<unknown, { sent: number }>()
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .handler(async () => {
    const result = await sendDueExpiryNotices();
    if (result.sent) logger.info('Sent connection expiry notices', result);
    return result;
  });
