import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import { logger } from '../../lib/logger';
import { DispatchInputSchema } from '../../publishing/model';
import { dispatchPost } from '../../publishing/use-cases/dispatch';
import { awsDispatchEngine } from '../../publishing/wiring';

/**
 * EventBridge Scheduler's target for `post-<postId>`: the event is the schedule's Input. A thrown
 * error makes the Scheduler retry (its retry policy), then its DLQ takes the input.
 */
export const handler = middy<unknown, { result: string }>()
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .handler(async (event) => ({ result: await dispatchPost(DispatchInputSchema.parse(event), awsDispatchEngine) }));
