import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { logger } from '../../lib/logger';
import { failFromDeadLetter } from '../../publishing/use-cases/dead-letter';
import { awsDeadLetterEngine } from '../../publishing/wiring';

/** The dead-letter queues' handler: what could not be published is marked failed and the user told. */
export const handler = middy<SQSEvent, SQSBatchResponse>()
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .handler(async (event) => {
    const failures: SQSBatchResponse['batchItemFailures'] = [];
    for (const record of event.Records) {
      try {
        let body: unknown = record.body;
        try {
          body = JSON.parse(record.body);
        } catch {
          // Logged as unreadable below.
        }
        await failFromDeadLetter(body, awsDeadLetterEngine);
      } catch (error) {
        logger.error('Dead letter could not be settled', { error, messageId: record.messageId });
        failures.push({ itemIdentifier: record.messageId });
      }
    }
    return { batchItemFailures: failures };
  });
