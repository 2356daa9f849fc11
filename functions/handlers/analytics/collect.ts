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
    const failures: SQSBatchResponse['batchItemFailures'] = [];
    await Promise.all(
      event.Records.map(async (record) => {
        try {
          await collectBatch(CollectMessageSchema.parse(JSON.parse(record.body)), awsCollectEngine);
        } catch (error) {
          logger.error('Analytics batch failed', { error, messageId: record.messageId });
          failures.push({ itemIdentifier: record.messageId });
        }
      }),
    );
    return { batchItemFailures: failures };
  });
