import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { deliverWebhook, DeliveryMessageSchema } from '../../domain/webhooks';
import { logger } from '../../lib/logger';

/**
 * The webhook delivery queue's consumer (docs/webhooks.md#delivery-and-retries): one attempt per message. A
 * receiver's failure is recorded and retried by a new message; only our own failures (the table,
 * the queue) leave the message to come back after its visibility timeout.
 */
export const handler = middy<SQSEvent, SQSBatchResponse>()
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .handler(async (event) => {
    const outcomes = await Promise.allSettled(event.Records.map(async (record) => deliverWebhook(DeliveryMessageSchema.parse(JSON.parse(record.body)))));
    const batchItemFailures = event.Records.flatMap((record, i) => {
      const outcome = outcomes[i];
      if (outcome?.status !== 'rejected') return [];
      logger.error('Webhook delivery failed', { error: outcome.reason, messageId: record.messageId });
      return [{ itemIdentifier: record.messageId }];
    });
    return { batchItemFailures };
  });
