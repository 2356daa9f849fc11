import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { collectBatch, CollectMessageSchema } from '../../domain/analytics-collection';
import { awsCollectEngine } from '../../domain/analytics-engines';
import { logger } from '../../lib/logger';

/**
 * The analytics queue's collector (docs/analytics.md#the-collector): one platform read per message.
 * A failed reading is the tracker's to retry; only our own failures leave the message to return.
 */
export const handler = middy<SQSEvent, SQSBatchResponse>()
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .handler(async (event) => {
    const outcomes = await Promise.allSettled(
      event.Records.map(async (record) => collectBatch(CollectMessageSchema.parse(JSON.parse(record.body)), awsCollectEngine)),
    );
    // Only these messages come back (after their visibility timeout); the rest of the batch is done.
    const batchItemFailures = event.Records.flatMap((record, i) => {
      const outcome = outcomes[i];
      if (outcome?.status !== 'rejected') return [];
      logger.error('Analytics batch failed', { error: outcome.reason, messageId: record.messageId });
      return [{ itemIdentifier: record.messageId }];
    });
    return { batchItemFailures };
  });
